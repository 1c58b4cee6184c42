// load_dataset: the manifest's files through their importers, into one ImportRequest.
#include "importers/dataset/dataset.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "importers/dataset/dataset_manifest.hpp"
#include "importers/dataset/dataset_table_file.hpp"
#include "importers/dataset/derived_wheels.hpp"
#include "importers/index/page_import.hpp"
#include "importers/index/wheel_list.hpp"

#include <set>

namespace torchpin {

namespace {

constexpr std::size_t max_data_file_bytes = 512u << 20;

} // namespace

DatasetImport load_dataset(const std::filesystem::path& data_dir) {
    const DatasetManifest manifest = read_dataset_manifest(data_dir);
    DatasetImport out;
    out.request.note = "dataset from data/manifest.json";
    out.request.data_as_of = manifest.data_as_of;
    out.request.created_at = manifest.built_at;
    // Citations first: every other table's "cites" must name one of them.
    std::set<std::string> citations;
    for (const DatasetSource& entry : manifest.sources) {
        if (entry.kind != "citations") {
            continue;
        }
        const SourceInfo source{"citations", "data/" + entry.file, "", entry.retrieved,
                                entry.origin};
        for (ListingImport& listing : read_dataset_table_file(
                 data_dir / entry.file, "data/" + entry.file, source, nullptr)) {
            if (listing.table != &citation_table()) {
                throw InputError(Diagnostic{utf8_of(data_dir / entry.file), 0, 0,
                                            "a citations file holds only [[citation]] entries",
                                            ""});
            }
            for (const RowValues& row : listing.rows) {
                citations.insert(*row[0]);
            }
            out.request.listings.push_back(std::move(listing));
        }
    }
    std::vector<const DatasetSource*> derivations;
    for (const DatasetSource& entry : manifest.sources) {
        const SourceInfo source{entry.kind, "data/" + entry.file, "", entry.retrieved,
                                entry.origin};
        if (entry.kind == "citations") {
            continue;
        }
        if (entry.kind == "derived-wheels") {
            derivations.push_back(&entry); // last: it reads the rows of every other file
            continue;
        }
        if (entry.kind == "wheel-list") {
            const TextInput list = TextInput::read_file(data_dir / entry.file, max_data_file_bytes);
            WheelListImport imported = import_wheel_list(list, "data/" + entry.file, source);
            for (const LinkIssue& issue : imported.issues) {
                out.warnings.push_back(render(issue.diagnostic, Severity::Warning));
            }
            out.request.listings.push_back(std::move(imported.listing));
            continue;
        }
        if (entry.kind == "tables") {
            for (ListingImport& listing : read_dataset_table_file(
                     data_dir / entry.file, "data/" + entry.file, source, &citations)) {
                out.request.listings.push_back(std::move(listing));
            }
            continue;
        }
        const auto kind = parse_page_kind(entry.kind);
        if (!kind) {
            throw InputError(Diagnostic{utf8_of(data_dir / "manifest.json"), 0, 0,
                                        "unknown kind \"" + entry.kind + "\" for " + entry.file +
                                            " (known: citations, tables, wheel-list, "
                                            "derived-wheels, simple-html, simple-json, "
                                            "find-links)",
                                        ""});
        }
        const TextInput page = TextInput::read_file(data_dir / entry.file, max_data_file_bytes);
        PageImport imported = import_index_page(page, entry.url, PageOptions{kind, false}, source);
        for (const LinkIssue& issue : imported.issues) {
            out.warnings.push_back(render(issue.diagnostic, Severity::Warning));
        }
        out.request.listings.push_back(std::move(imported.listing));
    }
    for (const DatasetSource* entry : derivations) {
        const SourceInfo source{entry->kind, "data/" + entry->file, "", entry->retrieved,
                                entry->origin};
        for (ListingImport& listing : derive_dataset_wheels(
                 data_dir / entry->file, source, citations, out.request.listings, out.warnings)) {
            out.request.listings.push_back(std::move(listing));
        }
    }
    return out;
}

} // namespace torchpin
