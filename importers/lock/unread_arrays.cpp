// without_unread_items: a strict recognizer of uv's one-line dependency items, whose lines are
// then left out of the text toml++ parses.
#include "importers/lock/unread_arrays.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace torchpin {

namespace {

// One line read as an array item of the shape uv writes:
//   item   = ws table ws [","] ws
//   table  = "{" ws [pair *(ws "," ws pair)] ws "}"     (keys distinct)
//   pair   = key ws "=" ws value
//   value  = string / "[" ws [string *(ws "," ws string) [ws ","]] ws "]" / table (one level)
//   key    = 1*(ALPHA / DIGIT / "-" / "_");  string = '"' *(printable ASCII but '"' and '\',
//   or tab) '"';  ws = *(" " / tab)
// Each rule is a subset of TOML 1.0's, so an item it accepts is one toml++ accepts.
class ItemLine {
public:
    explicit ItemLine(std::string_view line)
        : line_(line) {}

    // Whether the line is such an item, and whether a comma follows it; nothing when it is not.
    std::optional<bool> read() {
        space();
        if (!table(1)) {
            return std::nullopt;
        }
        space();
        const bool comma = take(',');
        space();
        if (at_ < line_.size()) {
            return std::nullopt;
        }
        return comma;
    }

private:
    bool take(char c) {
        if (at_ < line_.size() && line_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }

    void space() {
        while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t')) {
            ++at_;
        }
    }

    static bool bare_key_character(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '_';
    }

    std::optional<std::string_view> key() {
        const std::size_t begin = at_;
        while (at_ < line_.size() && bare_key_character(line_[at_])) {
            ++at_;
        }
        if (at_ == begin) {
            return std::nullopt;
        }
        return line_.substr(begin, at_ - begin);
    }

    // Whether none of the eight bytes of `word` ends a basic string or needs a closer look: each
    // is printable ASCII, not '"' and not '\\' (the markers uv writes run to kilobytes).
    static bool plain(std::uint64_t word) noexcept {
        constexpr std::uint64_t ones = 0x0101010101010101ULL;
        constexpr std::uint64_t highs = 0x8080808080808080ULL;
        const auto has_zero = [](std::uint64_t w) { return ((w - ones) & ~w & highs) != 0; };
        const bool control = ((word - 0x20 * ones) & ~word & highs) != 0;
        const bool high = ((word | (word + ones)) & highs) != 0; // 0x7f and above
        return !control && !high && !has_zero(word ^ ('"' * ones)) &&
               !has_zero(word ^ ('\\' * ones));
    }

    // Moves past the bytes of a string that need no closer look, eight at a time.
    void skip_plain() {
        for (std::uint64_t word = 0; at_ + 8 <= line_.size(); at_ += 8) {
            std::memcpy(&word, line_.data() + at_, 8);
            if (!plain(word)) {
                return;
            }
        }
    }

    bool string() {
        if (!take('"')) {
            return false;
        }
        while (at_ < line_.size()) {
            skip_plain();
            if (at_ >= line_.size()) {
                break;
            }
            const auto c = static_cast<unsigned char>(line_[at_++]);
            if (c == '"') {
                return true;
            }
            if ((c < 0x20 && c != '\t') || c >= 0x7f || c == '\\') {
                return false;
            }
        }
        return false;
    }

    bool string_array() {
        if (!take('[')) {
            return false;
        }
        space();
        if (take(']')) {
            return true;
        }
        while (true) {
            if (!string()) {
                return false;
            }
            space();
            if (take(']')) {
                return true;
            }
            if (!take(',')) {
                return false;
            }
            space();
            if (take(']')) {
                return true;
            }
        }
    }

    // An inline table whose values may be inline tables themselves `depth` levels down.
    bool table(int depth) {
        if (!take('{')) {
            return false;
        }
        space();
        if (take('}')) {
            return true;
        }
        std::vector<std::string_view> keys;
        while (true) {
            const std::optional<std::string_view> name = key();
            if (!name || std::ranges::find(keys, *name) != keys.end()) {
                return false;
            }
            keys.push_back(*name);
            space();
            if (!take('=')) {
                return false;
            }
            space();
            if (!value(depth)) {
                return false;
            }
            space();
            if (take('}')) {
                return true;
            }
            if (!take(',')) {
                return false;
            }
            space();
        }
    }

    bool value(int depth) {
        if (at_ >= line_.size()) {
            return false;
        }
        switch (line_[at_]) {
        case '"':
            return string();
        case '[':
            return string_array();
        case '{':
            return depth > 0 && table(depth - 1);
        default:
            return false;
        }
    }

    std::string_view line_;
    std::size_t at_ = 0;
};

bool opens_unread_array(std::string_view line, UnreadArrays keys) {
    constexpr std::string_view opening = " = [";
    return line.ends_with(opening) &&
           std::ranges::find(keys, line.substr(0, line.size() - opening.size())) != keys.end();
}

// The number of item lines of the unread array that `lines` start with (after its opening
// line), when they and the closing line that follows are as without_unread_items says; 0 when
// they are not.
std::size_t items_of_unread_array(std::span<const TextLine> lines) {
    std::size_t count = 0;
    for (const TextLine& line : lines) {
        if (line.text == "]") {
            return count;
        }
        const std::optional<bool> comma = ItemLine(line.text).read();
        if (!comma) {
            return 0;
        }
        ++count;
        if (!*comma) { // the last item: the closing line must follow
            return count < lines.size() && lines[count].text == "]" ? count : 0;
        }
    }
    return 0; // no closing line
}

} // namespace

std::optional<std::string>
without_unread_items(std::string_view text, std::span<const TextLine> lines, UnreadArrays keys) {
    if (keys.empty() || text.find(R"(""")") != std::string_view::npos ||
        text.find("'''") != std::string_view::npos) {
        return std::nullopt;
    }
    std::optional<std::string> kept;
    std::size_t copied = 0; // the offset in `text` up to which `kept` holds it
    for (std::size_t n = 0; n < lines.size(); ++n) {
        if (!opens_unread_array(lines[n].text, keys)) {
            continue;
        }
        const std::size_t items = items_of_unread_array(lines.subspan(n + 1));
        if (items == 0) {
            continue;
        }
        if (!kept) {
            kept.emplace();
            kept->reserve(text.size());
        }
        for (const TextLine& item : lines.subspan(n + 1, items)) {
            const auto begin = static_cast<std::size_t>(item.text.data() - text.data());
            kept->append(text.substr(copied, begin - copied));
            copied = begin + item.text.size(); // the line's end stays
        }
        n += items;
    }
    if (!kept) {
        return std::nullopt;
    }
    kept->append(text.substr(copied));
    return kept;
}

} // namespace torchpin
