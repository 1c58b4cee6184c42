// Requirement: packaging's parsing, printing and error tables, torch requirements, applies_to.
#include "engine/pep/requirement.hpp"
#include "tests/support/tables.hpp"

#include <map>

#include <boost/test/unit_test.hpp>

using torchpin::MarkerEnvironment;
using torchpin::Requirement;
namespace test = torchpin::test;

namespace {

// Replaces every "{ws}" in `pattern` with `whitespace`.
std::string with_whitespace(std::string pattern, const std::string& whitespace) {
    for (std::size_t at; (at = pattern.find("{ws}")) != std::string::npos;) {
        pattern.replace(at, 4, whitespace);
    }
    return pattern;
}

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
    std::string out;
    for (const auto& part : parts) {
        out += (out.empty() ? "" : separator) + part;
    }
    return out;
}

std::string extras_of(const Requirement& requirement) {
    std::vector<std::string> written;
    for (const auto& extra : requirement.extras()) {
        written.push_back(extra.written());
    }
    return join(written, ",");
}

std::map<std::string, std::vector<std::vector<std::string>>> parts_table(const std::string& name) {
    std::map<std::string, std::vector<std::vector<std::string>>> parts;
    for (auto& row : test::read_table(name)) {
        const std::string kind = row.front();
        row.erase(row.begin());
        parts[kind].push_back(row);
    }
    return parts;
}

std::string part_or_empty(const std::string& field) {
    return field == "-" ? "" : field;
}

MarkerEnvironment linux_x86_64() {
    MarkerEnvironment env;
    env.os_name = "posix";
    env.sys_platform = "linux";
    env.platform_system = "Linux";
    env.platform_machine = "x86_64";
    env.python_version = "3.12";
    env.python_full_version = "3.12.4";
    return env;
}

void check_round_trip(const Requirement& requirement) {
    const std::string printed = requirement.to_string();
    BOOST_TEST(Requirement::from(printed).to_string() == printed);
}

} // namespace

BOOST_AUTO_TEST_SUITE(requirement)

BOOST_AUTO_TEST_CASE(packaging_basic_valid_requirement_product) {
    const auto parts = parts_table("pep508/requirement_parts.tsv");
    std::size_t checked = 0;
    for (const auto& name : parts.at("name")) {
        for (const auto& extras : parts.at("extras")) {
            for (const auto& url_or_specifier : parts.at("url_or_specifier")) {
                for (const auto& marker : parts.at("marker")) {
                    for (const auto& whitespace : parts.at("whitespace")) {
                        const std::string ws = whitespace[0];
                        const std::string url = part_or_empty(url_or_specifier[0]);
                        const std::string spec = part_or_empty(url_or_specifier[1]);
                        const std::string mark = part_or_empty(marker[0]);
                        std::vector<std::string> pieces{name[0]};
                        if (extras[0] != "-") {
                            std::string list = extras[0];
                            for (std::size_t at = 0; (at = list.find(',', at)) != std::string::npos;
                                 at += 1 + 2 * ws.size()) {
                                list.replace(at, 1, ws + "," + ws);
                            }
                            pieces.insert(pieces.end(), {"[", list, "]"});
                        }
                        if (!spec.empty()) {
                            pieces.push_back(with_whitespace(spec, ws));
                        }
                        if (!url.empty()) {
                            pieces.insert(pieces.end(), {"@", url});
                        }
                        if (!mark.empty()) {
                            pieces.push_back(url.empty() ? ";" : " ;");
                            pieces.push_back(with_whitespace(mark, ws));
                        }
                        const std::string text = join(pieces, ws);
                        BOOST_TEST_CONTEXT("'" << text << "'") {
                            auto requirement = Requirement::parse(text);
                            BOOST_REQUIRE(requirement.has_value());
                            BOOST_TEST(requirement->name().written() == name[0]);
                            BOOST_TEST(extras_of(*requirement) == part_or_empty(extras[0]));
                            BOOST_TEST(requirement->url().value_or("") == url);
                            std::string bare = with_whitespace(spec, "");
                            if (!bare.empty() && bare.front() == '(') {
                                bare = bare.substr(1, bare.size() - 2);
                            }
                            BOOST_TEST(requirement->specifier().to_string() ==
                                       torchpin::SpecifierSet::from(bare).to_string());
                            BOOST_TEST(requirement->marker().has_value() == !mark.empty());
                            if (!mark.empty()) {
                                BOOST_TEST(
                                    requirement->marker()->to_string() ==
                                    torchpin::Marker::from(with_whitespace(mark, "")).to_string());
                            }
                            check_round_trip(*requirement);
                            ++checked;
                        }
                    }
                }
            }
        }
    }
    BOOST_TEST(checked == 6u * 4u * 18u * 4u * 3u);
}

BOOST_AUTO_TEST_CASE(packaging_printed_forms_are_the_input_stripped) {
    const auto parts = parts_table("pep508/requirement_printing.tsv");
    for (const auto& extras : parts.at("extras")) {
        for (const auto& url_or_specifier : parts.at("url_or_specifier")) {
            for (const auto& marker : parts.at("marker")) {
                const std::string text = "name" + part_or_empty(extras[0]) +
                                         part_or_empty(url_or_specifier[0]) +
                                         part_or_empty(marker[0]);
                const std::string stripped = text.substr(0, text.find_last_not_of(' ') + 1);
                BOOST_TEST(Requirement::from(text).to_string() == stripped, text);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_attribute_and_comparison_table) {
    for (const auto& row : test::read_table("pep508/requirement_pairs.tsv")) {
        BOOST_TEST_CONTEXT(row[0] << ": " << row[1]) {
            const Requirement requirement = Requirement::from(row[1]);
            const std::string& relation = row[0];
            if (relation == "printed-as") {
                BOOST_TEST(requirement.to_string() == row[2]);
            } else if (relation == "specifier-printed-as") {
                BOOST_TEST(
                    Requirement::from("x" + requirement.specifier().to_string()).to_string() ==
                    "x" + row[2]);
            } else if (relation == "marker-printed-as") {
                BOOST_TEST(requirement.marker()->to_string() == row[2]);
            } else if (relation == "url-is") {
                BOOST_TEST(requirement.url().value_or("") == row[2]);
            } else if (relation == "extras-are") {
                BOOST_TEST(extras_of(requirement) == row[2]);
            } else {
                const bool equal = requirement.to_string() == Requirement::from(row[2]).to_string();
                BOOST_TEST(equal == (relation == "equal"));
            }
            check_round_trip(requirement);
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_valid_and_invalid_requirements) {
    for (const auto& text : test::read_lines("pep508/valid_requirements.txt")) {
        BOOST_TEST(Requirement::parse(text).has_value(), text);
    }
    for (const auto& text : test::read_lines("pep508/invalid_requirements.txt")) {
        BOOST_TEST(!Requirement::parse(text).has_value(), text);
    }
}

BOOST_AUTO_TEST_CASE(packaging_error_positions) {
    const auto rows = test::read_table("pep508/requirement_errors.tsv");
    BOOST_REQUIRE_GT(rows.size(), 30u);
    for (const auto& row : rows) {
        BOOST_TEST_CONTEXT("'" << row[0] << "'") {
            auto parsed = Requirement::parse(row[0]);
            BOOST_REQUIRE(!parsed.has_value());
            BOOST_TEST(parsed.error().position == std::stoul(row[1]));
            BOOST_TEST(parsed.error().input == row[0]);
            BOOST_TEST(parsed.error().message.starts_with("invalid requirement: "));
        }
    }
}

BOOST_AUTO_TEST_CASE(error_messages_say_what_was_expected) {
    const auto message = [](const std::string& text) {
        return Requirement::parse(text).error().message;
    };
    BOOST_TEST(message("torch >= 2.1 cuda").find("expected ','") != std::string::npos);
    BOOST_TEST(message("torch cuda").find("';' (before a marker)") != std::string::npos);
    BOOST_TEST(message("torch[cuda").find("']'") != std::string::npos);
    BOOST_TEST(message("torch (>=2.1").find("')'") != std::string::npos);
    BOOST_TEST(message("torch >=2.1.*").find("'.*'") != std::string::npos);
    BOOST_TEST(message("torch; os_name == 'a' x").find("end of the requirement") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(torch_requirements_parse_and_apply_on_linux_x86_64) {
    const Requirement torch = Requirement::from(
        R"(torch>=2.1; platform_system == "Linux" and platform_machine == "x86_64")");
    BOOST_TEST(torch.name().normalized() == "torch");
    BOOST_TEST(torch.specifier().to_string() == ">=2.1");
    BOOST_TEST(torch.applies_to(linux_x86_64()).value());
    MarkerEnvironment mac = linux_x86_64();
    mac.platform_system = "Darwin";
    mac.platform_machine = "arm64";
    BOOST_TEST(!torch.applies_to(mac).value());

    const Requirement cudnn = Requirement::from(
        R"(nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux" and platform_machine == "x86_64")");
    BOOST_TEST(
        cudnn.to_string() ==
        R"(nvidia-cudnn-cu12==9.1.0.70; platform_system == "Linux" and platform_machine == "x86_64")");
    BOOST_TEST(cudnn.applies_to(linux_x86_64()).value());

    const Requirement triton = Requirement::from(
        R"(triton==3.0.0; platform_system == "Linux" and platform_machine == "x86_64" and python_version < "3.13")");
    BOOST_TEST(triton.applies_to(linux_x86_64()).value());
    MarkerEnvironment py313 = linux_x86_64();
    py313.python_version = "3.13";
    py313.python_full_version = "3.13.0rc1";
    BOOST_TEST(!triton.applies_to(py313).value());
}

BOOST_AUTO_TEST_CASE(extras_are_sorted_and_deduplicated_as_written) {
    const Requirement torch = Requirement::from("torch[opt-einsum, Opt_Einsum,opt-einsum]>=2.1");
    BOOST_TEST(extras_of(torch) == "Opt_Einsum,opt-einsum");
    BOOST_TEST(torch.extras()[0].normalized() == "opt-einsum");
    BOOST_TEST(torch.to_string() == "torch[Opt_Einsum,opt-einsum]>=2.1");
}

BOOST_AUTO_TEST_CASE(applies_to_evaluates_each_requested_extra) {
    const Requirement einsum = Requirement::from(R"(opt-einsum>=3.3; extra == "opt-einsum")");
    BOOST_TEST(!einsum.applies_to(linux_x86_64()).value());
    BOOST_TEST(einsum.applies_to(linux_x86_64(), {"cuda", "Opt_Einsum"}).value());
    BOOST_TEST(Requirement::from("numpy").applies_to(linux_x86_64()).value());
    BOOST_TEST(
        !Requirement::from(R"(numpy; os_name ~= "1.0")").applies_to(linux_x86_64()).has_value());
}

BOOST_AUTO_TEST_CASE(specifiers_print_sorted_with_repeats_dropped) {
    BOOST_TEST(Requirement::from("torch (>=2.1 , <3,)").to_string() == "torch<3,>=2.1");
    BOOST_TEST(Requirement::from("torch>=2.1.0,>=2.1").to_string() == "torch>=2.1");
    BOOST_TEST(Requirement::from("torch~=2.1.0,~=2.1").to_string() == "torch~=2.1,~=2.1.0");
    BOOST_TEST(Requirement::from("torch==2.1.*,==2.1.0.*").to_string() == "torch==2.1.*,==2.1.0.*");
}

BOOST_AUTO_TEST_CASE(a_url_needs_a_space_before_its_marker) {
    const Requirement glued = Requirement::from("torch @ https://x/torch.whl;os_name=='nt'");
    BOOST_TEST(glued.url().value() == "https://x/torch.whl;os_name=='nt'");
    BOOST_TEST(!glued.marker().has_value());
    const Requirement spaced = Requirement::from("torch@https://x/torch.whl ;os_name=='nt'");
    BOOST_TEST(spaced.to_string() == R"(torch @ https://x/torch.whl ; os_name == "nt")");
}

BOOST_AUTO_TEST_CASE(arbitrary_equality_takes_everything_up_to_a_space) {
    BOOST_TEST(Requirement::from("foo===1.0-custom+x").to_string() == "foo===1.0-custom+x");
    // The token runs over the comma, and packaging then splits at it: "b" has no operator.
    BOOST_TEST(Requirement::parse("foo===a,b").error().position == 8u);
    BOOST_TEST(!Requirement::parse("foo===").has_value()); // torchpin wants a version
}

BOOST_AUTO_TEST_CASE(names_must_end_with_a_letter_or_digit) {
    // packaging's IDENTIFIER ends in \b and so accepts "foo_"; PEP 508 and torchpin do not.
    auto name = Requirement::parse("foo_ >= 1");
    BOOST_REQUIRE(!name.has_value());
    BOOST_TEST(name.error().position == 3u);
    BOOST_TEST(!Requirement::parse("torch[cuda_]").has_value());
    BOOST_TEST(Requirement::from("foo-.bar").name().normalized() == "foo-bar");
}

BOOST_AUTO_TEST_CASE(a_trailing_line_break_is_rejected) {
    BOOST_TEST(Requirement::parse("torch>=2.1\n").error().position == 10u);
    BOOST_TEST(Requirement::parse("torch>=2.1 \t").has_value());
}

BOOST_AUTO_TEST_CASE(a_stray_epoch_mark_ends_the_specifier_where_packaging_ends_it) {
    // packaging's regex gives back "012!" when no release follows, so the token is "<=012".
    BOOST_TEST(Requirement::parse("name<=012!)").error().position == 9u);
}

BOOST_AUTO_TEST_CASE(version_errors_point_into_the_input) {
    auto overflow = Requirement::parse("torch >=2.1, <99999999999999999999999");
    BOOST_REQUIRE(!overflow.has_value());
    BOOST_TEST(overflow.error().position == 14u);
    BOOST_TEST(overflow.error().input == "torch >=2.1, <99999999999999999999999");
}

BOOST_AUTO_TEST_SUITE_END()
