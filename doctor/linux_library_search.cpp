// glibc's library search order, over real folders and a parsed ld.so cache.
#include "doctor/linux_library_search.hpp"

#include "engine/base/utf8_path.hpp"

#include <system_error>

namespace torchpin {

std::string_view describe(LibrarySource source) {
    switch (source) {
    case LibrarySource::Rpath:
        return "DT_RPATH";
    case LibrarySource::LdLibraryPath:
        return "LD_LIBRARY_PATH";
    case LibrarySource::Runpath:
        return "DT_RUNPATH";
    case LibrarySource::LdCache:
        return "the ld.so cache";
    case LibrarySource::DefaultFolder:
        return "a default library folder";
    case LibrarySource::TorchPreload:
        return "an nvidia-* wheel that torch preloads";
    }
    return "?";
}

std::filesystem::path expand_origin(std::string_view entry, const std::filesystem::path& object) {
    const std::string origin = utf8_of(object.parent_path());
    std::string expanded(entry);
    for (std::string_view token : {"${ORIGIN}", "$ORIGIN"}) {
        for (std::size_t at = expanded.find(token); at != std::string::npos;
             at = expanded.find(token, at + origin.size())) {
            expanded.replace(at, token.size(), origin);
        }
    }
    return path_from_utf8(expanded).lexically_normal();
}

LinuxLibrarySearch::LinuxLibrarySearch(LinuxSearchFolders folders)
    : folders_(std::move(folders)) {
    for (const LdCacheEntry& entry : folders_.cache) {
        cache_by_name_.emplace(entry.name, &entry);
    }
}

const ElfImage* LinuxLibrarySearch::image(const std::filesystem::path& file,
                                          std::string* problem) const {
    auto read = images_.find(file);
    if (read == images_.end()) {
        std::error_code error;
        read = images_
                   .emplace(file, std::filesystem::is_regular_file(file, error)
                                      ? read_elf_file(file)
                                      : Expected<ElfImage>(ParseError{"no such file", 0, {}}))
                   .first;
    }
    if (!read->second) {
        if (problem != nullptr) {
            *problem = read->second.error().message;
        }
        return nullptr;
    }
    return &*read->second;
}

std::vector<std::pair<std::filesystem::path, LibrarySource>>
LinuxLibrarySearch::search_path(const std::vector<LoadingObject>& chain) const {
    std::vector<std::pair<std::filesystem::path, LibrarySource>> path;
    const LoadingObject& needer = chain.back();
    if (needer.image->runpath.empty()) {
        // glibc climbs the whole chain, each loader's DT_RPATH with its own $ORIGIN.
        for (auto object = chain.rbegin(); object != chain.rend(); ++object) {
            for (const std::string& entry : object->image->rpath) {
                path.emplace_back(expand_origin(entry, object->file), LibrarySource::Rpath);
            }
        }
    }
    for (const std::filesystem::path& folder : folders_.ld_library_path) {
        path.emplace_back(folder, LibrarySource::LdLibraryPath);
    }
    for (const std::string& entry : needer.image->runpath) {
        path.emplace_back(expand_origin(entry, needer.file), LibrarySource::Runpath);
    }
    return path;
}

bool LinuxLibrarySearch::fits(const std::filesystem::path& file, const ElfImage& needer) const {
    const ElfImage* candidate = image(file);
    return candidate != nullptr && candidate->machine == needer.machine &&
           candidate->is_64_bit == needer.is_64_bit;
}

std::optional<FoundLibrary>
LinuxLibrarySearch::find(std::string_view name, const std::vector<LoadingObject>& chain) const {
    const ElfImage& needer = *chain.back().image;
    if (name.find('/') != std::string_view::npos) {
        const std::filesystem::path file = path_from_utf8(name);
        return fits(file, needer) ? std::optional(FoundLibrary{file, LibrarySource::DefaultFolder})
                                  : std::nullopt;
    }
    for (const auto& [folder, source] : search_path(chain)) {
        if (fits(folder / name, needer)) {
            return FoundLibrary{folder / name, source};
        }
    }
    const auto [first, last] = cache_by_name_.equal_range(std::string(name));
    for (auto entry = first; entry != last; ++entry) {
        const LdCacheEntry& cached = *entry->second;
        if (ld_cache_entry_fits(cached, needer.machine, needer.is_64_bit) &&
            fits(path_from_utf8(cached.path), needer)) {
            return FoundLibrary{path_from_utf8(cached.path), LibrarySource::LdCache};
        }
    }
    for (const std::filesystem::path& folder : folders_.default_folders) {
        if (fits(folder / name, needer)) {
            return FoundLibrary{folder / name, LibrarySource::DefaultFolder};
        }
    }
    for (const std::filesystem::path& folder : folders_.preload_folders) {
        if (fits(folder / name, needer)) {
            return FoundLibrary{folder / name, LibrarySource::TorchPreload};
        }
    }
    return std::nullopt;
}

std::vector<std::filesystem::path>
LinuxLibrarySearch::searched_folders(const std::vector<LoadingObject>& chain) const {
    std::vector<std::filesystem::path> folders;
    for (const auto& [folder, source] : search_path(chain)) {
        folders.push_back(folder);
    }
    if (!folders_.cache.empty()) {
        folders.emplace_back("the ld.so cache");
    }
    folders.insert(folders.end(), folders_.default_folders.begin(), folders_.default_folders.end());
    folders.insert(folders.end(), folders_.preload_folders.begin(), folders_.preload_folders.end());
    return folders;
}

} // namespace torchpin
