// Finds the line of a byte offset by binary search over the TextInput's line starts.
#include "importers/input/text_position.hpp"

#include <algorithm>

namespace torchpin {

Diagnostic diagnostic_at(const TextInput& input, std::size_t offset, std::string message) {
    const auto& lines = input.lines();
    if (lines.empty()) {
        return Diagnostic{input.origin(), 1, 1, std::move(message), ""};
    }
    const char* const content = input.content().data();
    const char* const at = content + std::min(offset, input.content().size());
    auto after =
        std::upper_bound(lines.begin(), lines.end(), at,
                         [](const char* p, const TextLine& l) { return p < l.text.data(); });
    const TextLine& line = after == lines.begin() ? lines.front() : *std::prev(after);
    const auto column = at < line.text.data() ? 0 : static_cast<std::size_t>(at - line.text.data());
    return Diagnostic{input.origin(), line.number, column + 1, std::move(message),
                      std::string(line.text)};
}

} // namespace torchpin
