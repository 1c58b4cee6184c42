// Where the dynamic loader (glibc's ld.so) finds a library that torch's shared objects need:
// DT_RPATH up the load chain (when there is no DT_RUNPATH), LD_LIBRARY_PATH, DT_RUNPATH, the
// ld.so cache, the default folders; and the nvidia-* wheels torch's __init__ preloads.
#pragma once

#include "importers/binary/elf_image.hpp"
#include "importers/binary/ld_so_cache.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

struct LinuxSearchFolders {
    std::vector<std::filesystem::path> ld_library_path;
    std::vector<LdCacheEntry> cache; // paths already placed under the host root
    std::vector<std::filesystem::path> default_folders;
    std::vector<std::filesystem::path> preload_folders; // site-packages/nvidia/*/lib
};

enum class LibrarySource { Rpath, LdLibraryPath, Runpath, LdCache, DefaultFolder, TorchPreload };

std::string_view describe(LibrarySource source); // "DT_RUNPATH", "the ld.so cache", ...

struct FoundLibrary {
    std::filesystem::path file;
    LibrarySource source = LibrarySource::DefaultFolder;
};

// A shared object on the load chain, whose DT_RPATH (with its own $ORIGIN) is searched for the
// libraries of those it loads.
struct LoadingObject {
    std::filesystem::path file;
    const ElfImage* image = nullptr;
};

class LinuxLibrarySearch {
public:
    explicit LinuxLibrarySearch(LinuxSearchFolders folders);

    // The file the loader takes for `name`, needed by the last of `chain` (the needer), for an
    // object of the needer's ELF machine and class; nullopt when it finds none.
    std::optional<FoundLibrary> find(std::string_view name,
                                     const std::vector<LoadingObject>& chain) const;

    // The folders searched, in order, for the last of `chain` (for findings).
    std::vector<std::filesystem::path>
    searched_folders(const std::vector<LoadingObject>& chain) const;

    // The image of `file`, read once for the search and for the load that follows it; nullptr
    // when it is no readable ELF file, with the reason in `problem` when given.
    const ElfImage* image(const std::filesystem::path& file, std::string* problem = nullptr) const;

private:
    std::vector<std::pair<std::filesystem::path, LibrarySource>>
    search_path(const std::vector<LoadingObject>& chain) const;
    bool fits(const std::filesystem::path& file, const ElfImage& needer) const;

    LinuxSearchFolders folders_;
    std::multimap<std::string, const LdCacheEntry*> cache_by_name_; // in the cache's order
    mutable std::map<std::filesystem::path, Expected<ElfImage>> images_;
};

// "$ORIGIN/../lib" of /a/b/libx.so → /a/b/../lib ($ORIGIN and ${ORIGIN}; other tokens kept).
std::filesystem::path expand_origin(std::string_view entry, const std::filesystem::path& object);

} // namespace torchpin
