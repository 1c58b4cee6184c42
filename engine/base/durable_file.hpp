// Files written so that a crash or a reader never sees half of them: temporary, flush, replace.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace torchpin {

// Writes `content` to a new file beside `path`, flushes it to disk, then replaces `path` with
// it in one step (rename(2); MoveFileExW with MOVEFILE_REPLACE_EXISTING | WRITE_THROUGH).
// On failure `path` is untouched, the temporary removed, and the error returned.
std::error_code write_file_durably(const std::filesystem::path& path, std::string_view content);

// Replaces `to` with `from` in one step, as above.
std::error_code replace_file(const std::filesystem::path& from, const std::filesystem::path& to);

} // namespace torchpin
