// Paths from and to UTF-8 text the same way on every system (Windows paths are UTF-16 inside).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace torchpin {

std::filesystem::path path_from_utf8(std::string_view text);
std::string utf8_of(const std::filesystem::path& path);

} // namespace torchpin
