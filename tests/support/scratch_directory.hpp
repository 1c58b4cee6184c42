// A temporary directory for one test, removed with everything in it when the test ends.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace torchpin::test {

class ScratchDirectory {
public:
    explicit ScratchDirectory(std::string_view name); // under the system's temp directory
    ~ScratchDirectory();
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    const std::filesystem::path& path() const noexcept { return path_; }
    // Writes `content` to `relative` (creating folders) and returns the file's path.
    std::filesystem::path write(const std::string& relative, std::string_view content) const;

private:
    std::filesystem::path path_;
};

} // namespace torchpin::test
