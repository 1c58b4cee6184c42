// ScratchDirectory: a per-process temp folder, written through and removed at the end.
#include "tests/support/scratch_directory.hpp"

#include <fstream>
#include <unistd.h>

namespace torchpin::test {

ScratchDirectory::ScratchDirectory(std::string_view name)
    : path_(std::filesystem::temp_directory_path() /
            ("torchpin_" + std::string(name) + "_" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

ScratchDirectory::~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path ScratchDirectory::write(const std::string& relative,
                                              std::string_view content) const {
    const std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary)
        .write(content.data(), static_cast<std::streamsize>(content.size()));
    return file;
}

} // namespace torchpin::test
