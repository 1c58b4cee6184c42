// `torchpin update`'s work: fetch an index's pages (conditionally, in parallel), and import
// every changed page as one revision, with the HTTP cache written in the same transaction.
#pragma once

#include "cli/progress_line.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/pep/package_name.hpp"
#include "importers/index/index_listing.hpp"
#include "net/http_client.hpp"

#include <functional>
#include <string>
#include <vector>

namespace torchpin::cli {

struct UpdateSettings {
    std::string base;                  // index_base(): "https://download.pytorch.org/whl/"
    std::vector<PackageName> packages; // torch, torchvision, torchaudio, and --package
    net::FetchSettings fetch;          // index_fetch_settings() with the command's limits
    bool skip_invalid = false;         // as `import --skip-invalid`
};

// What one page came to.
enum class PageOutcome { Fetched, Unchanged, Skipped }; // 2xx, 304, not published

struct UpdateResult {
    ImportResult import;
    std::size_t fetched = 0;   // pages downloaded and parsed
    std::size_t unchanged = 0; // 304 Not Modified: neither downloaded nor parsed
    std::size_t skipped = 0;   // not published (404) and never in the matrix
    std::size_t other_files = 0;
    std::size_t metadata_fetched = 0; // companions' core metadata files downloaded
    std::size_t metadata_reused = 0;  // files whose metadata the matrix already held
    std::vector<LinkIssue> issues;
};

// Reports each page's outcome as it is known (for -v): (url, outcome, HTTP status).
using PageReport = std::function<void(const std::string&, PageOutcome, long)>;

// Fetches, in rounds until no new variant folder turns up: the root BASE/, BASE/<package>/ and
// BASE/<folder>/<package>/ for every variant folder known from the matrix (its backend labels
// and listing URLs), the HTTP cache, the root's links and the wheels' backends. Pages whose
// validators are remembered are asked for conditionally. Every page that lists wheels or that
// the matrix already lists is imported, all as one revision (or none if nothing changed).
// With the pages, the core metadata of one file per companion release and backend (every package
// but torch), as read_wheel_metadata reads it. Throws InputError naming the URL, having written
// nothing, when a page or metadata file fails after retries, is malformed or does not match its
// digest, or a page is gone (404) although the matrix lists it.
UpdateResult update_index(MatrixStore& store, const UpdateSettings& settings,
                          ProgressLine& progress, const PageReport& report = {});

} // namespace torchpin::cli
