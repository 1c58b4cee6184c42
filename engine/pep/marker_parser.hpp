// The marker grammar as one step that whole markers and requirements (after ';') both use.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/marker.hpp"

#include <cstddef>
#include <string_view>

namespace torchpin {

// Markers nest at most this many parentheses deep (packaging's own limit is Python's recursion
// limit, a few hundred).
inline constexpr std::size_t max_marker_nesting = 64;

// Reads the marker expression that starts at `position` of `text` (packaging's _parse_marker:
// terms joined by and/or, with the spaces around them) and moves `position` past it. Stops at the
// first byte that cannot continue the expression, which the caller then checks. Error messages
// have no prefix ("expected a marker variable or a quoted string") and positions index `text`.
Expected<MarkerGroup> parse_marker_expression(std::string_view text, std::size_t& position);

} // namespace torchpin
