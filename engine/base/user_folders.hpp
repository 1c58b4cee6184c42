// Where torchpin keeps the user's database and caches, from the environment of either system.
#pragma once

#include "engine/base/host_system.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace torchpin {

struct UserFolders {
    std::filesystem::path data;  // the user database: matrix.db
    std::filesystem::path cache; // interpreter descriptions, downloads
};

// POSIX: $XDG_DATA_HOME/torchpin (else ~/.local/share/torchpin) and $XDG_CACHE_HOME/torchpin
// (else ~/.cache/torchpin). Windows: %LOCALAPPDATA%\torchpin and %LOCALAPPDATA%\torchpin\cache
// (else %USERPROFILE%\AppData\Local\torchpin). nullopt when the environment names no home.
std::optional<UserFolders> user_folders(HostKind host,
                                        const std::map<std::string, std::string>& environment);

} // namespace torchpin
