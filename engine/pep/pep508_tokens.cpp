// PEP 508 token matchers: packaging's regular expressions, written out as greedy scanners.
#include "engine/pep/pep508_tokens.hpp"

#include "engine/base/text_scanner.hpp"

namespace torchpin::pep508 {

namespace {

// The text from `at` on; empty past the end.
std::string_view rest(std::string_view text, std::size_t at) noexcept {
    return at < text.size() ? text.substr(at) : std::string_view();
}

bool is_word_byte(std::string_view text, std::size_t at) noexcept {
    if (at >= text.size()) {
        return false;
    }
    const auto c = static_cast<unsigned char>(text[at]);
    return is_ascii_alnum(text[at]) || c == '_' || c >= 0x80;
}

// Python's \b: a word character on exactly one side of `at`.
bool at_word_boundary(std::string_view text, std::size_t at) noexcept {
    const bool before = at > 0 && is_word_byte(text, at - 1);
    return before != is_word_byte(text, at);
}

bool is_name_byte(char c) noexcept {
    return is_ascii_alnum(c) || c == '.' || c == '_' || c == '-';
}

bool is_version_separator(char c) noexcept {
    return c == '-' || c == '_' || c == '.';
}

// The spellings packaging's VARIABLE rule accepts, as whole words.
constexpr std::string_view variable_spellings[] = {
    "python_version",
    "python_full_version",
    "os_name",
    "os.name",
    "sys_platform",
    "sys.platform",
    "platform_release",
    "platform_system",
    "platform_version",
    "platform.version",
    "platform_machine",
    "platform.machine",
    "platform_python_implementation",
    "platform.python_implementation",
    "python_implementation",
    "implementation_name",
    "implementation_version",
    "extras",
    "extra",
    "dependency_groups",
};

// A cursor for the Specifier regular expression (case-insensitive, so "V1.0RC1" matches). Each
// optional part either matches whole or leaves the cursor where it was, as the regex engine's
// backtracking does.
class SpecifierMatcher {
public:
    SpecifierMatcher(std::string_view text, std::size_t at)
        : text_(text)
        , pos_(at) {}

    std::size_t position() const noexcept { return pos_; }

    bool literal(std::string_view word) noexcept {
        if (iequals(rest(text_, pos_).substr(0, word.size()), word)) {
            pos_ += word.size();
            return true;
        }
        return false;
    }
    bool one_of(std::initializer_list<std::string_view> words) noexcept {
        for (std::string_view word : words) {
            if (literal(word)) {
                return true;
            }
        }
        return false;
    }
    // \s*, with Python's Unicode whitespace.
    void spaces() noexcept {
        while (const std::size_t n = leading_space_length(rest(text_, pos_))) {
            pos_ += n;
        }
    }
    std::size_t digits() noexcept {
        const std::size_t start = pos_;
        while (pos_ < text_.size() && is_ascii_digit(text_[pos_])) {
            ++pos_;
        }
        return pos_ - start;
    }
    void separator() noexcept {
        if (pos_ < text_.size() && is_version_separator(text_[pos_])) {
            ++pos_;
        }
    }

    // v? (epoch!)? release, with at least `components` release numbers.
    bool release(std::size_t components) noexcept {
        spaces();
        literal("v");
        const std::size_t before_epoch = pos_;
        const bool epoch = digits() > 0 && literal("!");
        if (!epoch || pos_ == text_.size() || !is_ascii_digit(text_[pos_])) {
            pos_ = before_epoch; // "1!" without a release after it is no epoch: "012!)" reads "012"
        }
        if (digits() == 0) {
            return false;
        }
        std::size_t count = 1;
        while (true) {
            const std::size_t before = pos_;
            if (!(literal(".") && digits() > 0)) {
                pos_ = before;
                break;
            }
            ++count;
        }
        return count >= components;
    }
    // [-_.]?(alpha|beta|preview|pre|a|b|c|rc)[-_.]?[0-9]*
    void pre_release() noexcept {
        attempt([&] {
            separator();
            if (!one_of({"alpha", "beta", "preview", "pre", "a", "b", "c", "rc"})) {
                return false;
            }
            separator();
            digits();
            return true;
        });
    }
    // -[0-9]+ | [-_.]?(post|rev|r)[-_.]?[0-9]*
    void post_release() noexcept {
        if (attempt([&] { return literal("-") && digits() > 0; })) {
            return;
        }
        attempt([&] {
            separator();
            if (!one_of({"post", "rev", "r"})) {
                return false;
            }
            separator();
            digits();
            return true;
        });
    }
    // [-_.]?dev[-_.]?[0-9]*
    void dev_release() noexcept {
        attempt([&] {
            separator();
            if (!literal("dev")) {
                return false;
            }
            separator();
            digits();
            return true;
        });
    }
    // \+[a-z0-9]+([-_.][a-z0-9]+)*
    void local_label() noexcept {
        attempt([&] {
            if (!literal("+") || alnums() == 0) {
                return false;
            }
            while (attempt([&] {
                const bool separated = pos_ < text_.size() && is_version_separator(text_[pos_]);
                pos_ += separated ? 1 : 0;
                return separated && alnums() > 0;
            })) {
            }
            return true;
        });
    }

private:
    template <class Part>
    bool attempt(Part part) noexcept {
        const std::size_t before = pos_;
        if (part()) {
            return true;
        }
        pos_ = before;
        return false;
    }
    std::size_t alnums() noexcept {
        const std::size_t start = pos_;
        while (pos_ < text_.size() && is_ascii_alnum(text_[pos_])) {
            ++pos_;
        }
        return pos_ - start;
    }

    std::string_view text_;
    std::size_t pos_;
};

// The rest of "===", anything but whitespace, ';' and ')'.
std::size_t arbitrary_length(std::string_view text, std::size_t at) noexcept {
    SpecifierMatcher matcher(text, at);
    matcher.spaces();
    std::size_t end = matcher.position();
    while (end < text.size() && text[end] != ';' && text[end] != ')' &&
           leading_space_length(rest(text, end)) == 0) {
        ++end;
    }
    return end - at;
}

} // namespace

std::size_t whitespace_length(std::string_view text, std::size_t at) noexcept {
    std::size_t end = at;
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) {
        ++end;
    }
    return end - at;
}

std::size_t identifier_length(std::string_view text, std::size_t at) noexcept {
    if (at >= text.size() || !is_ascii_alnum(text[at]) || !at_word_boundary(text, at)) {
        return 0;
    }
    std::size_t end = at + 1;
    while (end < text.size() && is_name_byte(text[end])) {
        ++end;
    }
    while (end > at && !at_word_boundary(text, end)) {
        --end; // give back trailing characters until the name ends on a word boundary
    }
    return end - at;
}

std::size_t keyword_length(std::string_view text, std::size_t at, std::string_view word) noexcept {
    const bool found = rest(text, at).substr(0, word.size()) == word &&
                       at_word_boundary(text, at) && at_word_boundary(text, at + word.size());
    return found ? word.size() : 0;
}

std::size_t variable_length(std::string_view text, std::size_t at) noexcept {
    for (std::string_view spelling : variable_spellings) {
        if (const std::size_t length = keyword_length(text, at, spelling)) {
            return length;
        }
    }
    return 0;
}

std::size_t quoted_string_length(std::string_view text, std::size_t at) noexcept {
    if (at >= text.size() || (text[at] != '\'' && text[at] != '"')) {
        return 0;
    }
    const std::size_t close = text.find(text[at], at + 1);
    return close == std::string_view::npos ? 0 : close + 1 - at;
}

std::size_t specifier_length(std::string_view text, std::size_t at) noexcept {
    SpecifierMatcher matcher(text, at);
    if (matcher.literal("===")) {
        return 3 + arbitrary_length(text, at + 3);
    }
    if (matcher.one_of({"==", "!="})) {
        if (!matcher.release(1)) {
            return 0;
        }
        if (!matcher.literal(".*")) {
            matcher.pre_release();
            matcher.post_release();
            matcher.dev_release();
            matcher.local_label();
        }
        return matcher.position() - at;
    }
    const bool compatible = matcher.literal("~=");
    if (!compatible && !matcher.one_of({"<=", ">=", "<", ">"})) {
        return 0;
    }
    if (!matcher.release(compatible ? 2 : 1)) {
        return 0;
    }
    matcher.pre_release();
    matcher.post_release();
    matcher.dev_release();
    return matcher.position() - at;
}

std::size_t prefix_trail_length(std::string_view text, std::size_t at) noexcept {
    return rest(text, at).substr(0, 2) == ".*" ? 2 : 0;
}

std::size_t local_label_trail_length(std::string_view text, std::size_t at) noexcept {
    const auto is_lower_alnum = [&](std::size_t i) {
        return i < text.size() && (is_ascii_digit(text[i]) || (text[i] >= 'a' && text[i] <= 'z'));
    };
    if (at >= text.size() || text[at] != '+' || !is_lower_alnum(at + 1)) {
        return 0;
    }
    std::size_t end = at + 1;
    while (true) {
        while (is_lower_alnum(end)) {
            ++end;
        }
        if (end < text.size() && is_version_separator(text[end]) && is_lower_alnum(end + 1)) {
            ++end;
            continue;
        }
        return end - at;
    }
}

std::size_t url_length(std::string_view text, std::size_t at) noexcept {
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') {
        ++end;
    }
    return end - at;
}

} // namespace torchpin::pep508
