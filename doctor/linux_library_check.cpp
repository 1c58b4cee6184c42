// The ld.so load of an environment's shared objects: needs resolved, versions checked.
#include "doctor/linux_library_check.hpp"

#include "doctor/load_graph.hpp"
#include "engine/base/dotted_numbers.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace torchpin {

namespace {

// "GLIBCXX_3.4.30" → {"GLIBCXX_", "3.4.30"}.
std::pair<std::string_view, std::string_view> split_version_name(std::string_view name) {
    const std::size_t digits = name.find_first_of("0123456789");
    if (digits == std::string_view::npos) {
        return {name, {}};
    }
    return {name.substr(0, digits), name.substr(digits)};
}

// Whether the loader would follow a library found this way: the system's own libraries need
// only the system's.
bool belongs_to_environment(LibrarySource source) {
    return source != LibrarySource::LdCache && source != LibrarySource::DefaultFolder;
}

constexpr std::size_t deepest_chain = 64;

class LinuxLoader {
public:
    explicit LinuxLoader(const LinuxLibrarySearch& search)
        : search_(search) {}

    void load_root(const std::filesystem::path& root) {
        const ElfImage* image = read(root);
        if (image == nullptr) {
            return;
        }
        loaded_.emplace(image->soname.value_or(utf8_of(root.filename())),
                        FoundLibrary{root, LibrarySource::DefaultFolder});
        std::vector<LoadingObject> chain{{root, image}};
        load_needs(chain);
    }

    LibraryCheck finish(const std::vector<std::filesystem::path>& chain_roots) && {
        for (MissingLibrary& missing : result_.missing) {
            missing.chain = graph_.chain_to(missing.needed_by, chain_roots);
        }
        for (MissingSymbolVersion& missing : result_.missing_versions) {
            missing.chain = graph_.chain_to(missing.needed_by, chain_roots);
        }
        return std::move(result_);
    }

private:
    // The image the search already read (or reads now), counted once as read or unreadable.
    const ElfImage* read(const std::filesystem::path& file) {
        std::string problem;
        const ElfImage* image = search_.image(file, &problem);
        if (counted_.insert(file).second) {
            if (image != nullptr) {
                ++result_.libraries_read;
            } else {
                result_.unreadable.push_back({file, problem});
            }
        }
        return image;
    }

    void load_needs(std::vector<LoadingObject>& chain) {
        const LoadingObject needer = chain.back();
        if (!walked_.insert(needer.file).second || chain.size() > deepest_chain) {
            return;
        }
        for (const std::string& name : needer.image->needed) {
            auto found = resolve(name, chain);
            if (!found) {
                continue;
            }
            graph_.add_edge(needer.file, found->file);
            if (!belongs_to_environment(found->source)) {
                continue;
            }
            if (const ElfImage* image = read(found->file)) {
                chain.push_back({found->file, image});
                load_needs(chain);
                chain.pop_back();
            }
        }
        check_versions(chain);
    }

    std::optional<FoundLibrary> resolve(const std::string& name,
                                        const std::vector<LoadingObject>& chain) {
        if (auto loaded = loaded_.find(name); loaded != loaded_.end()) {
            return loaded->second;
        }
        auto found = search_.find(name, chain);
        if (!found) {
            if (reported_.insert({name, chain.back().file}).second) {
                result_.missing.push_back(MissingLibrary{name,
                                                         chain.back().file,
                                                         chain.front().file,
                                                         {},
                                                         search_.searched_folders(chain),
                                                         false});
            }
            return std::nullopt;
        }
        loaded_.emplace(name, *found);
        return found;
    }

    void check_versions(const std::vector<LoadingObject>& chain) {
        const LoadingObject& needer = chain.back();
        for (const ElfVersionNeed& need : needer.image->version_needs) {
            auto provider = loaded_.find(need.file);
            if (provider == loaded_.end()) {
                continue; // missing altogether: reported as a missing library
            }
            const ElfImage* image = read(provider->second.file);
            if (image == nullptr) {
                continue;
            }
            for (const std::string& version : need.versions) {
                const auto& defined = image->version_definitions;
                if (std::find(defined.begin(), defined.end(), version) == defined.end()) {
                    result_.missing_versions.push_back(
                        MissingSymbolVersion{version,
                                             need.file,
                                             provider->second.file,
                                             std::string(describe(provider->second.source)),
                                             newest_of_family(defined, version),
                                             needer.file,
                                             chain.front().file,
                                             {}});
                }
            }
        }
    }

    const LinuxLibrarySearch& search_;
    LibraryCheck result_;
    LoadGraph graph_;
    std::map<std::string, FoundLibrary> loaded_; // by the name asked for (the soname)
    std::set<std::filesystem::path> counted_;
    std::set<std::filesystem::path> walked_;
    std::set<std::pair<std::string, std::filesystem::path>> reported_;
};

} // namespace

std::string newest_of_family(const std::vector<std::string>& definitions, std::string_view needed) {
    const std::string_view family = split_version_name(needed).first;
    const DottedNumberRules rules{"symbol version", 1, 6, true};
    std::string newest;
    std::vector<std::uint32_t> newest_number;
    for (const std::string& definition : definitions) {
        const auto [its_family, digits] = split_version_name(definition);
        if (its_family != family) {
            continue;
        }
        auto number = parse_dotted_numbers(digits, rules);
        if (number && (newest.empty() || compare_dotted_numbers(newest_number, *number) < 0)) {
            newest_number = *number;
            newest = definition;
        }
    }
    return newest;
}

LibraryCheck simulate_linux_load(const std::vector<std::filesystem::path>& roots,
                                 const std::vector<std::filesystem::path>& chain_roots,
                                 const LinuxLibrarySearch& search) {
    LinuxLoader loader(search);
    for (const std::filesystem::path& root : roots) {
        loader.load_root(root);
    }
    return std::move(loader).finish(chain_roots);
}

} // namespace torchpin
