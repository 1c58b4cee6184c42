// LockToml's parse of large lockfiles in two halves on two threads: the same document and the
// same errors, at the same positions, as one toml++ parse of the whole file.
#include "engine/base/diagnostic.hpp"
#include "importers/lock/lock_toml.hpp"
#include "tests/support/input_errors.hpp"

#include <functional>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

// A uv.lock-like document of `count` packages, well over the size that is split (256 KiB),
// with `middle` inserted before the header of package `at`.
std::string many_packages(std::size_t count, const std::string& middle = "", std::size_t at = 0) {
    std::string text = "version = 1\nrequires-python = \">=3.11\"\n\n[manifest]\nmembers = "
                       "[\"app\"]\n";
    for (std::size_t i = 0; i < count; ++i) {
        if (i == at && !middle.empty()) {
            text += middle;
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

// Where the reader splits `text`: the first [[package]] header after the middle.
std::size_t split_point(const std::string& text) {
    return text.find("\n[[package]]\n", text.size() / 2);
}

// The document of 3000 packages with `middle` placed so that `placed(text, middle's offset)`
// holds, trying the packages around the middle; fails the test when none fits.
std::string with_middle(const std::string& middle,
                        const std::function<bool(const std::string&, std::size_t)>& placed) {
    for (std::size_t at = 1490; at < 1510; ++at) {
        std::string text = many_packages(3000, middle, at);
        const std::size_t offset = text.find(middle);
        if (placed(text, offset)) {
            return text;
        }
    }
    BOOST_FAIL("no placement of the middle block gives the split wanted");
    return "";
}

toml::table whole(const std::string& text) {
    return toml::parse(std::string_view(text), std::string_view("uv.lock"));
}

} // namespace

BOOST_AUTO_TEST_SUITE(lock_toml)

BOOST_AUTO_TEST_CASE(a_large_file_parses_to_the_same_document_with_the_same_positions) {
    const std::string text = many_packages(3000);
    BOOST_REQUIRE_GT(text.size(), 256u << 10);
    const TextInput input = TextInput::from_string(text, "uv.lock");
    const LockToml lock(input);
    BOOST_TEST((lock.document() == whole(text)));
    const toml::array& packages = *lock.document()["package"].as_array();
    BOOST_REQUIRE_EQUAL(packages.size(), 3000u);
    const toml::table& last = *packages.back().as_table();
    BOOST_TEST(*last["name"].value<std::string>() == "package-2999");
    const SourceLocation at = lock.where(*last.get("name"));
    const toml::table reference = whole(text);
    const toml::node& reference_name = *reference["package"][2999]["name"].node();
    BOOST_TEST(at.line == reference_name.source().begin.line);
    BOOST_TEST(at.column == 8u);
}

BOOST_AUTO_TEST_CASE(an_error_in_the_second_half_names_its_line_in_the_file) {
    std::string text = many_packages(3000);
    const std::size_t bad = text.rfind("version = \"1.0.2990\"");
    text.replace(bad, 9, "version = = ");
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(
                                     text.begin(), text.begin() + static_cast<long>(bad), '\n'));
    const std::string error =
        torchpin::test::input_error_of([&] { LockToml(TextInput::from_string(text, "uv.lock")); });
    BOOST_TEST(error.rfind("uv.lock:" + std::to_string(line) + ":", 0) == 0, error);
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

BOOST_AUTO_TEST_CASE(a_split_inside_a_multi_line_string_still_reads_the_string) {
    // The middle [[package]] header sits inside a string: the halves cannot be parsed apart.
    const std::string block =
        "\n[tool]\nnote = \"\"\"\n[[package]]\nname = \"not a package\"\n\"\"\"\n";
    const std::string text = with_middle(block, [&](const std::string& t, std::size_t offset) {
        return split_point(t) > offset && split_point(t) < offset + block.size();
    });
    const TextInput input = TextInput::from_string(text, "uv.lock");
    const LockToml lock(input);
    BOOST_TEST((lock.document() == whole(text)));
    BOOST_TEST(lock.document()["package"].as_array()->size() == 3000u);
}

BOOST_AUTO_TEST_CASE(a_table_continued_after_the_split_is_read_whole) {
    // [manifest] before the split and [manifest.extra] after it: one table, as in one parse.
    const std::string text = with_middle(
        "\n[manifest.extra]\nnote = \"after\"\n",
        [](const std::string& t, std::size_t offset) { return split_point(t) < offset; });
    const TextInput input = TextInput::from_string(text, "uv.lock");
    const LockToml lock(input);
    BOOST_TEST((lock.document() == whole(text)));
    BOOST_TEST(*lock.document()["manifest"]["extra"]["note"].value<std::string>() == "after");
}

BOOST_AUTO_TEST_CASE(a_table_defined_in_both_halves_is_the_error_one_parse_reports) {
    const std::string text = with_middle(
        "\n[manifest]\nmembers = [\"again\"]\n",
        [](const std::string& t, std::size_t offset) { return split_point(t) < offset; });
    const std::string error =
        torchpin::test::input_error_of([&] { LockToml(TextInput::from_string(text, "uv.lock")); });
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
    std::string reference;
    try {
        whole(text);
    } catch (const toml::parse_error& e) {
        reference = std::to_string(e.source().begin.line);
    }
    BOOST_TEST(error.rfind("uv.lock:" + reference + ":", 0) == 0, error);
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
    const std::string error =
        torchpin::test::input_error_of([&] { LockToml(TextInput::from_string(text, "uv.lock")); });
    BOOST_TEST(error.find("invalid TOML") != std::string::npos, error);
}

BOOST_AUTO_TEST_SUITE_END()
