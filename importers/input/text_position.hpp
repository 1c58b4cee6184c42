// Byte offsets in a TextInput turned into located diagnostics (line, column, source line).
#pragma once

#include "engine/base/diagnostic.hpp"
#include "importers/input/text_input.hpp"

#include <cstddef>
#include <string>

namespace torchpin {

// The diagnostic for byte `offset` of the input's content: in "a\n<a href=x>", offset 2 is
// line 2, column 1. An offset at or past the end points just after the last line.
Diagnostic diagnostic_at(const TextInput& input, std::size_t offset, std::string message);

} // namespace torchpin
