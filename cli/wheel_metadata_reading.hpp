// The wheel_metadata listings of an update: what the core metadata (PEP 658) of one file per
// companion release and backend on each page says of torch, fetched beside the file and checked
// against the digest the page gives, or reused from the matrix where that file was read before.
#pragma once

#include "cli/progress_line.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "net/http_client.hpp"

#include <set>
#include <string>
#include <vector>

namespace torchpin::cli {

// One page whose files' metadata is wanted: its URL (the listing's name) and its files.
struct MetadataPage {
    std::string url;
    std::vector<IndexFile> files;
};

struct MetadataReading {
    std::vector<ListingImport> listings; // one per page, empty where none of its files has any
    std::size_t fetched = 0;             // metadata files downloaded
    std::size_t reused = 0;              // files whose metadata the matrix already held
};

// For each page, one file per (package, version with its label) among `packages` (normalized
// names) that the page says has metadata (data-core-metadata): the file the matrix read before if
// it still is listed, else the first. Metadata the matrix holds for that file (with the same
// digest, where the page gives one) is reused; the rest is fetched from "<file URL>.metadata",
// each file once however many pages list it. Throws InputError naming the metadata URL, having
// written nothing, when a fetch fails, a digest does not match, or the file is malformed or names
// another distribution.
MetadataReading read_wheel_metadata(MatrixStore& store, const std::vector<MetadataPage>& pages,
                                    const std::set<std::string>& packages,
                                    const net::FetchSettings& fetch, ProgressLine& progress);

// The files of a page as the matrix's current wheel_file listing of that name holds them.
std::vector<IndexFile> stored_page_files(MatrixStore& store, const std::string& page_url);

} // namespace torchpin::cli
