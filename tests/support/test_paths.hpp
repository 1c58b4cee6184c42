// Where tests find the source tree (fixtures, data/) and the built torchpin binary.
#pragma once

#include <filesystem>
#include <string>

namespace torchpin::test {

std::filesystem::path source_dir();
std::filesystem::path binary_dir();
std::filesystem::path torchpin_binary();
// A file under tests/ or data/, e.g. source_path("data/index/torch_stable.html").
std::filesystem::path source_path(const std::string& relative);
// Reads a whole file; fails the calling test with a clear message if it cannot.
std::string read_file(const std::filesystem::path& path);
// Whether UPDATE_GOLDEN=1 is set: golden-file tests then rewrite their expectations.
bool update_golden();

} // namespace torchpin::test
