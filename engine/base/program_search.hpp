// Finding a program by name in a list of folders: PATH split as the host splits it.
#pragma once

#include "engine/base/host_system.hpp"

#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace torchpin {

// The folders a PATH value lists, in order, empty entries left out. Windows separates them with
// ';' and tolerates quotes around an entry ("C:\Program Files\NVIDIA Corporation\NVSMI";C:\Tools
// is two folders); POSIX separates them with ':'.
std::vector<std::filesystem::path> path_directories(std::string_view path, HostKind host);

// The first regular file named `name` in `directories`, in order:
// find_file_in("nvidia-smi.exe", {system32, nvsmi}). Whether it can run is left to running it.
std::optional<std::filesystem::path>
find_file_in(std::string_view name, const std::vector<std::filesystem::path>& directories);

} // namespace torchpin
