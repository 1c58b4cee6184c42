// The link checks shared by every page parser: wheel names, hashes, backends, duplicates.
#pragma once

#include "engine/hardware/backend.hpp"
#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace torchpin {

// One file as a page states it, before it is checked and typed.
struct FileLink {
    std::size_t offset = 0; // byte offset of its <a> or JSON entry, for diagnostics
    std::string file_name;  // decoded: "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl"
    std::string url;        // resolved against the page URL, without the fragment
    std::optional<std::string_view> sha256;     // hex as written; checked and lowercased
    std::optional<std::string> requires_python; // unescaped
    bool yanked = false;
    std::string yanked_reason;
    std::optional<std::string> core_metadata; // "true" or "sha256=<hex as written>"
    std::optional<std::string> upload_time;
};

// Collects one page's links in page order: `ListingBuilder b(page, url, options.skip_invalid);
// b.add_file(link); … return std::move(b).finish(PageKind::SimpleHtml);`
class ListingBuilder {
public:
    ListingBuilder(const TextInput& page, std::string page_url, bool skip_invalid);

    const std::string& page_url() const noexcept { return page_url_; }

    // Reserves room for about `count` links (most pages list only wheels).
    void expect_links(std::size_t count);
    // A wheel becomes a row (or an error when its name or a hash is invalid); any other file is
    // counted in other_files. A URL seen before is a DuplicateFile issue; the first link stays.
    // The same file name at another URL is another file (torch_stable.html lists
    // "torch-1.0.0-cp27-cp27mu-linux_x86_64.whl" in cpu/, cu80/, cu90/ and cu100/).
    void add_file(FileLink link);
    // A project link of a root page; `name` must be a valid project name.
    void add_project(std::size_t offset, std::string_view name, std::string url);
    // A link or entry that cannot be read: throws InputError located at `offset`, or with
    // skip_invalid records an InvalidLink issue about `subject` and goes on.
    void reject(std::size_t offset, std::string subject, std::string message);

    IndexListing finish(PageKind kind) &&;

private:
    using FirstOffsets = std::unordered_map<std::string, std::size_t>;
    // Whether `key` is new in `seen`; otherwise records a DuplicateFile issue about `subject`.
    bool first_time(FirstOffsets& seen, const std::string& key, std::size_t offset,
                    const std::string& subject);
    std::optional<Backend> backend_of(const WheelFilename& wheel, const FileLink& link);

    const TextInput& page_;
    bool skip_invalid_;
    std::string page_url_;
    std::optional<Backend> page_backend_;
    FirstOffsets file_offsets_;    // by URL
    FirstOffsets project_offsets_; // by normalized project name
    IndexListing listing_;
};

} // namespace torchpin
