// read_wheel_metadata: choose one file per companion build, reuse or fetch its metadata, parse it.
#include "cli/wheel_metadata_reading.hpp"

#include "cli/page_fetching.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/sha256.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/pep/package_name.hpp"
#include "importers/installed/core_metadata.hpp"

#include <map>

namespace torchpin::cli {

namespace {

// The digest a page gives for a file's metadata ("sha256=<hex>"), or none ("true", or another
// hash the page may name).
std::optional<std::string> stated_sha256(const IndexFile& file) {
    constexpr std::string_view prefix = "sha256=";
    if (file.core_metadata && file.core_metadata->starts_with(prefix)) {
        return file.core_metadata->substr(prefix.size());
    }
    return std::nullopt;
}

std::map<std::string, WheelMetadataFact> stored_metadata(MatrixStore& store,
                                                         const std::string& page_url) {
    auto select =
        store.database().prepare("SELECT " + dataset_columns::wheel_metadata.decoded_columns() +
                                 " FROM wheel_metadata WHERE listing = ?1 AND valid_to IS NULL");
    select.bind(1, std::string_view(page_url));
    std::map<std::string, WheelMetadataFact> by_url;
    while (select.step()) {
        WheelMetadataFact fact = dataset_columns::wheel_metadata.decode(select);
        by_url.emplace(fact.url, std::move(fact));
    }
    return by_url;
}

// Whether the metadata the matrix holds for `file` still is what the page points to.
bool still_current(const WheelMetadataFact& stored, const IndexFile& file) {
    const auto stated = stated_sha256(file);
    return !stated || *stated == stored.metadata_sha256;
}

// The files of `page` whose metadata is read: per (package, version with label), the one read
// before where it still is listed with metadata, else the first with metadata.
std::vector<const IndexFile*> chosen_files(const MetadataPage& page,
                                           const std::set<std::string>& packages,
                                           const std::map<std::string, WheelMetadataFact>& stored) {
    std::map<std::pair<std::string, std::string>, const IndexFile*> chosen;
    for (const IndexFile& file : page.files) {
        const std::string package = file.wheel.name().normalized();
        if (!file.core_metadata || !packages.contains(package)) {
            continue;
        }
        const auto [it, fresh] =
            chosen.try_emplace({package, file.wheel.version().to_string()}, &file);
        if (!fresh && !stored.contains(it->second->url) && stored.contains(file.url)) {
            it->second = &file;
        }
    }
    std::vector<const IndexFile*> files;
    for (const auto& [key, file] : chosen) {
        files.push_back(file);
    }
    return files;
}

RowValues metadata_row(const WheelMetadataFact& fact) {
    return {fact.url, fact.package, fact.version.to_string(),
            fact.requires_torch ? std::optional(fact.requires_torch->to_string()) : std::nullopt,
            fact.metadata_sha256};
}

// The torch requirement of the metadata: its Requires-Dist clauses on torch outside extras, all
// of them together; none when it declares none.
std::optional<SpecifierSet> torch_requirement(const CoreMetadata& metadata) {
    std::optional<SpecifierSet> torch;
    for (const Requirement& requirement : metadata.requires_dist) {
        const bool in_extra = requirement.marker() &&
                              requirement.marker()->to_string().find("extra") != std::string::npos;
        if (requirement.name().normalized() == "torch" && !in_extra) {
            torch = torch ? *torch & requirement.specifier() : requirement.specifier();
        }
    }
    return torch;
}

// The metadata fact of `file` from the body fetched from `metadata_url`.
WheelMetadataFact parse_fetched(const IndexFile& file, const std::string& metadata_url,
                                std::string body) {
    const std::string digest = sha256_hex(body);
    if (const auto stated = stated_sha256(file); stated && *stated != digest) {
        throw InputError(Diagnostic{metadata_url, 0, 0,
                                    "its SHA-256 is " + digest + ", but the index page says " +
                                        *stated + "; nothing was written",
                                    ""});
    }
    const TextInput text = TextInput::from_string(std::move(body), metadata_url);
    const CoreMetadata metadata = read_core_metadata(text);
    const std::string package = file.wheel.name().normalized();
    // The same distribution: its name and public version; a label, where the metadata writes
    // one, the file's (a metadata that leaves the label out still describes the file).
    const Version& version = file.wheel.version();
    if (normalize_package_name(metadata.name) != package ||
        metadata.version.public_version() != version.public_version() ||
        (metadata.version.has_local() && metadata.version != version)) {
        throw InputError(Diagnostic{metadata_url, 0, 0,
                                    "it describes " + metadata.name + " " +
                                        metadata.version.to_string() + ", not the wheel's " +
                                        package + " " + version.to_string() +
                                        "; nothing was written",
                                    ""});
    }
    return WheelMetadataFact{file.url, package, version, torch_requirement(metadata), digest};
}

} // namespace

std::vector<IndexFile> stored_page_files(MatrixStore& store, const std::string& page_url) {
    auto select =
        store.database().prepare("SELECT " + dataset_columns::wheel_file.decoded_columns() +
                                 " FROM wheel_file WHERE listing = ?1 AND valid_to IS NULL");
    select.bind(1, std::string_view(page_url));
    std::vector<IndexFile> files;
    while (select.step()) {
        files.push_back(dataset_columns::wheel_file.decode(select));
        files.back().listing = page_url;
    }
    return files;
}

MetadataReading read_wheel_metadata(MatrixStore& store, const std::vector<MetadataPage>& pages,
                                    const std::set<std::string>& packages,
                                    const net::FetchSettings& fetch, ProgressLine& progress) {
    MetadataReading reading;
    std::vector<std::vector<const IndexFile*>> chosen(pages.size());
    std::map<std::string, WheelMetadataFact> facts; // by wheel URL
    std::map<std::string, const IndexFile*> to_fetch;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        const auto stored = stored_metadata(store, pages[i].url);
        chosen[i] = chosen_files(pages[i], packages, stored);
        for (const IndexFile* file : chosen[i]) {
            const auto known = stored.find(file->url);
            if (known != stored.end() && still_current(known->second, *file)) {
                facts.try_emplace(file->url, known->second);
            } else if (!facts.contains(file->url)) {
                to_fetch.try_emplace(file->url, file);
            }
        }
    }
    std::erase_if(to_fetch, [&](const auto& entry) { return facts.contains(entry.first); });
    std::vector<net::HttpRequest> requests;
    for (const auto& [url, file] : to_fetch) {
        requests.push_back(net::HttpRequest{url + ".metadata", std::nullopt, std::nullopt});
    }
    auto responses = fetch_index_pages(requests, fetch, progress);
    std::size_t next = 0;
    for (const auto& [url, file] : to_fetch) {
        net::HttpResponse& response = responses[next];
        const std::string& metadata_url = requests[next++].url;
        if (!is_page(response)) {
            throw fetch_failure(metadata_url, response, "nothing was written");
        }
        facts.insert_or_assign(url, parse_fetched(*file, metadata_url, std::move(response.body)));
    }
    reading.fetched = to_fetch.size();
    reading.reused = facts.size() - to_fetch.size();
    for (std::size_t i = 0; i < pages.size(); ++i) {
        ListingImport listing{&wheel_metadata_table(),
                              pages[i].url,
                              SourceInfo{"core-metadata", pages[i].url, "", utc_now_iso8601(), ""},
                              {}};
        std::string digests;
        for (const IndexFile* file : chosen[i]) {
            const WheelMetadataFact& fact = facts.at(file->url);
            listing.rows.push_back(metadata_row(fact));
            digests += fact.metadata_sha256;
        }
        listing.source.digest = sha256_hex(digests);
        reading.listings.push_back(std::move(listing));
    }
    return reading;
}

} // namespace torchpin::cli
