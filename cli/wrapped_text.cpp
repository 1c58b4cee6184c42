// wrapped: greedy line breaking at spaces.
#include "cli/wrapped_text.hpp"

namespace torchpin::cli {

std::string wrapped(std::string_view text, std::string_view first, std::string_view next) {
    std::string out;
    std::string line(first);
    bool line_has_word = false;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        const std::string_view word = text.substr(start, end - start);
        if (line_has_word && line.size() + 1 + word.size() > text_width) {
            out += line + '\n';
            line = std::string(next);
            line_has_word = false;
        }
        line += (line_has_word ? " " : "") + std::string(word);
        line_has_word = true;
        start = end + 1;
    }
    return out + line + '\n';
}

} // namespace torchpin::cli
