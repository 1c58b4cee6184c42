// read_html_tree with libxml2's HTML parser, through its SAX callbacks: no tree is built.
#include "importers/index/html_tree.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

namespace torchpin {

namespace {

std::string_view view(const xmlChar* text) {
    return text ? std::string_view(reinterpret_cast<const char*>(text)) : std::string_view();
}

std::optional<HtmlTag> tag_named(std::string_view name) {
    if (name == "a") {
        return HtmlTag::A;
    }
    if (name == "base") {
        return HtmlTag::Base;
    }
    if (name == "h1") {
        return HtmlTag::H1;
    }
    return std::nullopt;
}

// Elements whose content HTML5 reads as text (or, in <select>, drops the tags of), where libxml2
// reads tags: <title><a href="x.whl"></title> lists no file.
bool holds_only_text(std::string_view name) {
    for (const std::string_view text_only :
         {"title", "textarea", "select", "iframe", "xmp", "plaintext", "noembed", "noframes"}) {
        if (name == text_only) {
            return true;
        }
    }
    return false;
}

// What may follow the first letter of a tag name for libxml2 (htmlParseHTMLName).
bool is_tag_name_char(char c) {
    return is_ascii_alnum(c) || c == ':' || c == '-' || c == '_' || c == '.';
}

// Whether `text` (what follows a '<') opens the tag `name`: "A HREF=…" opens "a".
bool opens_tag(std::string_view text, std::string_view name) {
    return text.size() >= name.size() && iequals(text.substr(0, name.size()), name) &&
           (text.size() == name.size() || !is_tag_name_char(text[name.size()]));
}

// Builds the HtmlTree from libxml2's SAX events. libxml2 tells where an element starts only as a
// line number, so each start tag is found in the content: its event comes when the parser has
// read up to the tag's '>', and the tag is the first "<name" since the event before it. Events
// that libxml2 sends from within a start tag (closing the elements that the tag closes, opening
// implied ones) do not move that mark. An element with no such tag is one the parser made up (an
// implied <html>, <body> or <p>), and so is a tag that the end of the page cut off before its
// '>', which an HTML5 parser drops.
class TreeCollector {
public:
    TreeCollector(const htmlParserCtxt& parser, std::string_view content)
        : parser_(parser)
        , content_(content) {}

    static void start_element(void* self, const xmlChar* name, const xmlChar** attributes) {
        static_cast<TreeCollector*>(self)->start(view(name), attributes);
    }
    static void end_element(void* self, const xmlChar*) {
        static_cast<TreeCollector*>(self)->end();
    }
    static void characters(void* self, const xmlChar* text, int length) {
        auto& collector = *static_cast<TreeCollector*>(self);
        collector.add_text(std::string_view(reinterpret_cast<const char*>(text),
                                            static_cast<std::size_t>(length)));
        collector.mark_read();
    }
    static void comment(void* self, const xmlChar*) {
        static_cast<TreeCollector*>(self)->mark_read();
    }
    static void processing_instruction(void* self, const xmlChar*, const xmlChar*) {
        static_cast<TreeCollector*>(self)->mark_read();
    }
    static void doctype(void* self, const xmlChar*, const xmlChar*, const xmlChar*) {
        auto& collector = *static_cast<TreeCollector*>(self);
        collector.tree_.has_markup = true;
        collector.mark_read();
    }

    HtmlTree take() && { return std::move(tree_); }

private:
    void start(std::string_view name, const xmlChar** attributes) {
        const std::optional<std::size_t> written_at = find_start_tag(name);
        tree_.has_markup = tree_.has_markup || written_at.has_value();
        const std::optional<HtmlTag> tag = tag_named(name);
        OpenElement& opened = open_.emplace_back();
        if (!written_at || inside_text_only_ > 0) {
            return;
        }
        if (holds_only_text(name)) {
            opened.holds_only_text = true;
            ++inside_text_only_;
            return;
        }
        if (tag == HtmlTag::A) {
            stop_anchor_text();
        }
        if (!tag || (*tag == HtmlTag::A && !has_href(attributes))) {
            return;
        }
        HtmlElement element;
        element.tag = *tag;
        element.offset = *written_at;
        for (const xmlChar** at = attributes; at && *at; at += 2) {
            element.attributes.emplace_back(view(at[0]), view(at[1]));
        }
        if (*tag != HtmlTag::Base) {
            opened.element = tree_.elements.size();
            collecting_text_.push_back(*opened.element);
        }
        tree_.elements.push_back(std::move(element));
    }

    void end() {
        if (open_.empty()) {
            return;
        }
        const OpenElement closed = open_.back();
        open_.pop_back();
        inside_text_only_ -= closed.holds_only_text ? 1 : 0;
        if (closed.element) {
            std::erase(collecting_text_, *closed.element);
        }
    }

    // An <a> start tag ends any <a> still open, for HTML5 (libxml2 nests the second one when an
    // element is open between them: <li><a>torch<li><a>torchvision).
    void stop_anchor_text() {
        std::erase_if(collecting_text_,
                      [&](std::size_t index) { return tree_.elements[index].tag == HtmlTag::A; });
    }

    void add_text(std::string_view text) {
        for (const std::size_t index : collecting_text_) {
            tree_.elements[index].text += text;
        }
    }

    static bool has_href(const xmlChar** attributes) {
        for (const xmlChar** at = attributes; at && *at; at += 2) {
            if (view(*at) == "href") {
                return true;
            }
        }
        return false;
    }

    // How far into the content the parser has read. The content is valid UTF-8 (TextInput), so
    // libxml2 reads it as it is; were it not, libxml2 would re-read the rest as Latin-1, counting
    // bytes of its UTF-8 copy, and tags would be found a little later than they are.
    std::size_t read_position() const {
        const xmlParserInput& input = *parser_.input;
        const auto position = static_cast<std::size_t>(input.consumed) +
                              static_cast<std::size_t>(input.cur - input.base);
        return std::min(position, content_.size());
    }

    void mark_read() { unmatched_from_ = std::max(unmatched_from_, read_position()); }

    std::optional<std::size_t> find_start_tag(std::string_view name) {
        const std::size_t end = read_position();
        if (end >= content_.size() || end < unmatched_from_) {
            return std::nullopt;
        }
        const std::string_view unmatched = content_.substr(0, end);
        for (std::size_t at = unmatched.find('<', unmatched_from_); at != std::string_view::npos;
             at = unmatched.find('<', at + 1)) {
            if (opens_tag(content_.substr(at + 1), name)) {
                unmatched_from_ = end;
                return at;
            }
        }
        return std::nullopt;
    }

    struct OpenElement {
        std::optional<std::size_t> element; // its index in tree_.elements, for <a href> and <h1>
        bool holds_only_text = false;
    };

    const htmlParserCtxt& parser_;
    std::string_view content_;
    std::size_t unmatched_from_ = 0;           // where the next start tag may begin
    std::vector<OpenElement> open_;            // one per element libxml2 has open
    int inside_text_only_ = 0;                 // how many of them hold only text
    std::vector<std::size_t> collecting_text_; // open <a> and <h1> whose text is still growing
    HtmlTree tree_;
};

xmlSAXHandler collector_callbacks() {
    xmlSAXHandler callbacks{};
    callbacks.initialized = 1;
    callbacks.startElement = &TreeCollector::start_element;
    callbacks.endElement = &TreeCollector::end_element;
    callbacks.characters = &TreeCollector::characters;
    callbacks.ignorableWhitespace = &TreeCollector::characters;
    callbacks.cdataBlock = &TreeCollector::characters; // <script> and <style>, text as for gumbo
    callbacks.comment = &TreeCollector::comment;
    callbacks.processingInstruction = &TreeCollector::processing_instruction;
    callbacks.internalSubset = &TreeCollector::doctype;
    return callbacks;
}

void ignore_error(void*, xmlErrorPtr) {}
void ignore_message(void*, const char*, ...) {}

struct FreeParser {
    void operator()(htmlParserCtxtPtr parser) const { htmlFreeParserCtxt(parser); }
};

// Errors are never printed (the parser's and the encoders', which bypass its options); the page
// is read as UTF-8 whatever a <meta charset> says, as gumbo reads it; nothing is fetched.
constexpr int parse_options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                              HTML_PARSE_NONET | HTML_PARSE_IGNORE_ENC;

} // namespace

HtmlTree read_html_tree(std::string_view content) {
    if (content.empty()) {
        return {};
    }
    if (content.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        throw std::length_error("an HTML page of 2 GiB or more");
    }
    [[maybe_unused]] static const bool initialized = (xmlInitParser(), true); // once, thread-safe
    xmlSetStructuredErrorFunc(nullptr, &ignore_error); // this thread's handlers
    xmlSetGenericErrorFunc(nullptr, &ignore_message);

    const std::unique_ptr<htmlParserCtxt, FreeParser> parser(
        htmlCreateMemoryParserCtxt(content.data(), static_cast<int>(content.size())));
    if (!parser) {
        throw std::bad_alloc();
    }
    TreeCollector collector(*parser, content);
    *parser->sax = collector_callbacks();
    parser->userData = &collector;
    htmlCtxtUseOptions(parser.get(), parse_options);
    htmlParseDocument(parser.get());
    return std::move(collector).take();
}

} // namespace torchpin
