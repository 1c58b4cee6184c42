// without_unread_items: the dependency items uv writes are left out of the text toml++ parses,
// anything else is left to toml++, and no error or read value changes (fuzz/unread_arrays_oracle).
#include "fuzz/unread_arrays_oracle.hpp"
#include "importers/lock/unread_arrays.hpp"
#include "tests/support/input_errors.hpp"
#include "tests/support/test_paths.hpp"

#include <array>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

constexpr std::array<std::string_view, 1> dependencies{"dependencies"};

// The text toml++ is given for the whole of `text`, or nothing when it is `text` itself.
std::optional<std::string> kept_of(const std::string& text) {
    const TextInput input = TextInput::from_string(text, "uv.lock");
    return without_unread_items(input.content(), input.lines(), dependencies);
}

bool oracle_holds(const std::string& text) {
    return unread_oracle::holds(TextInput::from_string(text, "uv.lock"), dependencies);
}

// A [[package]] whose dependencies array holds `items` (lines, without their line ends).
std::string package_with(const std::string& items) {
    return "[[package]]\nname = \"app\"\ndependencies = [\n" + items + "\n]\nversion = \"1.0\"\n";
}

} // namespace

BOOST_AUTO_TEST_SUITE(unread_arrays)

BOOST_AUTO_TEST_CASE(invokeais_dependency_items_are_all_left_out_and_nothing_else_changes) {
    const TextInput input = TextInput::read_file(
        test::source_path("tests/data/raw/lockfiles/invoke-ai+InvokeAI/uv.lock"));
    BOOST_TEST(unread_oracle::holds(input, dependencies));
    const LockToml whole(input);
    const LockToml kept(input, dependencies);
    std::size_t arrays = 0;
    for (const toml::node& package : *kept.document()["package"].as_array()) {
        if (const toml::array* items = package.as_table()->get_as<toml::array>("dependencies")) {
            ++arrays;
            BOOST_TEST(items->empty());
        }
    }
    BOOST_TEST(arrays == 175u); // the file's "dependencies = [" lines
    BOOST_TEST(whole.document() != kept.document());
}

BOOST_AUTO_TEST_CASE(the_items_uv_writes_are_left_out_line_ends_kept) {
    const std::string text = package_with(
        "    { name = \"idna\", marker = \"sys_platform == 'linux' and extra == 'x'\" },\n"
        "    { name = \"torch\", version = \"2.7.1+cu128\", source = { registry = "
        "\"https://download.pytorch.org/whl/cu128\" }, marker = \"a\" },\n"
        "\t{ name = \"h\", extra = [\"socks\", \"http2\",] , marker = \"tab\there\" } ,\n"
        "    {},\n"
        "    { name = \"last\" }");
    const std::optional<std::string> kept = kept_of(text);
    BOOST_REQUIRE(kept.has_value());
    BOOST_TEST(*kept == "[[package]]\nname = \"app\"\ndependencies = [\n\n\n\n\n\n]\n"
                        "version = \"1.0\"\n");
    BOOST_TEST(oracle_holds(text));
}

BOOST_AUTO_TEST_CASE(crlf_line_ends_and_a_byte_order_mark_stay) {
    const std::string text = "\xEF\xBB\xBF[[package]]\r\nname = \"a\"\r\ndependencies = [\r\n"
                             "    { name = \"x\" },\r\n]\r\n";
    const std::optional<std::string> kept = kept_of(text);
    BOOST_REQUIRE(kept.has_value());
    BOOST_TEST(*kept == "\xEF\xBB\xBF[[package]]\r\nname = \"a\"\r\ndependencies = [\r\n\r\n]\r\n");
    BOOST_TEST(oracle_holds(text));
}

BOOST_AUTO_TEST_CASE(an_item_not_as_uv_writes_it_leaves_its_array_to_toml) {
    const std::array<std::string, 18> items{
        "    { name = \"x\" }, # a comment",
        "    { name = \"y\", name = \"z\" },",          // a repeated key: toml++'s error
        "    { \"name\" = \"q\" },",                    // a quoted key
        "    { name.first = \"q\" },",                  // a dotted key
        "    { name = 'literal' },",                    // a literal string
        "    { name = \"esc\\u0041\" },",               // an escape
        "    { name = \"bad\\q\" },",                   // an escape TOML does not have
        "    { name = \"x\", },",                       // a comma before '}'
        "    { name = \"x\" }\n    { name = \"y\" },",  // no comma between items
        "    { name = 1 },",                            // a number
        "    { name = \"caf\xC3\xA9\" },",              // beyond ASCII
        "    { name = \"del\x7F\" },",                  // a control character
        "    { a = { b = { c = \"d\" } } },",           // tables two levels down
        "    { name = \"x\",\n      marker = \"y\" },", // a line break inside an item
        "    \"plain\",",                               // not a table
        "    { name = \"x\" },\n",                      // a blank line before ']'
        "    { name = [\"a\" \"b\"] },",                // no comma in an array
        "    { name = \"unterminated },",
    };
    for (const std::string& item : items) {
        BOOST_TEST_CONTEXT(item) {
            const std::string text = package_with(item);
            BOOST_TEST(!kept_of(text).has_value());
            BOOST_TEST(oracle_holds(text));
        }
    }
}

BOOST_AUTO_TEST_CASE(an_array_without_its_closing_line_or_under_another_key_is_parsed) {
    for (const std::string text :
         {"[[package]]\ndependencies = [\n    { name = \"x\" },\n    ]\n",
          "[[package]]\ndependencies = [\n    { name = \"x\" },\n",
          "[[package]]\ndependencies = [\n    { name = \"x\" },\n] # done\n",
          "[[package]]\nrequires-dist = [\n    { name = \"x\" },\n]\n",
          "[[package]]\ndependencies  = [\n    { name = \"x\" },\n]\n"}) {
        BOOST_TEST_CONTEXT(text) {
            BOOST_TEST(!kept_of(text).has_value());
            BOOST_TEST(oracle_holds(text));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_text_with_a_multi_line_string_is_parsed_whole) {
    // Inside the string the lines are text: leaving one out would change the name.
    for (const std::string quotes : {"\"\"\"", "'''"}) {
        const std::string text = "[[package]]\nname = " + quotes +
                                 "\ndependencies = [\n    { name = \"x\" },\n]\n" + quotes + "\n";
        BOOST_TEST_CONTEXT(text) {
            BOOST_TEST(!kept_of(text).has_value());
            BOOST_TEST(oracle_holds(text));
        }
    }
}

BOOST_AUTO_TEST_CASE(an_error_after_an_unread_array_is_where_a_whole_parse_puts_it) {
    const std::string text = package_with("    { name = \"x\" },") + "size = = 1\n";
    BOOST_REQUIRE(kept_of(text).has_value());
    BOOST_TEST(oracle_holds(text));
    const unread_oracle::Parsed kept =
        unread_oracle::parsed(TextInput::from_string(text, "uv.lock"), dependencies);
    BOOST_TEST(!kept.lock.has_value());
    BOOST_TEST(test::starts_with(kept.error, "uv.lock:7:8: error: invalid TOML"), kept.error);
}

BOOST_AUTO_TEST_CASE(an_error_in_a_dependency_item_is_toml_s_own) {
    const std::string text = package_with("    { name = \"x\", name = \"y\" },");
    BOOST_TEST(oracle_holds(text));
    const unread_oracle::Parsed kept =
        unread_oracle::parsed(TextInput::from_string(text, "uv.lock"), dependencies);
    BOOST_TEST(test::starts_with(kept.error, "uv.lock:4:"), kept.error);
}

BOOST_AUTO_TEST_SUITE_END()
