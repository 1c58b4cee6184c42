// The http_cache table: rows count only while they vouch for the current listing, and they are
// written in the import's transaction, with or without a new revision.
#include "engine/matrix/current_content.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/http_cache.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <filesystem>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

const std::string page = "https://download.pytorch.org/whl/cu121/torch/";
const std::string root = "https://download.pytorch.org/whl/";

// A database file and its WAL files, removed when this goes, after whatever had it open: Windows
// refuses to delete a file that is still open ("sharing violation").
struct RemovedFiles {
    std::filesystem::path path;
    explicit RemovedFiles(std::filesystem::path file)
        : path(std::move(file)) {
        remove();
    }
    RemovedFiles(const RemovedFiles&) = delete;
    RemovedFiles& operator=(const RemovedFiles&) = delete;
    ~RemovedFiles() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) {
            std::filesystem::remove(path.string() + suffix);
        }
    }
};

// A fresh store in a temporary file; the store is closed before its files are removed.
struct TempStore {
    RemovedFiles files{std::filesystem::temp_directory_path() /
                       ("torchpin_http_cache_" + std::to_string(getpid()) + ".db")};
    const std::filesystem::path& path = files.path;
    MatrixStore store = MatrixStore::open(path, true);
};

ListingImport cu121_listing(const std::string& sha256) {
    const auto wheel = WheelFilename::from("torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl");
    const IndexFile file{.listing = page,
                         .wheel = wheel,
                         .backend = Backend::from("cu121"),
                         .url = "https://download.pytorch.org/whl/cu121/" + wheel.to_string(),
                         .sha256 = sha256,
                         .requires_python = std::nullopt,
                         .yanked = false,
                         .yanked_reason = "",
                         .core_metadata = std::nullopt,
                         .upload_time = std::nullopt,
                         .provenance = Provenance::Observed,
                         .seen_in = std::nullopt};
    return ListingImport{&wheel_file_table(),
                         page,
                         SourceInfo{"simple-html", page, sha256, "2026-11-30T00:00:00Z", ""},
                         {to_row(file)}};
}

ImportRequest request_with(ListingImport listing, std::function<void(sqlite::Database&)> also) {
    ImportRequest request;
    request.listings.push_back(std::move(listing));
    request.note = "test";
    request.in_same_transaction = std::move(also);
    return request;
}

CachedPage cached(const std::string& url, std::optional<std::string> digest) {
    return CachedPage{
        url, "\"v1\"", std::nullopt, std::move(digest), {"cu121"}, "2026-11-30T00:00:00Z"};
}

} // namespace

BOOST_AUTO_TEST_SUITE(http_cache)

BOOST_AUTO_TEST_CASE(rows_land_with_the_import_and_count_while_their_listing_is_current) {
    TempStore temp;
    const ListingImport first = cu121_listing(std::string(64, 'a'));
    const std::string digest = content_digest(first.rows, *first.table);
    temp.store.import(request_with(first, [&](sqlite::Database& db) {
        remember_page(db, cached(page, digest));
        remember_page(db, cached(root, std::nullopt)); // not a listing, and none exists
    }));
    auto usable = usable_cached_pages(temp.store.database());
    BOOST_TEST(usable.size() == 2u);
    BOOST_TEST((usable.at(page) == cached(page, digest)));
    BOOST_TEST(current_listing_digests(temp.store.database(), wheel_file_table()).at(page) ==
               digest);
    BOOST_TEST(current_backend_labels(temp.store.database()) == std::vector<std::string>{"cu121"});

    // Another copy of the page imported without the cache: its row no longer vouches for it.
    temp.store.import(request_with(cu121_listing(std::string(64, 'b')), {}));
    usable = usable_cached_pages(temp.store.database());
    BOOST_TEST(usable.size() == 1u);
    BOOST_TEST(usable.contains(root));
}

BOOST_AUTO_TEST_CASE(an_import_without_changes_still_commits_the_cache) {
    TempStore temp;
    const ListingImport listing = cu121_listing(std::string(64, 'a'));
    temp.store.import(request_with(listing, {}));
    const auto result = temp.store.import(request_with(listing, [&](sqlite::Database& db) {
        remember_page(db, cached(page, content_digest(listing.rows, *listing.table)));
    }));
    BOOST_TEST(!result.revision.has_value());
    BOOST_TEST(usable_cached_pages(temp.store.database()).size() == 1u);
    temp.store.import(request_with(listing, [&](sqlite::Database& db) { forget_page(db, page); }));
    BOOST_TEST(usable_cached_pages(temp.store.database()).empty());
}

BOOST_AUTO_TEST_CASE(a_failing_import_writes_no_cache_row) {
    TempStore temp;
    BOOST_CHECK_THROW(temp.store.import(request_with(cu121_listing(std::string(64, 'a')),
                                                     [&](sqlite::Database& db) {
                                                         remember_page(db, cached(root, {}));
                                                         throw std::runtime_error("disk full");
                                                     })),
                      std::runtime_error);
    BOOST_TEST(usable_cached_pages(temp.store.database()).empty());
    BOOST_TEST(!temp.store.latest_revision().has_value());
}

BOOST_AUTO_TEST_SUITE_END()
