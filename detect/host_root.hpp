// The file system probes read: this machine's "/" or, in tests, a fake root directory.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The outcome of reading one small file: its text, or why there is none ("no such file",
// "permission denied").
struct FileText {
    std::optional<std::string> text;
    std::string problem;
};

// Absolute paths as probes name them ("/proc/driver/nvidia/version"), resolved under a root:
// HostRoot("/") reads this machine, HostRoot("tests/data/machines/wsl") a fixture tree.
class HostRoot {
public:
    explicit HostRoot(std::filesystem::path root)
        : root_(std::move(root)) {}

    const std::filesystem::path& root() const noexcept { return root_; }
    // "/proc/driver/nvidia/version" -> root/proc/driver/nvidia/version.
    std::filesystem::path resolve(std::string_view absolute) const;
    bool exists(std::string_view absolute) const;
    // Reads at most 1 MiB: sysfs and procfs files report no size, so read until the end.
    FileText read(std::string_view absolute) const;
    // Names of the entries of a directory, sorted; empty when it is missing or unreadable.
    std::vector<std::string> list(std::string_view absolute) const;

private:
    std::filesystem::path root_;
};

} // namespace torchpin
