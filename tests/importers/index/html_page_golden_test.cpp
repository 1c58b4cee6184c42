// Both HTML parsers (gumbo, libxml2: TORCHPIN_HTML_PARSER) against the same goldens: each page of
// tests/data/html_pages/ and fuzz/corpus/simple_html/ with its .listing file, which holds the
// elements read from the page and the listing made of them. UPDATE_GOLDEN=1 rewrites them.
#include "engine/base/diagnostic.hpp"
#include "importers/index/html_index_page.hpp"
#include "importers/index/html_tree.hpp"
#include "importers/input/text_input.hpp"
#include "importers/input/text_position.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace fs = std::filesystem;
namespace test = torchpin::test;
using torchpin::HtmlTag;
using torchpin::TextInput;

namespace {

const std::string url_line_start = "page-url: ";
const std::string default_page_url = "https://download.pytorch.org/whl/cu121/torch/";

std::string escaped(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += c;
        }
    }
    return out + "\"";
}

std::string position(const TextInput& page, std::size_t offset) {
    const torchpin::Diagnostic at = torchpin::diagnostic_at(page, offset, "");
    return std::to_string(at.line) + ":" + std::to_string(at.column);
}

std::string_view tag_name(HtmlTag tag) {
    switch (tag) {
    case HtmlTag::A:
        return "a";
    case HtmlTag::Base:
        return "base";
    case HtmlTag::H1:
        return "h1";
    }
    return "?";
}

std::string describe_elements(const TextInput& page) {
    const torchpin::HtmlTree tree = torchpin::read_html_tree(page.content());
    std::string out = std::string("has-markup: ") + (tree.has_markup ? "yes" : "no") + "\n";
    for (const torchpin::HtmlElement& element : tree.elements) {
        out += std::string(tag_name(element.tag)) + " " + position(page, element.offset);
        for (const auto& [name, value] : element.attributes) {
            out += " " + name + "=" + escaped(value);
        }
        if (element.tag != HtmlTag::Base) {
            out += " text=" + escaped(element.text);
        }
        out += "\n";
    }
    return out;
}

std::string describe_wheel(const torchpin::IndexFile& row) {
    std::string out = "wheel " + row.wheel.to_string() + " " + row.url;
    if (row.backend) {
        out += " backend=" + row.backend->to_string();
    }
    if (row.sha256) {
        out += " sha256=" + *row.sha256;
    }
    if (row.requires_python) {
        out += " requires-python=" + escaped(*row.requires_python);
    }
    if (row.yanked) {
        out += " yanked=" + escaped(row.yanked_reason);
    }
    if (row.core_metadata) {
        out += " core-metadata=" + *row.core_metadata;
    }
    if (row.upload_time) {
        out += " upload-time=" + *row.upload_time;
    }
    return out + "\n";
}

std::string describe_listing(const TextInput& page, const std::string& page_url) {
    torchpin::IndexListing listing;
    try {
        listing = torchpin::parse_html_page(page, page_url, {.kind = {}, .skip_invalid = true});
    } catch (const torchpin::InputError& error) {
        const torchpin::Diagnostic& at = error.diagnostic();
        return "error " + std::to_string(at.line) + ":" + std::to_string(at.column) + " " +
               at.message + "\n";
    }
    std::string out = "kind: " + std::string(name(listing.kind)) + "\n";
    for (const auto& row : listing.wheels) {
        out += describe_wheel(row);
    }
    for (const auto& other : listing.other_files) {
        out += "other " + other.file_name + " " + other.url + "\n";
    }
    for (const auto& project : listing.projects) {
        out += "project " + project.name.written() + " " + project.url + "\n";
    }
    for (const auto& issue : listing.issues) {
        out += "issue " + std::string(name(issue.kind)) + " " +
               std::to_string(issue.diagnostic.line) + ":" +
               std::to_string(issue.diagnostic.column) + " " + issue.diagnostic.message + "\n";
    }
    return out;
}

std::vector<fs::path> pages() {
    std::vector<fs::path> found;
    for (const char* folder : {"tests/data/html_pages", "fuzz/corpus/simple_html"}) {
        for (const auto& entry : fs::directory_iterator(test::source_path(folder))) {
            if (entry.path().extension() == ".html") {
                found.push_back(entry.path());
            }
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

fs::path golden_of(const fs::path& page) {
    return test::source_path("tests/data/html_pages") / (page.stem().string() + ".listing");
}

// The golden's first line names the URL the page is read as.
std::string page_url_of(const std::string& golden) {
    if (!golden.starts_with(url_line_start)) {
        return default_page_url;
    }
    return golden.substr(url_line_start.size(), golden.find('\n') - url_line_start.size());
}

// "line 3: expected …, got …" for the first line that differs.
std::string first_difference(const std::string& expected, const std::string& actual) {
    std::istringstream expected_lines(expected);
    std::istringstream actual_lines(actual);
    std::string expected_line;
    std::string actual_line;
    for (int line = 1;; ++line) {
        const bool more_expected = static_cast<bool>(std::getline(expected_lines, expected_line));
        const bool more_actual = static_cast<bool>(std::getline(actual_lines, actual_line));
        if (!more_expected && !more_actual) {
            return "";
        }
        if (!more_expected || !more_actual || expected_line != actual_line) {
            return "line " + std::to_string(line) + ": expected " +
                   (more_expected ? expected_line : "(end)") + "\n     got " +
                   (more_actual ? actual_line : "(end)");
        }
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(html_page_golden)

BOOST_AUTO_TEST_CASE(every_page_reads_as_its_golden_says) {
    const std::vector<fs::path> all = pages();
    BOOST_TEST(all.size() >= 4u);
    for (const fs::path& path : all) {
        BOOST_TEST_CONTEXT(path.string()) {
            const fs::path golden_path = golden_of(path);
            const std::string golden =
                fs::exists(golden_path) ? test::read_file(golden_path) : std::string();
            const std::string page_url = page_url_of(golden);
            const TextInput page =
                TextInput::from_string(test::read_file(path), path.filename().string());
            const std::string actual = url_line_start + page_url + "\n" + describe_elements(page) +
                                       describe_listing(page, page_url);
            if (test::update_golden()) {
                std::ofstream(golden_path, std::ios::binary) << actual;
                continue;
            }
            BOOST_TEST(first_difference(golden, actual) == "");
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
