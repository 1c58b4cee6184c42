// Marker: packaging's grammar, printing and evaluation tables, version rules, torch markers.
#include "engine/pep/marker.hpp"
#include "tests/support/tables.hpp"

#include <map>
#include <sstream>

#include <boost/test/unit_test.hpp>

using torchpin::Marker;
using torchpin::MarkerEnvironment;
using torchpin::MarkerErrorKind;
using torchpin::MarkerResult;
namespace test = torchpin::test;

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, separator);) {
        parts.push_back(part);
    }
    return parts;
}

// "os_name=foo;python_version=2.7.6", with sets as "extras=foo,bar".
MarkerEnvironment environment_from(const std::string& assignments) {
    MarkerEnvironment env;
    const std::map<std::string, std::string*> fields{
        {"implementation_name", &env.implementation_name},
        {"implementation_version", &env.implementation_version},
        {"os_name", &env.os_name},
        {"platform_machine", &env.platform_machine},
        {"platform_release", &env.platform_release},
        {"platform_system", &env.platform_system},
        {"platform_version", &env.platform_version},
        {"python_full_version", &env.python_full_version},
        {"platform_python_implementation", &env.platform_python_implementation},
        {"python_version", &env.python_version},
        {"sys_platform", &env.sys_platform},
        {"extra", &env.extra},
    };
    for (const auto& assignment : split(assignments, ';')) {
        const auto equals = assignment.find('=');
        const std::string name = assignment.substr(0, equals);
        const std::string value = assignment.substr(equals + 1);
        if (name == "extras" || name == "dependency_groups") {
            (name == "extras" ? env.extras : env.dependency_groups) = split(value, ',');
        } else {
            *fields.at(name) = value;
        }
    }
    return env;
}

MarkerEnvironment linux_x86_64(const std::string& python_full_version) {
    MarkerEnvironment env =
        environment_from("implementation_name=cpython;os_name=posix;platform_machine=x86_64;"
                         "platform_release=6.1.0-18-amd64;platform_system=Linux;sys_platform=linux;"
                         "platform_python_implementation=CPython");
    env.python_full_version = python_full_version;
    env.implementation_version = python_full_version;
    env.python_version = python_full_version.substr(0, python_full_version.find('.', 2));
    return env;
}

std::string outcome(const MarkerResult& result) {
    if (!result.has_value()) {
        return "error";
    }
    return result.value() ? "true" : "false";
}

std::string evaluate(const std::string& marker, const MarkerEnvironment& env) {
    return outcome(Marker::from(marker).evaluate(env));
}

} // namespace

BOOST_AUTO_TEST_SUITE(marker)

BOOST_AUTO_TEST_CASE(packaging_grammar_product_parses_and_round_trips) {
    std::map<std::string, std::vector<std::string>> parts;
    for (const auto& row : test::read_table("pep508/marker_grammar.tsv")) {
        parts[row[0]].push_back(row[1]);
    }
    std::size_t checked = 0;
    for (const auto* kind : {"variable", "pep345_variable", "setuptools_variable"}) {
        for (const auto& variable : parts.at(kind)) {
            for (const auto& op : parts.at("operator")) {
                for (const auto& value : parts.at("value")) {
                    for (const auto& text : {variable + " " + op + " '" + value + "'",
                                             "'" + value + "' " + op + " " + variable}) {
                        BOOST_TEST_CONTEXT(text) {
                            auto marker = Marker::parse(text);
                            BOOST_REQUIRE(marker.has_value());
                            const std::string printed = marker->to_string();
                            BOOST_TEST(Marker::from(printed).to_string() == printed);
                            ++checked;
                        }
                    }
                }
            }
        }
    }
    BOOST_TEST(checked == 2u * 18u * 10u * 6u);
}

BOOST_AUTO_TEST_CASE(packaging_invalid_markers_are_rejected) {
    for (const auto& text : test::read_lines("pep508/invalid_markers.txt")) {
        BOOST_TEST(!Marker::parse(text).has_value(), text);
    }
}

BOOST_AUTO_TEST_CASE(packaging_printed_forms) {
    for (const auto& row : test::read_table("pep508/marker_strings.tsv")) {
        BOOST_TEST_CONTEXT(row[0]) {
            const std::string printed = Marker::from(row[0]).to_string();
            BOOST_TEST(printed == row[1]);
            BOOST_TEST(Marker::from(printed).to_string() == printed);
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_evaluation_table) {
    const auto rows = test::read_table("pep508/marker_evaluations.tsv");
    BOOST_REQUIRE_GT(rows.size(), 50u);
    for (const auto& row : rows) {
        BOOST_TEST_CONTEXT(row[0] << " with " << row[1]) {
            BOOST_TEST(evaluate(row[0], environment_from(row[1])) == row[2]);
        }
    }
}

BOOST_AUTO_TEST_CASE(legacy_variable_spellings_print_canonically) {
    BOOST_TEST(Marker::from("os.name == 'nt'").to_string() == R"(os_name == "nt")");
    BOOST_TEST(Marker::from("sys.platform=='linux'").to_string() == R"(sys_platform == "linux")");
    BOOST_TEST(Marker::from("platform.python_implementation == 'PyPy'").to_string() ==
               R"(platform_python_implementation == "PyPy")");
    BOOST_TEST(Marker::from("python_implementation == 'PyPy'").to_string() ==
               R"(platform_python_implementation == "PyPy")");
    BOOST_TEST(!Marker::parse("platform.release == '5'").has_value()); // never a dotted spelling
}

BOOST_AUTO_TEST_CASE(torch_platform_markers_select_linux_x86_64) {
    const std::string cuda = R"(platform_system == "Linux" and platform_machine == "x86_64")";
    BOOST_TEST(evaluate(cuda, linux_x86_64("3.11.4")) == "true");
    MarkerEnvironment arm = linux_x86_64("3.11.4");
    arm.platform_machine = "aarch64";
    BOOST_TEST(evaluate(cuda, arm) == "false");
    const std::string triton = cuda + R"( and python_version < "3.13")";
    BOOST_TEST(evaluate(triton, linux_x86_64("3.12.4")) == "true");
    BOOST_TEST(evaluate(triton, linux_x86_64("3.13.0")) == "false");
}

BOOST_AUTO_TEST_CASE(python_full_version_release_candidates_compare_as_pre_releases) {
    const MarkerEnvironment rc = linux_x86_64("3.13.0rc1");
    BOOST_TEST(evaluate(R"(python_full_version >= "3.13.0rc1")", rc) == "true");
    BOOST_TEST(evaluate(R"(python_full_version > "3.12")", rc) == "true");
    // 3.13.0rc1 comes before 3.13, yet "<3.13" excludes 3.13's own pre-releases (PEP 440).
    BOOST_TEST(evaluate(R"(python_full_version >= "3.13")", rc) == "false");
    BOOST_TEST(evaluate(R"(python_full_version < "3.13")", rc) == "false");
    BOOST_TEST(evaluate(R"(python_full_version == "3.13.*")", rc) == "true");
    BOOST_TEST(evaluate(R"(python_version == "3.13")", rc) == "true");
}

BOOST_AUTO_TEST_CASE(version_variables_compare_as_versions_only_when_both_sides_are_versions) {
    const MarkerEnvironment env = linux_x86_64("3.10.2");
    BOOST_TEST(evaluate(R"(python_version > "3.9")", env) == "true"); // not "3.10" < "3.9"
    BOOST_TEST(evaluate(R"("3.9" < python_version)", env) == "true");
    BOOST_TEST(evaluate(R"(python_version == "3.10.0")", env) == "true");
    BOOST_TEST(evaluate(R"(python_version >= "3.9.")", env) == "false"); // not a version: strings
    // platform_release "6.1.0-18-amd64" is no PEP 440 version, so version operators fail quietly.
    BOOST_TEST(evaluate(R"(platform_release >= "5")", env) == "false");
    BOOST_TEST(evaluate(R"(platform_release == "6.1.0-18-amd64")", env) == "true");
    BOOST_TEST(evaluate(R"(python_version === "3.10")", env) == "true");
    BOOST_TEST(evaluate(R"(python_version === "3.10.0")", env) == "false");
}

BOOST_AUTO_TEST_CASE(string_variables_have_no_order) {
    const MarkerEnvironment env = linux_x86_64("3.11.4");
    BOOST_TEST(evaluate(R"(sys_platform < "win32")", env) == "false");
    BOOST_TEST(evaluate(R"(sys_platform > "darwin")", env) == "false");
    BOOST_TEST(evaluate(R"(sys_platform <= "linux")", env) == "true");
    BOOST_TEST(evaluate(R"(sys_platform >= "linux")", env) == "true");
    BOOST_TEST(evaluate(R"(os_name == "posix")", env) == "true");
    BOOST_TEST(evaluate(R"("lin" in sys_platform)", env) == "true");
    BOOST_TEST(evaluate(R"(platform_machine in "x86_64 aarch64")", env) == "true");
    BOOST_TEST(evaluate(R"(platform_machine not in "x86_64 aarch64")", env) == "false");
}

BOOST_AUTO_TEST_CASE(undefined_comparisons_are_typed_errors) {
    const MarkerEnvironment env = linux_x86_64("3.11.4");
    const auto kind = [&](const std::string& marker) {
        return Marker::from(marker).evaluate(env).error().kind;
    };
    BOOST_TEST((kind(R"(os_name ~= "2.7")") == MarkerErrorKind::UndefinedComparison));
    BOOST_TEST((kind(R"(sys_platform === "linux")") == MarkerErrorKind::UndefinedComparison));
    BOOST_TEST((kind(R"("a" == "b")") == MarkerErrorKind::UndefinedEnvironmentName));
    BOOST_TEST((kind(R"("cuda" in extras)") == MarkerErrorKind::UndefinedEnvironmentName));
    BOOST_CHECK_THROW(Marker::from(R"(os_name ~= "2.7")").evaluate(env).value(), std::logic_error);
}

BOOST_AUTO_TEST_CASE(every_comparison_is_evaluated_so_errors_are_never_hidden) {
    const MarkerEnvironment env = linux_x86_64("3.11.4");
    BOOST_TEST(evaluate(R"(os_name == "nt" and os_name ~= "1.0")", env) == "error");
    BOOST_TEST(evaluate(R"(os_name == "posix" or os_name ~= "1.0")", env) == "error");
}

BOOST_AUTO_TEST_CASE(a_string_naming_a_variable_is_looked_up) {
    const MarkerEnvironment env = linux_x86_64("3.11.4");
    BOOST_TEST(evaluate(R"("posix" == "os_name")", env) == "true");
    BOOST_TEST(evaluate(R"(os_name == sys_platform)", env) == "false"); // right side: the name
}

BOOST_AUTO_TEST_CASE(extra_comparisons_normalize_names) {
    MarkerEnvironment env = linux_x86_64("3.11.4");
    env.extra = "Opt_Einsum";
    BOOST_TEST(evaluate(R"(extra == "opt-einsum")", env) == "true");
    BOOST_TEST(evaluate(R"(extra == "OPT.EINSUM")", env) == "true");
    BOOST_TEST(Marker::from(R"(extra == "OPT.EINSUM")").to_string() == R"(extra == "opt-einsum")");
}

BOOST_AUTO_TEST_CASE(untagged_python_builds_are_repaired) {
    BOOST_TEST(evaluate(R"(python_full_version >= "3.11.1")", linux_x86_64("3.11.1+")) == "true");
}

BOOST_AUTO_TEST_CASE(quoted_strings_follow_python_literal_rules) {
    BOOST_TEST(Marker::from(R"(os_name == '\x41\u00e9\101')").to_string() ==
               "os_name == \"A\xc3\xa9\x41\"");
    BOOST_TEST(Marker::from(R"(os_name == "C:\dir")").to_string() == R"(os_name == "C:\dir")");
    BOOST_TEST(!Marker::parse(R"(os_name == "\N{BULLET}")").has_value());
    BOOST_TEST(!Marker::parse("os_name == 'a\nb'").has_value());
}

BOOST_AUTO_TEST_CASE(values_packaging_cannot_print_still_round_trip) {
    // packaging prints these as `"a"b"` and `"\n"`, which do not read back the same.
    for (const char* text : {R"(os_name == 'a"b')", R"(os_name == '\\n')",
                             R"(os_name == "a\x22b'\n")", R"(os_name == '\\\\')"}) {
        BOOST_TEST_CONTEXT(text) {
            const Marker marker = Marker::from(text);
            const Marker again = Marker::from(marker.to_string());
            BOOST_TEST(again.to_string() == marker.to_string());
            const auto& left = std::get<torchpin::MarkerComparison>(marker.root().terms[0].value);
            const auto& right = std::get<torchpin::MarkerComparison>(again.root().terms[0].value);
            BOOST_TEST(left.right.text == right.right.text);
        }
    }
    BOOST_TEST(Marker::from(R"(os_name == 'a"b')").to_string() == R"(os_name == 'a"b')");
}

BOOST_AUTO_TEST_CASE(double_parentheses_keep_their_meaning_when_printed) {
    // packaging prints this as `a and b or c`, which means something else.
    const Marker marker =
        Marker::from(R"(os_name == "a" and ((os_name == "b" or os_name == "c")))");
    BOOST_TEST(marker.to_string() == R"(os_name == "a" and (os_name == "b" or os_name == "c"))");
    BOOST_TEST(Marker::from(R"(((os_name == "a")))").to_string() == R"(os_name == "a")");
}

BOOST_AUTO_TEST_CASE(errors_point_at_the_offending_byte) {
    const auto position = [](const std::string& text) {
        return Marker::parse(text).error().position;
    };
    BOOST_TEST(position("os_name == linux") == 11u);
    BOOST_TEST(position("os_name = 'linux'") == 8u);
    BOOST_TEST(position("os_name == 'linux' and") == 22u);
    BOOST_TEST(position("os_name == 'linux' garbage") == 19u);
    BOOST_TEST(position("(os_name == 'linux'") == 19u);
    BOOST_TEST(position("os_name == 'bad \\x4'") == 16u);
    BOOST_TEST(position("os_name == 'linux'\n") == 18u); // as packaging 26.3: no line break
    BOOST_TEST(Marker::parse("os_nam == 'x'").error().message.find("marker variable") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(nesting_is_limited) {
    const auto nested = [](std::size_t depth) {
        return std::string(depth, '(') + "os_name == 'a'" + std::string(depth, ')');
    };
    BOOST_TEST(Marker::parse(nested(64)).has_value());
    BOOST_TEST(!Marker::parse(nested(65)).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
