// import_page_files: the read-and-parse loop of an import of page files.
#include "importers/page_files.hpp"

namespace torchpin {

void import_page_files(const std::vector<PageFile>& files, const PageOptions& options,
                       std::size_t max_bytes, const std::function<void(PageImport&&)>& consume) {
    for (const PageFile& file : files) {
        const TextInput page = TextInput::read_file(file.path, max_bytes);
        consume(
            import_index_page(page, file.url, options,
                              SourceInfo{"", file.url, "", utc_now_iso8601(), file.path.string()}));
    }
}

} // namespace torchpin
