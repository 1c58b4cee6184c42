// read_uv_lock of a large lockfile in two halves on two threads: the same packages, registries,
// notes and errors, at the same positions, as a reading of one toml++ parse of the whole file.
#include "engine/base/diagnostic.hpp"
#include "importers/lock/lock_toml.hpp"
#include "importers/lock/uv_lock.hpp"
#include "tests/support/input_errors.hpp"

#include <algorithm>
#include <functional>
#include <thread>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

// A block of text placed before the header of package `before`.
struct Insert {
    std::size_t before = 0;
    std::string text;
};

// A uv.lock-like document of `count` packages, well over the size that is split (256 KiB).
std::string many_packages(std::size_t count, const std::vector<Insert>& inserts = {}) {
    std::string text = "version = 1\nrequires-python = \">=3.11\"\n\n[manifest]\nmembers = "
                       "[\"app\"]\n";
    for (std::size_t i = 0; i < count; ++i) {
        for (const Insert& insert : inserts) {
            if (insert.before == i) {
                text += insert.text;
            }
        }
        const std::string name = "package-" + std::to_string(i);
        text += "\n[[package]]\nname = \"" + name + "\"\nversion = \"1.0." + std::to_string(i) +
                "\"\nsource = { registry = \"https://pypi.org/simple\" }\nwheels = [\n    { url "
                "= \"https://files.example/" +
                name + "-1.0-py3-none-any.whl\", hash = \"sha256:" + std::string(64, 'a') +
                "\", size = " + std::to_string(1000 + i) +
                " },\n]\n\n[package.metadata]\nrequires-dist = [{ name = \"numpy\" }]\n";
    }
    return text;
}

// Where the reader splits `text`: the first [[package]] line after the middle.
std::size_t split_point(const std::string& text) {
    return text.find("\n[[package]]\n", text.size() / 2);
}

std::size_t line_of(const std::string& text, std::size_t offset) {
    return 1 + static_cast<std::size_t>(
                   std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

// The document of 3000 packages with `middle` placed so that `placed(text, middle's offset)`
// holds, trying the packages around the middle; fails the test when none fits.
std::string with_middle(const std::string& middle,
                        const std::function<bool(const std::string&, std::size_t)>& placed) {
    for (std::size_t at = 1490; at < 1510; ++at) {
        std::string text = many_packages(3000, {{at, middle}});
        const std::size_t offset = text.find(middle);
        if (placed(text, offset)) {
            return text;
        }
    }
    BOOST_FAIL("no placement of the middle block gives the split wanted");
    return "";
}

bool after_split(const std::string& text, std::size_t offset) {
    return split_point(text) < offset;
}

toml::table whole(const std::string& text) {
    return toml::parse(std::string_view(text), std::string_view("uv.lock"));
}

// The line and column of a syntax error in one parse of the whole text, as "uv.lock:L:C:".
std::string whole_parse_error_at(const std::string& text) {
    try {
        whole(text);
    } catch (const toml::parse_error& e) {
        return "uv.lock:" + std::to_string(e.source().begin.line) + ":" +
               std::to_string(e.source().begin.column) + ":";
    }
    return "no error";
}

LockedRequirements read(const std::string& text) {
    return read_uv_lock(TextInput::from_string(text, "uv.lock"));
}

std::string read_error(const std::string& text) {
    return torchpin::test::input_error_of([&] { read(text); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(uv_lock_halves)

BOOST_AUTO_TEST_CASE(a_large_file_reads_every_package_at_its_place_in_the_file) {
    BOOST_WARN_MESSAGE(std::thread::hardware_concurrency() >= 2,
                       "one core: the file is read in one piece, the halves are not tested");
    const std::string text = many_packages(3000);
    BOOST_REQUIRE_GT(text.size(), 256u << 10);
    const LockedRequirements read_back = read(text);
    BOOST_TEST(read_back.requires_python == ">=3.11");
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 3000u);
    const toml::table reference = whole(text);
    const toml::array& tables = *reference["package"].as_array();
    for (std::size_t i = 0; i < 3000; ++i) {
        const LockedPackage& package = read_back.packages[i];
        const toml::table& table = *tables[i].as_table();
        BOOST_TEST_CONTEXT("package " << i) {
            BOOST_TEST(package.name == "package-" + std::to_string(i));
            BOOST_TEST(package.pinned->to_string() == "1.0." + std::to_string(i));
            BOOST_TEST(package.where.line == table.source().begin.line);
            BOOST_REQUIRE_EQUAL(package.files.size(), 1u);
            BOOST_TEST(package.files[0].where.line ==
                       table["wheels"][0].node()->source().begin.line);
            BOOST_TEST(package.files[0].where.column == 5u);
        }
    }
    BOOST_REQUIRE_EQUAL(read_back.indexes.size(), 1u);
    BOOST_TEST(read_back.indexes[0].where.line ==
               reference["package"][0]["source"]["registry"].node()->source().begin.line);
}

BOOST_AUTO_TEST_CASE(registries_and_notes_of_both_halves_come_in_the_files_order) {
    const std::string editable = "\n[[package]]\nname = \"app\"\nsource = { editable = \".\" }\n";
    const std::string cuda = "\n[[package]]\nname = \"torch\"\nversion = \"2.1.2+cu121\"\n"
                             "source = { registry = \"https://download.pytorch.org/whl/cu121\" }"
                             "\n";
    const std::string text = many_packages(3000, {{10, editable}, {2900, cuda}});
    BOOST_REQUIRE_GT(text.find("download.pytorch.org"), split_point(text));
    const LockedRequirements read_back = read(text);
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 3002u);
    BOOST_TEST(read_back.packages[10].name == "app");
    BOOST_TEST(read_back.packages[2901].name == "torch");
    BOOST_REQUIRE_EQUAL(read_back.indexes.size(), 2u);
    BOOST_TEST(read_back.indexes[0].url == "https://pypi.org/simple");
    BOOST_TEST(read_back.indexes[1].url == "https://download.pytorch.org/whl/cu121");
    BOOST_TEST(read_back.indexes[1].where.line ==
               line_of(text, text.find("registry = \"https://download.pytorch.org")));
    BOOST_REQUIRE_EQUAL(read_back.notes.size(), 1u);
    BOOST_TEST(read_back.notes[0].where.line == line_of(text, text.find(editable) + 1));
}

BOOST_AUTO_TEST_CASE(a_syntax_error_in_the_second_half_names_its_line_in_the_file) {
    std::string text = many_packages(3000);
    const std::size_t bad = text.rfind("version = \"1.0.2990\"");
    text.replace(bad, 9, "version = = ");
    const std::string error = read_error(text);
    BOOST_TEST(torchpin::test::starts_with(error, whole_parse_error_at(text)), error);
    BOOST_TEST(torchpin::test::starts_with(error, "uv.lock:" + std::to_string(line_of(text, bad))),
               error);
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(a_bad_value_in_the_second_half_names_its_line_and_column_in_the_file) {
    std::string text = many_packages(3000);
    const std::size_t bad = text.rfind("\"1.0.2990\"");
    text.replace(bad, 10, "\"not a version\"");
    BOOST_TEST(torchpin::test::starts_with(
                   read_error(text), "uv.lock:" + std::to_string(line_of(text, bad)) + ":11:"),
               read_error(text));
}

BOOST_AUTO_TEST_CASE(of_bad_values_in_both_halves_the_first_in_the_file_is_reported) {
    std::string text = many_packages(3000);
    const std::size_t second = text.rfind("\"1.0.2990\"");
    text.replace(second, 10, "\"second bad\"");
    const std::size_t first = text.find("\"1.0.10\"");
    text.replace(first, 8, "\"first bad\"");
    BOOST_TEST(torchpin::test::starts_with(read_error(text),
                                           "uv.lock:" + std::to_string(line_of(text, first)) +
                                               ":11: error: invalid version \"first bad\""),
               read_error(text));
}

BOOST_AUTO_TEST_CASE(a_syntax_error_in_the_second_half_comes_before_a_bad_value_in_the_first) {
    // One parse of the whole file fails before any value is read: so does the reader.
    std::string text = many_packages(3000);
    const std::size_t syntax = text.rfind("version = \"1.0.2990\"");
    text.replace(syntax, 9, "version = = ");
    text.replace(text.find("\"1.0.10\""), 8, "\"first bad\"");
    const std::string error = read_error(text);
    BOOST_TEST(torchpin::test::starts_with(error, whole_parse_error_at(text)), error);
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
}

// toml++ 3.3.0 reached undefined behaviour on these (marzer/tomlplusplus#295; see
// third_party/tomlplusplus.cpp); a TORCHPIN_SANITIZE build fails here without the workaround.
BOOST_AUTO_TEST_CASE(a_non_ascii_character_where_a_key_or_space_belongs_is_a_clean_error) {
    for (const std::string text :
         {"\u00e9 = 1\n", "a = 1\n\u020e\n", "\u2f70 = 1\n", "a = \"x\"\u00a7\n"}) {
        const std::string error = torchpin::test::input_error_of(
            [&] { LockToml(TextInput::from_string(text, "uv.lock")); });
        BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
        BOOST_TEST(torchpin::test::starts_with(error, "uv.lock:"), error);
    }
}

BOOST_AUTO_TEST_CASE(a_split_inside_a_multi_line_string_still_reads_every_package) {
    // The middle [[package]] line sits inside a string: the halves cannot be parsed apart.
    const std::string block =
        "\n[tool]\nnote = \"\"\"\n[[package]]\nname = \"not a package\"\n\"\"\"\n";
    const std::string text = with_middle(block, [&](const std::string& t, std::size_t offset) {
        return split_point(t) > offset && split_point(t) < offset + block.size();
    });
    const LockedRequirements read_back = read(text);
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 3000u);
    BOOST_TEST(read_back.packages[2999].where.line ==
               whole(text)["package"][2999].node()->source().begin.line);
}

BOOST_AUTO_TEST_CASE(a_table_continued_after_the_split_is_read_whole) {
    // [manifest] before the split and [manifest.extra] after it: one table, as in one parse.
    const std::string text = with_middle("\n[manifest.extra]\nnote = \"after\"\n", after_split);
    const LockedRequirements read_back = read(text);
    BOOST_REQUIRE_EQUAL(read_back.packages.size(), 3000u);
    BOOST_TEST(read_back.packages[2999].where.line ==
               whole(text)["package"][2999].node()->source().begin.line);
}

BOOST_AUTO_TEST_CASE(a_table_defined_in_both_halves_is_the_error_one_parse_reports) {
    const std::string text = with_middle("\n[manifest]\nmembers = [\"again\"]\n", after_split);
    const std::string error = read_error(text);
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
    BOOST_TEST(torchpin::test::starts_with(error, whole_parse_error_at(text)), error);
}

BOOST_AUTO_TEST_CASE(a_static_package_array_extended_by_headers_is_the_error_one_parse_reports) {
    // `package = [...]` fills the first half; [[package]] headers may not extend it.
    std::string text = "version = 1\npackage = [\n";
    for (int i = 0; i < 8000; ++i) {
        text += "  { name = \"static-" + std::to_string(i) + "\", version = \"1.0\" },\n";
    }
    text += "]\n";
    text += many_packages(20).substr(std::string("version = 1\n").size());
    BOOST_REQUIRE_GT(text.size(), 256u << 10);
    BOOST_REQUIRE_GT(split_point(text), text.find("[manifest]"));
    const std::string error = read_error(text);
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
    BOOST_TEST(torchpin::test::starts_with(error, whole_parse_error_at(text)), error);
}

BOOST_AUTO_TEST_SUITE_END()
