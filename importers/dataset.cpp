// load_dataset: the manifest's files through their importers, into one ImportRequest.
#include "importers/dataset.hpp"

#include "engine/diagnostic.hpp"
#include "importers/dataset_manifest.hpp"
#include "importers/page_import.hpp"

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
    for (const DatasetSource& entry : manifest.sources) {
        const auto kind = parse_page_kind(entry.kind);
        if (!kind) {
            throw InputError(Diagnostic{(data_dir / "manifest.json").string(), 0, 0,
                                        "unknown kind \"" + entry.kind + "\" for " + entry.file,
                                        ""});
        }
        const TextInput page = TextInput::read_file(data_dir / entry.file, max_data_file_bytes);
        PageImport imported = import_index_page(
            page, entry.url, PageOptions{kind, false},
            SourceInfo{"", "data/" + entry.file, "", entry.retrieved, entry.origin});
        for (const LinkIssue& issue : imported.issues) {
            out.warnings.push_back(render(issue.diagnostic, Severity::Warning));
        }
        out.request.listings.push_back(std::move(imported.listing));
    }
    return out;
}

} // namespace torchpin
