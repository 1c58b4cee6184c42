// `torchpin import SOURCE...`: index pages (files, directories, http(s) URLs) as one new revision.
#include "cli/commands.hpp"
#include "cli/link_issue_report.hpp"
#include "cli/matrix_access.hpp"
#include "cli/page_fetching.hpp"
#include "cli/wheel_metadata_reading.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"
#include "importers/index/page_files.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ImportOptions {
    std::vector<std::string> sources;
    std::string kind;
    std::string url;
    std::string note;
    bool skip_invalid = false;
};

constexpr std::size_t max_page_bytes = 512u << 20;

std::string file_url(const std::filesystem::path& path) {
    return "file://" + utf8_of(std::filesystem::absolute(path).lexically_normal());
}

// The files a SOURCE names: itself, or every regular file below a directory (sorted), each with
// the URL it stands for (--url for a file, --url + relative path inside a directory).
std::vector<PageFile> expand(const std::string& source, const std::string& base_url) {
    const std::filesystem::path path = path_from_utf8(source);
    if (!std::filesystem::is_directory(path)) {
        return {{path, base_url.empty() ? file_url(path) : base_url}};
    }
    std::vector<PageFile> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
        if (entry.is_regular_file()) {
            const std::string relative = entry.path().lexically_relative(path).generic_string();
            std::string url = file_url(entry.path());
            if (!base_url.empty()) {
                url = base_url + (base_url.ends_with('/') ? "" : "/") + relative;
            }
            files.push_back(PageFile{entry.path(), url});
        }
    }
    std::sort(files.begin(), files.end(), [](const PageFile& a, const PageFile& b) {
        return std::tie(a.path, a.url) < std::tie(b.path, b.url);
    });
    return files;
}

bool is_url(const std::string& source) {
    return source.starts_with("https://") || source.starts_with("http://");
}

// The wheel_metadata listings of `pages` (the imported pages named by URL): torchvision's and
// torchaudio's core metadata, read as `update` reads it (cli/wheel_metadata_reading.hpp).
void add_companion_metadata(MatrixStore& store, const std::vector<MetadataPage>& pages,
                            ImportRequest& request, const GlobalOptions& global) {
    ProgressLine progress(ProgressLine::wanted(global.quiet()));
    MetadataReading reading = read_wheel_metadata(store, pages, {"torchvision", "torchaudio"},
                                                  index_fetch_settings(), progress);
    for (ListingImport& listing : reading.listings) {
        if (!listing.rows.empty()) {
            request.listings.push_back(std::move(listing));
        }
    }
}

// The pages of the URL sources, fetched together, by URL.
std::map<std::string, net::HttpResponse> fetch_urls(const std::vector<std::string>& sources,
                                                    const GlobalOptions& global) {
    std::vector<net::HttpRequest> requests;
    for (const std::string& source : sources) {
        if (is_url(source)) {
            requests.push_back({source, std::nullopt, std::nullopt});
        }
    }
    if (requests.empty()) {
        return {};
    }
    ProgressLine progress(ProgressLine::wanted(global.quiet()));
    auto responses = fetch_index_pages(requests, index_fetch_settings(), progress);
    std::map<std::string, net::HttpResponse> by_url;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        by_url.emplace(requests[i].url, std::move(responses[i]));
    }
    return by_url;
}

int run(const GlobalOptions& global, const ImportOptions& options) {
    require_format(global, "import", {"text", "json"});
    PageOptions page_options{std::nullopt, options.skip_invalid};
    if (!options.kind.empty()) {
        page_options.kind = parse_page_kind(options.kind);
        if (!page_options.kind) {
            throw UsageError("unknown --kind " + options.kind +
                             " (known: simple-html, simple-json, find-links)");
        }
    }
    ImportRequest request;
    request.note = options.note.empty() ? "import" : options.note;
    LinkIssueReport issues(global, std::cerr);
    std::size_t other_files = 0;
    std::vector<MetadataPage> url_pages; // pages named by URL, whose companions' metadata is read
    const auto add = [&](PageImport imported) {
        for (const LinkIssue& issue : imported.issues) {
            issues.add(issue);
        }
        other_files += imported.other_files.size();
        if (is_url(imported.listing.name)) {
            url_pages.push_back(MetadataPage{imported.listing.name, std::move(imported.files)});
        }
        request.listings.push_back(std::move(imported.listing));
    };
    auto fetched = fetch_urls(options.sources, global);
    for (const std::string& source : options.sources) {
        if (is_url(source)) {
            net::HttpResponse& response = fetched.at(source);
            if (!is_page(response)) {
                throw fetch_failure(source, response, "nothing was written");
            }
            const PageOptions options_for_response = page_options_for(response, page_options);
            add(import_index_page(page_text(source, std::move(response)), source,
                                  options_for_response,
                                  SourceInfo{"", source, "", utc_now_iso8601(), ""}));
            continue;
        }
        import_page_files(expand(source, options.url), page_options, max_page_bytes, add);
    }
    issues.finish();
    auto store = open_matrix_for_writing(global);
    add_companion_metadata(store, url_pages, request, global);
    const ImportResult result = store.import(request);
    if (global.format == "json") {
        std::cout << nlohmann::json{{"schema", "torchpin/import/v1"},
                                    {"revision", result.revision ? nlohmann::json(*result.revision)
                                                                 : nlohmann::json(nullptr)},
                                    {"listings_changed", result.listings_changed},
                                    {"listings_unchanged", result.listings_unchanged},
                                    {"rows_added", result.rows.added},
                                    {"rows_removed", result.rows.removed},
                                    {"rows_changed", result.rows.changed},
                                    {"rows_unchanged", result.rows.unchanged},
                                    {"other_files", other_files},
                                    {"issues", issues.count()}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    if (!result.revision) {
        std::cout << "no change: the matrix already holds this content ("
                  << result.listings_unchanged << " listing"
                  << (result.listings_unchanged == 1 ? "" : "s") << " unchanged)\n";
    } else {
        std::cout << "revision " << *result.revision << ": " << result.listings_changed
                  << " listing(s) changed (" << result.rows.added << " added, "
                  << result.rows.removed << " removed, " << result.rows.changed << " changed), "
                  << result.listings_unchanged << " unchanged\n";
    }
    if (other_files > 0) {
        std::cout << other_files
                  << " non-wheel file(s) (sdists and others) listed but not stored\n";
    }
    return 0;
}

} // namespace

void setup_import(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& command) {
        auto options = std::make_shared<ImportOptions>();
        command.add_option("SOURCE", options->sources, "Page files, directories of pages, or URLs")
            ->required();
        command
            .add_option("--kind", options->kind,
                        "Force a parser: simple-html, simple-json, find-links")
            ->type_name("KIND");
        command
            .add_option("--url", options->url,
                        "The URL the page stands for (a directory: the URL of its root)")
            ->type_name("URL");
        command.add_option("--note", options->note, "A note stored with the revision")
            ->type_name("TEXT");
        command.add_flag("--skip-invalid", options->skip_invalid,
                         "Report links with invalid wheel names and import the rest");
        command.callback([&global, &result, options] { result.exit_code = run(global, *options); });
    };
    add_command(app, "import",
                "Add index pages (files, directories, URLs) to the matrix as one new revision",
                define);
}

} // namespace torchpin::cli
