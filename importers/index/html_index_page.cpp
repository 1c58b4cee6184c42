// Walks gumbo's tree of an index page: its <a href> links, <base href> and "Links for" heading.
#include "importers/index/html_index_page.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "importers/index/listing_builder.hpp"
#include "importers/input/text_position.hpp"
#include "importers/input/url_reference.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gumbo.h>

namespace torchpin {

namespace {

// Gumbo's memory for one parse, taken from large blocks and released all at once: gumbo makes
// several small allocations per tag, attribute and text, and freeing its tree visits every node.
class ParseArena {
public:
    static void* allocate(void* arena, std::size_t size) {
        return static_cast<ParseArena*>(arena)->take(size);
    }
    static void release(void*, void*) {}

private:
    static constexpr std::size_t block_size = 256u << 10;
    static constexpr std::size_t alignment = alignof(std::max_align_t);

    void* take(std::size_t size) {
        size = (size + alignment - 1) / alignment * alignment;
        if (size > left_) {
            const std::size_t bytes = std::max(size, block_size);
            blocks_.push_back(std::make_unique_for_overwrite<std::byte[]>(bytes));
            next_ = blocks_.back().get();
            left_ = bytes;
        }
        void* out = next_;
        next_ += size;
        left_ -= size;
        return out;
    }

    std::vector<std::unique_ptr<std::byte[]>> blocks_;
    std::byte* next_ = nullptr;
    std::size_t left_ = 0;
};

// Owns gumbo's output for one parse. Gumbo recovers from every HTML error; recording them
// (max_errors 0 turns it off) would only cost an allocation each.
class GumboTree {
public:
    explicit GumboTree(std::string_view content)
        : options_(quiet_options(arena_))
        , output_(gumbo_parse_with_options(&options_, content.data(), content.size())) {}
    GumboTree(const GumboTree&) = delete;
    GumboTree& operator=(const GumboTree&) = delete;

    const GumboNode* document() const noexcept { return output_->document; }

private:
    static GumboOptions quiet_options(ParseArena& arena) {
        GumboOptions options = kGumboDefaultOptions;
        options.max_errors = 0;
        options.allocator = &ParseArena::allocate;
        options.deallocator = &ParseArena::release;
        options.userdata = &arena;
        return options;
    }
    ParseArena arena_;
    GumboOptions options_;
    GumboOutput* output_;
};

const GumboVector* children_of(const GumboNode* node) noexcept {
    switch (node->type) {
    case GUMBO_NODE_DOCUMENT:
        return &node->v.document.children;
    case GUMBO_NODE_ELEMENT:
    case GUMBO_NODE_TEMPLATE:
        return &node->v.element.children;
    default:
        return nullptr;
    }
}

// Pushes the children so that popping visits them in document order.
void push_children(std::vector<const GumboNode*>& pending, const GumboNode* node) {
    if (const GumboVector* children = children_of(node)) {
        for (unsigned i = children->length; i-- > 0;) {
            pending.push_back(static_cast<const GumboNode*>(children->data[i]));
        }
    }
}

std::optional<std::string_view> attribute(const GumboNode* element, const char* name) {
    const GumboAttribute* found = gumbo_get_attribute(&element->v.element.attributes, name);
    return found ? std::optional<std::string_view>(found->value) : std::nullopt;
}

std::string text_of(const GumboNode* node) {
    std::string text;
    std::vector<const GumboNode*> pending;
    push_children(pending, node);
    while (!pending.empty()) {
        const GumboNode* next = pending.back();
        pending.pop_back();
        if (next->type == GUMBO_NODE_TEXT || next->type == GUMBO_NODE_WHITESPACE ||
            next->type == GUMBO_NODE_CDATA) {
            text += next->v.text.text;
        }
        push_children(pending, next);
    }
    return text;
}

// What a walk over the tree found.
struct PageContent {
    std::vector<const GumboNode*> anchors; // <a href> written in the page, in document order
    std::optional<std::string_view> base_href;
    bool has_links_heading = false; // <h1>Links for …</h1>
    bool has_markup = false;        // a doctype or at least one tag written in the page
};

void visit(const GumboNode* element, PageContent& found) {
    found.has_markup = true;
    switch (element->v.element.tag) {
    case GUMBO_TAG_A:
        if (attribute(element, "href")) {
            found.anchors.push_back(element);
        }
        break;
    case GUMBO_TAG_BASE:
        if (!found.base_href) {
            found.base_href = attribute(element, "href");
        }
        break;
    case GUMBO_TAG_H1:
        found.has_links_heading =
            found.has_links_heading || trim_ascii(text_of(element)).starts_with("Links for");
        break;
    default:
        break;
    }
}

// Elements the parser made up (an implied <body>, formatting elements cloned by the adoption
// agency algorithm) are skipped: a cloned <a> would list its file twice.
PageContent walk(const GumboTree& tree) {
    PageContent found;
    found.has_markup = tree.document()->v.document.has_doctype;
    std::vector<const GumboNode*> pending{tree.document()};
    while (!pending.empty()) {
        const GumboNode* node = pending.back();
        pending.pop_back();
        if ((node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) &&
            (node->parse_flags & GUMBO_INSERTION_BY_PARSER) == 0) {
            visit(node, found);
        }
        push_children(pending, node);
    }
    return found;
}

std::string_view href_of(const GumboNode* anchor) {
    return trim_ascii(*attribute(anchor, "href"));
}

PageKind kind_of(const PageContent& found) {
    if (found.has_links_heading) {
        return PageKind::SimpleHtml;
    }
    bool in_directory = false;
    for (const GumboNode* anchor : found.anchors) {
        const std::string_view href = split_fragment(href_of(anchor)).url;
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
std::optional<std::string> core_metadata_of(const GumboNode* anchor) {
    auto value = attribute(anchor, "data-core-metadata");
    if (!value) {
        value = attribute(anchor, "data-dist-info-metadata");
    }
    if (!value || *value == "false") {
        return std::nullopt;
    }
    return value->starts_with("sha256=") ? std::string(*value) : std::string("true");
}

FileLink file_link(const GumboNode* anchor, std::string file_name, std::string url,
                   std::string_view fragment) {
    FileLink link;
    link.offset = anchor->v.element.start_pos.offset;
    link.file_name = std::move(file_name);
    link.url = std::move(url);
    link.sha256 = sha256_in_fragment(fragment);
    link.requires_python = non_empty(attribute(anchor, "data-requires-python"));
    if (const auto yanked = attribute(anchor, "data-yanked")) {
        link.yanked = true;
        link.yanked_reason = *yanked;
    }
    link.core_metadata = core_metadata_of(anchor);
    link.upload_time = non_empty(attribute(anchor, "data-upload-time"));
    return link;
}

void add_link(ListingBuilder& builder, std::string_view base, const GumboNode* anchor) {
    const auto [reference, fragment] = split_fragment(href_of(anchor));
    std::string url = resolve_url(base, reference);
    if (std::string file_name = url_file_name(url); !file_name.empty()) {
        builder.add_file(file_link(anchor, std::move(file_name), std::move(url), fragment));
        return;
    }
    if (url_directory(base).starts_with(url)) {
        return; // "../" or "./": the way up, not a project
    }
    std::string name(trim_ascii(text_of(anchor)));
    if (name.empty()) {
        name = url_file_name(std::string_view(url).substr(0, url.size() - 1));
    }
    builder.add_project(anchor->v.element.start_pos.offset, name, std::move(url));
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
    const GumboTree tree(page.content());
    const PageContent found = walk(tree);
    if (!found.has_markup) {
        reject_page(page, "this is not an HTML page: there is no tag in it (an index page lists "
                          "<a href=\"…\"> links)");
    }
    const std::string base = found.base_href ? resolve_url(page_url, trim_ascii(*found.base_href))
                                             : std::string(page_url);
    ListingBuilder builder(page, std::string(page_url), options.skip_invalid);
    builder.expect_links(found.anchors.size());
    for (const GumboNode* anchor : found.anchors) {
        add_link(builder, base, anchor);
    }
    return std::move(builder).finish(options.kind.value_or(kind_of(found)));
}

PageKind detect_html_page_kind(std::string_view content) {
    const GumboTree tree(content);
    return kind_of(walk(tree));
}

} // namespace torchpin
