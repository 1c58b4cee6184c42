// update_index: rounds of conditional fetches over an index's layout, then one import.
#include "cli/index_update.hpp"

#include "cli/index_layout.hpp"
#include "cli/page_fetching.hpp"
#include "cli/wheel_metadata_reading.hpp"
#include "engine/matrix/current_content.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/http_cache.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "importers/index/index_page.hpp"
#include "importers/index/page_import.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace torchpin::cli {

namespace {

// The position of the backend label in a wheel_file row.
std::size_t backend_column() {
    const auto columns = wheel_file_table().columns();
    const auto found = std::find_if(columns.begin(), columns.end(),
                                    [](const Column& c) { return c.name == "backend"; });
    return static_cast<std::size_t>(found - columns.begin());
}

std::vector<std::string> keys(const std::map<std::string, std::string>& map) {
    std::vector<std::string> out;
    for (const auto& [key, value] : map) {
        out.push_back(key);
    }
    return out;
}

// What became of one page, and what it leaves to write.
struct PageState {
    PageOutcome outcome = PageOutcome::Skipped;
    std::optional<ListingImport> listing; // a page to import
    std::optional<CachedPage> validators; // remembered for the next update
    std::vector<IndexFile> files;         // the listing's wheels, parsed (for their metadata)
};

class IndexUpdate {
public:
    IndexUpdate(MatrixStore& store, const UpdateSettings& settings, ProgressLine& progress,
                const PageReport& report)
        : store_(store)
        , settings_(settings)
        , progress_(progress)
        , report_(report)
        , listed_(current_listing_digests(store.database(), wheel_file_table()))
        , metadata_listed_(current_listing_digests(store.database(), wheel_metadata_table()))
        , cache_(usable_cached_pages(store.database())) {}

    UpdateResult run() {
        std::vector<std::string> round = first_round();
        while (!round.empty()) {
            round = fetch_round(round);
        }
        return import_pages();
    }

private:
    // The root, every package's page, and its page in every variant folder known so far:
    // on an unchanged index, the only round.
    std::vector<std::string> first_round() {
        folders_ = folders_of_labels(current_backend_labels(store_.database()));
        folders_.merge(folders_of_pages(keys(listed_), settings_.base));
        for (const auto& [url, cached] : cache_) {
            folders_.insert(cached.backend_folders.begin(), cached.backend_folders.end());
        }
        std::vector<std::string> urls{settings_.base};
        for (const PackageName& package : settings_.packages) {
            urls.push_back(package_page_url(settings_.base, package));
            page_package_.emplace(urls.back(), package.normalized());
        }
        for (const std::string& folder : folders_) {
            for (const PackageName& package : settings_.packages) {
                urls.push_back(variant_page_url(settings_.base, folder, package));
                page_package_.emplace(urls.back(), package.normalized());
            }
        }
        planned_.insert(urls.begin(), urls.end());
        return urls;
    }

    // Fetches `urls` and returns the pages of variant folders they revealed.
    std::vector<std::string> fetch_round(const std::vector<std::string>& urls) {
        std::vector<net::HttpRequest> requests;
        for (const std::string& url : urls) {
            const auto cached = cache_.find(url);
            requests.push_back(
                cached == cache_.end()
                    ? net::HttpRequest{url, std::nullopt, std::nullopt}
                    : net::HttpRequest{url, cached->second.etag, cached->second.last_modified});
        }
        auto responses = fetch_index_pages(requests, settings_.fetch, progress_);
        std::set<std::string> revealed;
        for (std::size_t i = 0; i < urls.size(); ++i) {
            revealed.merge(take_page(urls[i], std::move(responses[i])));
        }
        std::vector<std::string> next;
        for (const std::string& folder : revealed) {
            if (!folders_.insert(folder).second) {
                continue;
            }
            for (const PackageName& package : settings_.packages) {
                const std::string url = variant_page_url(settings_.base, folder, package);
                if (planned_.insert(url).second) {
                    next.push_back(url);
                    page_package_.emplace(url, package.normalized());
                }
            }
        }
        return next;
    }

    // Files the page's outcome and returns the variant folders it points to.
    std::set<std::string> take_page(const std::string& url, net::HttpResponse response) {
        const bool listed = listed_.contains(url);
        if (response.complete() && response.status == 304 && cache_.contains(url)) {
            record(url, PageState{PageOutcome::Unchanged, {}, {}, {}}, response.status);
            const auto& folders = cache_.at(url).backend_folders;
            return {folders.begin(), folders.end()};
        }
        if (is_page(response)) {
            return take_fetched_page(url, std::move(response));
        }
        if (is_not_found(response) && url != settings_.base && !listed) {
            record(url, PageState{PageOutcome::Skipped, {}, {}, {}}, response.status);
            return {};
        }
        throw fetch_failure(url, response,
                            listed && is_not_found(response)
                                ? "the matrix lists this page, so it cannot be skipped; "
                                  "nothing was written"
                                : "nothing was written");
    }

    std::set<std::string> take_fetched_page(const std::string& url, net::HttpResponse response) {
        const long status = response.status;
        const auto etag = response.etag;
        const auto last_modified = response.last_modified;
        const bool is_root = url == settings_.base;
        const PageOptions options = page_options_for(
            response, PageOptions{std::nullopt, is_root || settings_.skip_invalid});
        const TextInput text = page_text(url, std::move(response));
        const std::string retrieved_at = utc_now_iso8601();
        PageState state{PageOutcome::Fetched, {}, {}, {}};
        std::set<std::string> folders;
        std::optional<std::string> listing_digest;
        if (is_root) { // read for its links only: PyTorch's roots list packages, trees folders
            const IndexListing root = parse_index_page(text, url, options);
            std::vector<std::string> links;
            for (const ProjectLink& project : root.projects) {
                links.push_back(project.url);
            }
            std::vector<std::string> unnamed;
            for (const LinkIssue& issue : root.issues) {
                unnamed.push_back(issue.file_name);
            }
            folders = folders_linked(links, settings_.base);
            folders.merge(folders_listed(unnamed));
        } else {
            PageImport imported =
                import_index_page(text, url, options, SourceInfo{"", url, "", retrieved_at, ""});
            std::vector<std::string> labels;
            for (const RowValues& row : imported.listing.rows) {
                if (const auto& label = row[backend_column()]) {
                    labels.push_back(*label);
                }
            }
            folders = folders_of_labels(labels);
            result_.other_files += imported.other_files.size();
            std::move(imported.issues.begin(), imported.issues.end(),
                      std::back_inserter(result_.issues));
            if (!imported.listing.rows.empty() || listed_.contains(url)) {
                listing_digest = content_digest(imported.listing.rows, *imported.listing.table);
                state.listing = std::move(imported.listing);
                state.files = std::move(imported.files);
            }
        }
        if (etag || last_modified) {
            state.validators = CachedPage{
                url,         etag, last_modified, listing_digest, {folders.begin(), folders.end()},
                retrieved_at};
        }
        record(url, std::move(state), status);
        return folders;
    }

    void record(const std::string& url, PageState state, long status) {
        if (report_) {
            report_(url, state.outcome, status);
        }
        pages_.insert_or_assign(url, std::move(state));
    }

    // The pages of the packages whose metadata is read (every one but torch) that changed, or that
    // the matrix holds no metadata listing for.
    std::vector<MetadataPage> metadata_pages() {
        std::vector<MetadataPage> pages;
        for (auto& [url, state] : pages_) {
            const auto package = page_package_.find(url);
            if (package == page_package_.end() || package->second == "torch") {
                continue;
            }
            if (state.listing) {
                pages.push_back(MetadataPage{url, std::move(state.files)});
            } else if (state.outcome == PageOutcome::Unchanged && listed_.contains(url) &&
                       !metadata_listed_.contains(url)) {
                pages.push_back(MetadataPage{url, stored_page_files(store_, url)});
            }
        }
        return pages;
    }

    // The metadata listings to import: each with rows, or replacing one the matrix holds.
    std::vector<ListingImport> metadata_listings() {
        std::set<std::string> packages;
        for (const PackageName& package : settings_.packages) {
            if (package.normalized() != "torch") {
                packages.insert(package.normalized());
            }
        }
        MetadataReading reading =
            read_wheel_metadata(store_, metadata_pages(), packages, settings_.fetch, progress_);
        result_.metadata_fetched = reading.fetched;
        result_.metadata_reused = reading.reused;
        std::erase_if(reading.listings, [&](const ListingImport& listing) {
            return listing.rows.empty() && !metadata_listed_.contains(listing.name);
        });
        return std::move(reading.listings);
    }

    UpdateResult import_pages() {
        std::vector<ListingImport> metadata = metadata_listings();
        ImportRequest request;
        request.note = "update from " + settings_.base;
        request.data_as_of = utc_now_iso8601().substr(0, 10); // the live index speaks for today
        for (auto& [url, state] : pages_) {
            ++(state.outcome == PageOutcome::Fetched     ? result_.fetched
               : state.outcome == PageOutcome::Unchanged ? result_.unchanged
                                                         : result_.skipped);
            if (state.listing) {
                request.listings.push_back(std::move(*state.listing));
            }
        }
        std::move(metadata.begin(), metadata.end(), std::back_inserter(request.listings));
        request.in_same_transaction = [this](sqlite::Database& db) {
            for (const auto& [url, state] : pages_) {
                if (state.validators) {
                    remember_page(db, *state.validators);
                } else if (state.outcome != PageOutcome::Unchanged) {
                    forget_page(db, url);
                }
            }
        };
        result_.import = store_.import(request);
        return std::move(result_);
    }

    MatrixStore& store_;
    const UpdateSettings& settings_;
    ProgressLine& progress_;
    const PageReport& report_;
    const std::map<std::string, std::string> listed_;          // current listing digests, by name
    const std::map<std::string, std::string> metadata_listed_; // the same of wheel_metadata
    const std::map<std::string, CachedPage> cache_;            // usable validators, by URL
    std::set<std::string> folders_;                            // variant folders known so far
    std::set<std::string> planned_;                            // every URL fetched or about to be
    std::map<std::string, std::string> page_package_; // each package page's normalized project
    std::map<std::string, PageState> pages_;
    UpdateResult result_;
};

} // namespace

UpdateResult update_index(MatrixStore& store, const UpdateSettings& settings,
                          ProgressLine& progress, const PageReport& report) {
    return IndexUpdate(store, settings, progress, report).run();
}

} // namespace torchpin::cli
