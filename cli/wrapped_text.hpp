// Text lines for a terminal: a long sentence broken at spaces to fit about 100 columns.
#pragma once

#include <string>
#include <string_view>

namespace torchpin::cli {

inline constexpr std::size_t text_width = 100;

// `first` + `text`, broken at spaces so that no line passes `text_width` columns where a space
// allows, each further line starting with `next`; every line ends with '\n'. A word longer than
// the width keeps its own line whole (a URL).
std::string wrapped(std::string_view text, std::string_view first, std::string_view next);

} // namespace torchpin::cli
