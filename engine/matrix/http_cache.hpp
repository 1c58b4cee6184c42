// The http_cache table: per page URL, what the last `torchpin update` learned, so the next one
// can ask "changed since?" and skip unchanged pages without parsing them again.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// One remembered page: {"https://download.pytorch.org/whl/torch/", "\"9a0364b9\"", std::nullopt,
// "<digest of its listing>", {"cpu", "cu121"}, "2026-08-21T05:40:12Z"}.
struct CachedPage {
    std::string url;
    std::optional<std::string> etag;
    std::optional<std::string> last_modified;
    // The content digest of the listing the page was imported as; none when the page is not
    // stored as a listing (a root page, or a page without wheels the matrix never listed).
    std::optional<std::string> listing_digest;
    std::vector<std::string> backend_folders; // the variant folders the page points to
    std::string fetched_at;

    friend bool operator==(const CachedPage&, const CachedPage&) = default;
};

// The remembered pages, by URL, whose listing_digest is still the current content of the
// listing named by their URL (or which have no listing, and none exists). A page whose listing
// has changed since (an import of another copy) is left out: it must be fetched in full again.
std::map<std::string, CachedPage> usable_cached_pages(sqlite::Database& db);

// Inserts or replaces the row of page.url.
void remember_page(sqlite::Database& db, const CachedPage& page);

// Deletes the row of `url`, if any.
void forget_page(sqlite::Database& db, const std::string& url);

} // namespace torchpin
