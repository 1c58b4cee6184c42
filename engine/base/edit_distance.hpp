// Levenshtein edit distance, for "did you mean" suggestions.
#pragma once

#include <cstddef>
#include <string_view>

namespace torchpin {

// The fewest single-character insertions, deletions and substitutions that turn `a` into `b`:
// edit_distance("rtx3909", "rtx3090") == 2.
std::size_t edit_distance(std::string_view a, std::string_view b);

} // namespace torchpin
