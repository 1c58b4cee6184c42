// The user's data and cache folders by the conventions of each system.
#include "engine/base/user_folders.hpp"

#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

std::string variable(const std::map<std::string, std::string>& environment,
                     const std::string& name) {
    const auto found = environment.find(name);
    return found == environment.end() ? std::string() : found->second;
}

std::optional<UserFolders> posix_folders(const std::map<std::string, std::string>& environment) {
    const std::string home = variable(environment, "HOME");
    const std::string data_home = variable(environment, "XDG_DATA_HOME");
    const std::string cache_home = variable(environment, "XDG_CACHE_HOME");
    if ((data_home.empty() || cache_home.empty()) && home.empty()) {
        return std::nullopt;
    }
    const std::filesystem::path data =
        data_home.empty() ? path_from_utf8(home) / ".local" / "share" : path_from_utf8(data_home);
    const std::filesystem::path cache =
        cache_home.empty() ? path_from_utf8(home) / ".cache" : path_from_utf8(cache_home);
    return UserFolders{data / "torchpin", cache / "torchpin"};
}

std::optional<UserFolders> windows_folders(const std::map<std::string, std::string>& environment) {
    std::filesystem::path local = path_from_utf8(variable(environment, "LOCALAPPDATA"));
    if (local.empty()) {
        const std::string profile = variable(environment, "USERPROFILE");
        if (profile.empty()) {
            return std::nullopt;
        }
        local = path_from_utf8(profile) / "AppData" / "Local";
    }
    return UserFolders{local / "torchpin", local / "torchpin" / "cache"};
}

} // namespace

std::optional<UserFolders> user_folders(HostKind host,
                                        const std::map<std::string, std::string>& environment) {
    return host == HostKind::Windows ? windows_folders(environment) : posix_folders(environment);
}

} // namespace torchpin
