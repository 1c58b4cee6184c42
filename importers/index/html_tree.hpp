// What the index page reader needs from an HTML parse; gumbo/ or libxml2/ implements it, chosen
// by TORCHPIN_HTML_PARSER in CMake.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchpin {

// The elements an index page's meaning depends on.
enum class HtmlTag {
    A,    // <a href>: a file, a project or navigation
    Base, // <base>: what hrefs are relative to
    H1,   // <h1>: "Links for torch" marks a PEP 503 page
};

// One element written in the page (never one the parser made up). For
// `<a href="torch.whl" data-yanked>torch</a>` at the start of the page: {A, 0, {{"href",
// "torch.whl"}, {"data-yanked", ""}}, "torch"}.
struct HtmlElement {
    HtmlTag tag = HtmlTag::A;
    std::size_t offset = 0; // of the tag's '<' in the content, for diagnostics
    // Names lowercased, values with character references decoded ("&amp;" is "&"), the first of
    // repeated names only, in the order written.
    std::vector<std::pair<std::string, std::string>> attributes;
    std::string text; // every text inside, decoded, for <a> and <h1>; empty for <base>

    std::optional<std::string_view> attribute(std::string_view name) const {
        for (const auto& [attribute_name, value] : attributes) {
            if (attribute_name == name) {
                return value;
            }
        }
        return std::nullopt;
    }
};

struct HtmlTree {
    std::vector<HtmlElement> elements; // every <a href>, <base> and <h1>, in document order
    bool has_markup = false;           // a doctype or at least one tag written in the page
};

// Reads UTF-8 HTML the way a browser does, recovering from any broken markup; never throws for
// bad input and never prints or fetches anything.
HtmlTree read_html_tree(std::string_view content);

} // namespace torchpin
