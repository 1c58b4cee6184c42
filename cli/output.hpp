// Command output: to stdout, or to a file written atomically (a temporary file, then rename).
#pragma once

#include <string_view>

namespace torchpin::cli {

// Writes `content` to the file `utf8_path` (as typed: -o FILE) so that readers see the old file
// or the whole new one, never a partial one; an empty path means stdout.
void write_output(std::string_view content, std::string_view utf8_path);

} // namespace torchpin::cli
