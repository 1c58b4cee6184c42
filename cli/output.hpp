// Command output: to stdout, or to a file written atomically (a temporary file, then rename).
#pragma once

#include <filesystem>
#include <string_view>

namespace torchpin::cli {

// Writes `content` to `path` so that readers see the old file or the whole new one, never a
// partial one; an empty path means stdout.
void write_output(std::string_view content, const std::filesystem::path& path);

} // namespace torchpin::cli
