// import_index_page: parse, then shape the rows and the source for MatrixStore::import.
#include "importers/index/page_import.hpp"

#include "engine/base/sha256.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "importers/index/index_page.hpp"

namespace torchpin {

PageImport import_index_page(const TextInput& page, const std::string& page_url,
                             const PageOptions& options, SourceInfo source) {
    IndexListing parsed = parse_index_page(page, page_url, options);
    source.kind = std::string(name(parsed.kind));
    source.digest = sha256_hex(page.content());
    PageImport out{ListingImport{&wheel_file_table(), page_url, std::move(source), {}},
                   std::move(parsed.issues),
                   std::move(parsed.other_files),
                   {}};
    out.listing.rows.reserve(parsed.wheels.size());
    for (const IndexFile& file : parsed.wheels) {
        out.listing.rows.push_back(to_row(file));
    }
    out.files = std::move(parsed.wheels);
    return out;
}

} // namespace torchpin
