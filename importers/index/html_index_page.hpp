// PEP 503 HTML pages (project and root pages) and find-links pages, read with gumbo.
#pragma once

#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <string_view>

namespace torchpin {

// Reads every <a href> of the page, resolved against `page_url` (or the page's <base href>):
// parse_html_page(TextInput::from_string(body, url),
// "https://download.pytorch.org/whl/cu121/torch/") lists torch's cu121 wheels. A link whose path
// ends in '/' is a project (root pages); a link to the page's own directory or above ("../") is
// navigation and is left out; every other link is a file: a wheel row or an OtherFile. The file
// name is the URL's decoded last path segment (the link text is not trusted), the sha256 comes from
// a "#sha256=" fragment (other algorithms give no hash), and data-requires-python, data-yanked,
// data-core-metadata (or the older data-dist-info-metadata) and data-upload-time fill the rest of
// the row.
//
// The kind is options.kind, or SimpleHtml / FindLinks as detect_html_page_kind() says. Throws
// InputError located at the page's first text for an empty page or text without any markup, and
// at the <a> for an invalid wheel name or hash unless options.skip_invalid.
IndexListing parse_html_page(const TextInput& page, std::string_view page_url,
                             const PageOptions& options = {});

// FindLinks for a page with no "<h1>Links for …</h1>" whose file links are all relative paths and
// at least one sits in a directory ("cu111/torch-1.8.0%2Bcu111-…whl"); SimpleHtml otherwise.
PageKind detect_html_page_kind(std::string_view content);

} // namespace torchpin
