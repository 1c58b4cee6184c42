// An index page turned into one listing of the matrix's wheel_file table, ready to import.
#pragma once

#include "engine/matrix/matrix_store.hpp"
#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <string>
#include <vector>

namespace torchpin {

struct PageImport {
    ListingImport listing;              // named after the page URL, sourced from the page's bytes
    std::vector<LinkIssue> issues;      // duplicates, label/directory mismatches, skipped links
    std::vector<OtherFile> other_files; // sdists and other non-wheel files: counted, not stored
    std::vector<IndexFile> files;       // the wheels the listing's rows hold, in the same order
};

// Parses `page` (as parse_index_page does: kind detected unless forced, bad wheel links fail
// the page unless skip_invalid) and records its SHA-256 and kind in the source. `source` gives
// the URI, retrieval time and origin. Throws InputError with the position of bad input.
PageImport import_index_page(const TextInput& page, const std::string& page_url,
                             const PageOptions& options, SourceInfo source);

} // namespace torchpin
