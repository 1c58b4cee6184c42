// read_html_tree with gumbo, an HTML5 parser: walks its tree for the elements written in the page.
#include "importers/index/html_tree.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
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

HtmlElement element_of(HtmlTag tag, const GumboNode* node) {
    HtmlElement element;
    element.tag = tag;
    element.offset = node->v.element.start_pos.offset;
    const GumboVector& attributes = node->v.element.attributes;
    element.attributes.reserve(attributes.length);
    for (unsigned i = 0; i < attributes.length; ++i) {
        const auto* attribute = static_cast<const GumboAttribute*>(attributes.data[i]);
        element.attributes.emplace_back(attribute->name, attribute->value);
    }
    if (tag != HtmlTag::Base) {
        element.text = text_of(node);
    }
    return element;
}

void visit(const GumboNode* node, HtmlTree& found) {
    found.has_markup = true;
    switch (node->v.element.tag) {
    case GUMBO_TAG_A:
        if (gumbo_get_attribute(&node->v.element.attributes, "href")) {
            found.elements.push_back(element_of(HtmlTag::A, node));
        }
        break;
    case GUMBO_TAG_BASE:
        found.elements.push_back(element_of(HtmlTag::Base, node));
        break;
    case GUMBO_TAG_H1:
        found.elements.push_back(element_of(HtmlTag::H1, node));
        break;
    default:
        break;
    }
}

} // namespace

// Elements the parser made up (an implied <body>, formatting elements cloned by the adoption
// agency algorithm) are skipped: a cloned <a> would list its file twice.
HtmlTree read_html_tree(std::string_view content) {
    const GumboTree tree(content);
    HtmlTree found;
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

} // namespace torchpin
