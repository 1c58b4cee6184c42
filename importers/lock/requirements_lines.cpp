// requirements_lines: pip's join_lines, ignore_comments and expand_env_variables, with positions.
#include "importers/lock/requirements_lines.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// Python's str.isspace() for the ASCII range, which is what requirements files contain.
bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

// pip's COMMENT_RE.match: a line that starts with '#', after optional whitespace.
bool is_comment_line(std::string_view line) noexcept {
    const auto first = std::find_if_not(line.begin(), line.end(), is_space);
    return first != line.end() && *first == '#';
}

bool is_variable_name_char(char c) noexcept {
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

LinePosition RequirementsLine::position_of(std::size_t offset) const {
    if (pieces_.empty()) {
        return LinePosition{first_line_, 1};
    }
    auto after = std::upper_bound(pieces_.begin(), pieces_.end(), offset,
                                  [](std::size_t o, const Piece& p) { return o < p.offset; });
    const Piece& piece = after == pieces_.begin() ? pieces_.front() : *std::prev(after);
    if (piece.collapsed || offset < piece.offset) {
        return piece.start;
    }
    return LinePosition{piece.start.line, piece.start.column + (offset - piece.offset)};
}

// Builds a RequirementsLine piece by piece.
class RequirementsLineBuilder {
public:
    explicit RequirementsLineBuilder(std::size_t first_line) { line_.first_line_ = first_line; }

    void append_physical(std::string_view text, LinePosition start) {
        if (!text.empty()) {
            line_.pieces_.push_back({line_.text_.size(), start, false});
            line_.text_ += text;
        }
    }

    void append_collapsed(std::string_view text, LinePosition at) {
        if (!text.empty()) {
            line_.pieces_.push_back({line_.text_.size(), at, true});
            line_.text_ += text;
        }
    }

    // Bytes [begin, end) of `from`, keeping where each was written.
    void append_range(const RequirementsLine& from, std::size_t begin, std::size_t end) {
        while (begin < end) {
            auto after = std::upper_bound(
                from.pieces_.begin(), from.pieces_.end(), begin,
                [](std::size_t o, const RequirementsLine::Piece& p) { return o < p.offset; });
            const std::size_t piece_end = after == from.pieces_.end() ? end : after->offset;
            const std::size_t stop = std::min(end, piece_end);
            const std::string_view text = std::string_view(from.text_).substr(begin, stop - begin);
            const LinePosition start = from.position_of(begin);
            if (std::prev(after)->collapsed) {
                append_collapsed(text, start);
            } else {
                append_physical(text, start);
            }
            begin = stop;
        }
    }

    void set_comment(std::string comment) { line_.comment_ = std::move(comment); }
    RequirementsLine finish() && { return std::move(line_); }

private:
    RequirementsLine line_;
};

namespace {

// pip's join_lines: a line ending in '\' (and not a comment) continues on the next one, with
// the backslashes at either end removed; a comment line inside a continuation gets a leading
// space so it still reads as a comment.
std::vector<RequirementsLine> joined_lines(const TextInput& input) {
    std::vector<RequirementsLine> joined;
    std::optional<RequirementsLineBuilder> pending;
    for (const TextLine& line : input.lines()) {
        const bool comment = is_comment_line(line.text);
        if (line.text.empty() || line.text.back() != '\\' || comment) {
            if (!pending) {
                pending.emplace(line.number);
            } else if (comment) {
                pending->append_collapsed(" ", LinePosition{line.number, 1});
            }
            pending->append_physical(line.text, LinePosition{line.number, 1});
            joined.push_back(std::move(*pending).finish());
            pending.reset();
            continue;
        }
        if (!pending) {
            pending.emplace(line.number);
        }
        std::string_view text = line.text;
        const std::size_t leading = text.find_first_not_of('\\');
        text.remove_prefix(std::min(leading, text.size()));
        while (!text.empty() && text.back() == '\\') {
            text.remove_suffix(1);
        }
        pending->append_physical(
            text, LinePosition{line.number, std::min(leading, line.text.size()) + 1});
    }
    if (pending) {
        joined.push_back(std::move(*pending).finish());
    }
    return joined;
}

// pip's ignore_comments (COMMENT_RE "(^|\s+)#.*$" removed, then strip()) and
// expand_env_variables ("${NAME}" replaced when set).
RequirementsLine cleaned(const RequirementsLine& line, const EnvironmentLookup& environment) {
    const std::string& text = line.text();
    std::size_t end = text.size();
    std::string comment;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '#' && (i == 0 || is_space(text[i - 1]))) {
            comment = text.substr(i);
            end = i;
            break;
        }
    }
    while (end > 0 && is_space(text[end - 1])) {
        --end;
    }
    std::size_t begin = 0;
    while (begin < end && is_space(text[begin])) {
        ++begin;
    }
    RequirementsLineBuilder builder(line.first_line());
    builder.set_comment(std::move(comment));
    std::size_t copied = begin;
    for (std::size_t i = begin; i < end; ++i) {
        if (text.compare(i, 2, "${") != 0) {
            continue;
        }
        std::size_t close = i + 2;
        while (close < end && is_variable_name_char(text[close])) {
            ++close;
        }
        if (close == i + 2 || close >= end || text[close] != '}') {
            continue;
        }
        const auto value = environment(text.substr(i + 2, close - i - 2));
        if (!value) {
            continue;
        }
        builder.append_range(line, copied, i);
        builder.append_collapsed(*value, line.position_of(i));
        copied = close + 1;
        i = close;
    }
    builder.append_range(line, copied, end);
    return std::move(builder).finish();
}

} // namespace

Diagnostic diagnostic_in(const TextInput& input, const RequirementsLine& line, std::size_t offset,
                         std::string message) {
    const LinePosition at = line.position_of(offset);
    std::string source;
    if (at.line >= 1 && at.line <= input.lines().size()) {
        source = std::string(input.lines()[at.line - 1].text);
    }
    return Diagnostic{input.origin(), at.line, at.column, std::move(message), std::move(source)};
}

std::vector<RequirementsLine> requirements_lines(const TextInput& input,
                                                 const EnvironmentLookup& environment) {
    std::vector<RequirementsLine> lines;
    for (const RequirementsLine& line : joined_lines(input)) {
        lines.push_back(cleaned(line, environment));
    }
    return lines;
}

} // namespace torchpin
