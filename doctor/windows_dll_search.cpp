// The Windows loader's search for torch's DLL imports, over real folders.
#include "doctor/windows_dll_search.hpp"

#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <system_error>

namespace torchpin {

std::string_view describe(DllSource source) {
    switch (source) {
    case DllSource::ApiSet:
        return "an API set of Windows";
    case DllSource::LoadingFolder:
        return "the folder of the library being loaded";
    case DllSource::ApplicationFolder:
        return "the application folder (python.exe's)";
    case DllSource::AddedFolder:
        return "a folder added with os.add_dll_directory";
    case DllSource::System32:
        return "System32";
    case DllSource::PathFallback:
        return "PATH (only through torch's fallback to LoadLibraryW)";
    }
    return "?";
}

std::string lower_ascii(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(), ascii_lower);
    return lower;
}

bool is_api_set_name(std::string_view name) {
    const std::string lower = lower_ascii(name);
    return lower.starts_with("api-ms-win-") || lower.starts_with("ext-ms-");
}

WindowsDllSearch::WindowsDllSearch(WindowsSearchFolders folders)
    : folders_(std::move(folders)) {}

std::optional<std::filesystem::path> WindowsDllSearch::file_in(const std::filesystem::path& folder,
                                                               std::string_view name) const {
    if (folder.empty()) {
        return std::nullopt;
    }
    auto listed = listed_.find(folder);
    if (listed == listed_.end()) {
        std::map<std::string, std::filesystem::path> files;
        std::error_code error;
        for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
             it.increment(error)) {
            if (it->is_regular_file(error)) {
                files.emplace(lower_ascii(utf8_of(it->path().filename())), it->path());
            }
        }
        listed = listed_.emplace(folder, std::move(files)).first;
    }
    auto file = listed->second.find(lower_ascii(name));
    if (file == listed->second.end()) {
        return std::nullopt;
    }
    return file->second;
}

std::vector<std::filesystem::path>
WindowsDllSearch::searched_folders(const std::filesystem::path& loading_folder) const {
    std::vector<std::filesystem::path> folders{loading_folder, folders_.application_folder};
    folders.insert(folders.end(), folders_.added_folders.begin(), folders_.added_folders.end());
    folders.push_back(folders_.system32);
    folders.insert(folders.end(), folders_.path_folders.begin(), folders_.path_folders.end());
    std::vector<std::filesystem::path> each_once;
    for (const std::filesystem::path& folder : folders) {
        if (!folder.empty() &&
            std::find(each_once.begin(), each_once.end(), folder) == each_once.end()) {
            each_once.push_back(folder);
        }
    }
    return each_once;
}

std::optional<FoundDll> WindowsDllSearch::find(std::string_view name,
                                               const std::filesystem::path& loading_folder) const {
    if (is_api_set_name(name)) {
        return FoundDll{{}, DllSource::ApiSet};
    }
    const std::pair<const std::filesystem::path*, DllSource> first[] = {
        {&loading_folder, DllSource::LoadingFolder},
        {&folders_.application_folder, DllSource::ApplicationFolder},
    };
    for (const auto& [folder, source] : first) {
        if (auto file = file_in(*folder, name)) {
            return FoundDll{*file, source};
        }
    }
    for (const std::filesystem::path& folder : folders_.added_folders) {
        if (auto file = file_in(folder, name)) {
            return FoundDll{*file, DllSource::AddedFolder};
        }
    }
    if (auto file = file_in(folders_.system32, name)) {
        return FoundDll{*file, DllSource::System32};
    }
    for (const std::filesystem::path& folder : folders_.path_folders) {
        if (auto file = file_in(folder, name)) {
            return FoundDll{*file, DllSource::PathFallback};
        }
    }
    return std::nullopt;
}

} // namespace torchpin
