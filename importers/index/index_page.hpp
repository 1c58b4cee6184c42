// Index pages of any kind: which parser a page needs, and parsing it with that parser.
#pragma once

#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <string_view>

namespace torchpin {

// The kind of a page from its content and its name (a file name, URL or media type):
// content starting with '{' is SimpleJson and content starting with '<' is HTML; content that
// starts with neither is SimpleJson when the name ends in "json" ("torch.json",
// "application/vnd.pypi.simple.v1+json"), HTML otherwise, so its parser can say what is wrong.
// HTML is FindLinks or SimpleHtml as detect_html_page_kind() says (which parses it).
// detect_page_kind("{\"meta\": …}", "torch") is SimpleJson.
PageKind detect_page_kind(std::string_view content, std::string_view name);

// Parses the page with the parser of options.kind, or of the detected kind (the page's origin
// is the name): parse_index_page(TextInput::read_file("torch_stable.html"),
// "https://download.pytorch.org/whl/torch_stable.html") lists its 1499 wheels. Throws
// InputError as parse_html_page and parse_json_page do.
IndexListing parse_index_page(const TextInput& page, std::string_view page_url,
                              const PageOptions& options = {});

} // namespace torchpin
