// Chooses the JSON or the HTML parser for a page, from a forced kind or the page's first byte.
#include "importers/index/index_page.hpp"

#include "engine/base/text_scanner.hpp"
#include "importers/index/html_index_page.hpp"
#include "importers/index/json_index_page.hpp"

namespace torchpin {

namespace {

bool is_json(std::string_view content, std::string_view name) {
    if (content.starts_with("\xEF\xBB\xBF")) {
        content.remove_prefix(3); // a UTF-8 byte order mark
    }
    content = trim_ascii(content);
    if (content.starts_with('{')) {
        return true;
    }
    return !content.starts_with('<') && name.ends_with("json");
}

} // namespace

PageKind detect_page_kind(std::string_view content, std::string_view name) {
    return is_json(content, name) ? PageKind::SimpleJson : detect_html_page_kind(content);
}

IndexListing parse_index_page(const TextInput& page, std::string_view page_url,
                              const PageOptions& options) {
    const bool json = options.kind ? *options.kind == PageKind::SimpleJson
                                   : is_json(page.content(), page.origin());
    return json ? parse_json_page(page, page_url, options)
                : parse_html_page(page, page_url, options);
}

} // namespace torchpin
