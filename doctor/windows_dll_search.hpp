// Where Windows finds a DLL that torch's libraries import, in the order the loader searches when
// torch loads them (LoadLibraryExW with LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | DLL_LOAD_DIR, then
// LoadLibraryW with torch's folders put in front of PATH), read from folders on disk. KnownDLLs
// are System32's own and are found there.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The folders of one Windows Python environment, as its loader sees them.
struct WindowsSearchFolders {
    std::filesystem::path application_folder;         // python.exe's (a venv: its base's)
    std::vector<std::filesystem::path> added_folders; // os.add_dll_directory: torch\lib, ...
    std::filesystem::path system32;                   // <windows root>\System32
    std::vector<std::filesystem::path> path_folders;  // PATH, searched by the fallback only
};

// How a DLL was found, in the loader's order.
enum class DllSource {
    ApiSet,            // api-ms-win-*, ext-ms-*: resolved by the API set schema, not as a file
    LoadingFolder,     // the folder of the library being loaded (LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)
    ApplicationFolder, // python.exe's folder
    AddedFolder,       // a folder torch or Python added with os.add_dll_directory
    System32,
    PathFallback, // only torch's second try, LoadLibraryW, finds it on PATH
};

std::string_view describe(DllSource source); // "the application folder (python.exe's)", ...

struct FoundDll {
    std::filesystem::path file; // empty for an API set
    DllSource source = DllSource::System32;
};

// Looks DLL names up case-insensitively, as NTFS does, listing each folder once.
class WindowsDllSearch {
public:
    explicit WindowsDllSearch(WindowsSearchFolders folders);

    // The copy of `name` that loading a library from `loading_folder` gets; nullopt when the
    // loader finds none.
    std::optional<FoundDll> find(std::string_view name,
                                 const std::filesystem::path& loading_folder) const;

    // The folders searched for a library loaded from `loading_folder`, in order (for findings).
    std::vector<std::filesystem::path>
    searched_folders(const std::filesystem::path& loading_folder) const;

    const WindowsSearchFolders& folders() const noexcept { return folders_; }

private:
    std::optional<std::filesystem::path> file_in(const std::filesystem::path& folder,
                                                 std::string_view name) const;

    WindowsSearchFolders folders_;
    // folder → lower-case file name → the file's path
    mutable std::map<std::filesystem::path, std::map<std::string, std::filesystem::path>> listed_;
};

// "KERNEL32.dll" → "kernel32.dll" (ASCII only, as DLL names are compared).
std::string lower_ascii(std::string_view text);

// Whether `name` is an API set contract name (api-ms-win-crt-runtime-l1-1-0.dll).
bool is_api_set_name(std::string_view name);

} // namespace torchpin
