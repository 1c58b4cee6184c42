// PATH entries by the host's separator, and the first folder that holds a file.
#include "engine/base/program_search.hpp"

#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

std::string_view without_quotes(std::string_view entry) {
    if (entry.size() >= 2 && entry.front() == '"' && entry.back() == '"') {
        entry = entry.substr(1, entry.size() - 2);
    }
    return entry;
}

} // namespace

std::vector<std::filesystem::path> path_directories(std::string_view path, HostKind host) {
    const char separator = host == HostKind::Windows ? ';' : ':';
    std::vector<std::filesystem::path> directories;
    while (!path.empty()) {
        const std::size_t end = path.find(separator);
        std::string_view entry = path.substr(0, end);
        path = end == std::string_view::npos ? std::string_view() : path.substr(end + 1);
        if (host == HostKind::Windows) {
            entry = without_quotes(entry);
        }
        if (!entry.empty()) {
            directories.push_back(path_from_utf8(entry));
        }
    }
    return directories;
}

std::optional<std::filesystem::path>
find_file_in(std::string_view name, const std::vector<std::filesystem::path>& directories) {
    for (const auto& directory : directories) {
        const auto candidate = directory / name;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error)) {
            return candidate;
        }
    }
    return std::nullopt;
}

} // namespace torchpin
