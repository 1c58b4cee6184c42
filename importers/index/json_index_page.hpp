// PEP 691 JSON pages (application/vnd.pypi.simple.v1+json), project and root pages.
#pragma once

#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <string_view>

namespace torchpin {

// Reads a project page's files[] (filename, url resolved against `page_url`, hashes.sha256,
// requires-python, yanked as a boolean or a reason, core-metadata or dist-info-metadata as a
// boolean or a hash object, upload-time) and a root page's projects[].name:
// parse_json_page(TextInput::from_string(body, url), "https://pypi.org/simple/torch/").
//
// Throws InputError located in the page for invalid JSON (where the parser stopped), for a page
// that is not an object or has neither files nor projects, for a meta.api-version whose major
// version is not 1, and at the entry for an invalid entry, wheel name or hash unless
// options.skip_invalid. The listing's kind is always SimpleJson.
IndexListing parse_json_page(const TextInput& page, std::string_view page_url,
                             const PageOptions& options = {});

} // namespace torchpin
