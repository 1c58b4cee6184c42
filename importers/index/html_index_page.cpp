// Reads an index page's <a href> links, <base href> and "Links for" heading into a listing.
#include "importers/index/html_index_page.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "importers/index/html_tree.hpp"
#include "importers/index/listing_builder.hpp"
#include "importers/input/text_position.hpp"
#include "importers/input/url_reference.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchpin {

namespace {

// What the page's elements say; it points into the HtmlTree it was read from.
struct PageContent {
    std::vector<const HtmlElement*> anchors; // <a href> in document order
    std::optional<std::string_view> base_href;
    bool has_links_heading = false; // <h1>Links for …</h1>
};

PageContent content_of(const HtmlTree& tree) {
    PageContent found;
    for (const HtmlElement& element : tree.elements) {
        switch (element.tag) {
        case HtmlTag::A:
            found.anchors.push_back(&element);
            break;
        case HtmlTag::Base:
            if (!found.base_href) {
                found.base_href = element.attribute("href");
            }
            break;
        case HtmlTag::H1:
            found.has_links_heading =
                found.has_links_heading || trim_ascii(element.text).starts_with("Links for");
            break;
        }
    }
    return found;
}

std::string_view href_of(const HtmlElement& anchor) {
    return trim_ascii(*anchor.attribute("href"));
}

PageKind kind_of(const PageContent& found) {
    if (found.has_links_heading) {
        return PageKind::SimpleHtml;
    }
    bool in_directory = false;
    for (const HtmlElement* anchor : found.anchors) {
        const std::string_view href = split_fragment(href_of(*anchor)).url;
        if (href.ends_with('/')) {
            continue;
        }
        if (!is_relative_path(href)) {
            return PageKind::SimpleHtml;
        }
        in_directory = in_directory || href.find('/') != std::string_view::npos;
    }
    return in_directory ? PageKind::FindLinks : PageKind::SimpleHtml;
}

// "sha256=<hex>", possibly among other '&'-separated fragment parameters.
std::optional<std::string_view> sha256_in_fragment(std::string_view fragment) {
    while (!fragment.empty()) {
        const auto amp = fragment.find('&');
        if (const auto part = fragment.substr(0, amp); part.starts_with("sha256=")) {
            return part.substr(7);
        }
        fragment = amp == std::string_view::npos ? std::string_view() : fragment.substr(amp + 1);
    }
    return std::nullopt;
}

std::optional<std::string> non_empty(std::optional<std::string_view> value) {
    return value && !value->empty() ? std::optional<std::string>(*value) : std::nullopt;
}

// PEP 714's data-core-metadata, else PEP 658's data-dist-info-metadata: "true" or a hash.
std::optional<std::string> core_metadata_of(const HtmlElement& anchor) {
    auto value = anchor.attribute("data-core-metadata");
    if (!value) {
        value = anchor.attribute("data-dist-info-metadata");
    }
    if (!value || *value == "false") {
        return std::nullopt;
    }
    return value->starts_with("sha256=") ? std::string(*value) : std::string("true");
}

FileLink file_link(const HtmlElement& anchor, std::string file_name, std::string url,
                   std::string_view fragment) {
    FileLink link;
    link.offset = anchor.offset;
    link.file_name = std::move(file_name);
    link.url = std::move(url);
    link.sha256 = sha256_in_fragment(fragment);
    link.requires_python = non_empty(anchor.attribute("data-requires-python"));
    if (const auto yanked = anchor.attribute("data-yanked")) {
        link.yanked = true;
        link.yanked_reason = *yanked;
    }
    link.core_metadata = core_metadata_of(anchor);
    link.upload_time = non_empty(anchor.attribute("data-upload-time"));
    return link;
}

void add_link(ListingBuilder& builder, std::string_view base, const HtmlElement& anchor) {
    const auto [reference, fragment] = split_fragment(href_of(anchor));
    std::string url = resolve_url(base, reference);
    if (std::string file_name = url_file_name(url); !file_name.empty()) {
        builder.add_file(file_link(anchor, std::move(file_name), std::move(url), fragment));
        return;
    }
    if (url_directory(base).starts_with(url)) {
        return; // "../" or "./": the way up, not a project
    }
    std::string name(trim_ascii(anchor.text));
    if (name.empty()) {
        name = url_file_name(std::string_view(url).substr(0, url.size() - 1));
    }
    builder.add_project(anchor.offset, name, std::move(url));
}

[[noreturn]] void reject_page(const TextInput& page, std::string message) {
    const std::string& content = page.content();
    std::size_t first_text = 0;
    while (first_text < content.size() && is_ascii_space(content[first_text])) {
        ++first_text;
    }
    throw InputError(diagnostic_at(page, first_text, std::move(message)));
}

} // namespace

IndexListing parse_html_page(const TextInput& page, std::string_view page_url,
                             const PageOptions& options) {
    if (trim_ascii(page.content()).empty()) {
        reject_page(page, "the page is empty");
    }
    const HtmlTree tree = read_html_tree(page.content());
    if (!tree.has_markup) {
        reject_page(page, "this is not an HTML page: there is no tag in it (an index page lists "
                          "<a href=\"…\"> links)");
    }
    const PageContent found = content_of(tree);
    const std::string base = found.base_href ? resolve_url(page_url, trim_ascii(*found.base_href))
                                             : std::string(page_url);
    ListingBuilder builder(page, std::string(page_url), options.skip_invalid);
    builder.expect_links(found.anchors.size());
    for (const HtmlElement* anchor : found.anchors) {
        add_link(builder, base, *anchor);
    }
    return std::move(builder).finish(options.kind.value_or(kind_of(found)));
}

PageKind detect_html_page_kind(std::string_view content) {
    const HtmlTree tree = read_html_tree(content);
    return kind_of(content_of(tree));
}

} // namespace torchpin
