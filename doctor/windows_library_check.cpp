// The Windows load of an environment's DLLs: imports resolved, misses recorded with their chain.
#include "doctor/windows_library_check.hpp"

#include "doctor/load_graph.hpp"
#include "engine/base/utf8_path.hpp"
#include "importers/binary/pe_image.hpp"

#include <optional>
#include <set>
#include <utility>

namespace torchpin {

namespace {

// Whether the loader would go on into the imports of a DLL found this way: Windows' own DLLs
// import only Windows' own DLLs, which are not the environment's business.
bool belongs_to_environment(const FoundDll& found) {
    return !found.file.empty() && found.source != DllSource::ApiSet &&
           found.source != DllSource::System32;
}

class WindowsLoader {
public:
    explicit WindowsLoader(const WindowsDllSearch& search)
        : search_(search) {}

    void load_root(const std::filesystem::path& root) {
        const std::string name = lower_ascii(utf8_of(root.filename()));
        if (!result_.loaded.contains(name)) {
            result_.loaded.emplace(name, FoundDll{root, DllSource::LoadingFolder});
        }
        std::vector<std::filesystem::path> pending{root};
        std::set<std::filesystem::path> seen{root};
        while (!pending.empty()) {
            const std::filesystem::path file = pending.back();
            pending.pop_back();
            const PeImage* image = read(file);
            if (image == nullptr) {
                continue;
            }
            for (const std::string& import : image->imports) {
                if (auto found = resolve(import, file, root, false)) {
                    if (belongs_to_environment(*found) && seen.insert(found->file).second) {
                        pending.push_back(found->file);
                    }
                }
            }
            for (const std::string& import : image->delay_imports) {
                resolve(import, file, root, true);
            }
        }
    }

    WindowsLoad finish(const std::vector<std::filesystem::path>& chain_roots) && {
        for (MissingLibrary& missing : result_.check.missing) {
            missing.chain = graph_.chain_to(missing.needed_by, chain_roots);
        }
        return std::move(result_);
    }

private:
    const PeImage* read(const std::filesystem::path& file) {
        auto cached = images_.find(file);
        if (cached == images_.end()) {
            std::optional<PeImage> image;
            auto parsed = read_pe_file(file);
            if (parsed) {
                image = *parsed;
                ++result_.check.libraries_read;
            } else {
                result_.check.unreadable.push_back({file, parsed.error().message});
            }
            cached = images_.emplace(file, std::move(image)).first;
        }
        return cached->second ? &*cached->second : nullptr;
    }

    std::optional<FoundDll> resolve(const std::string& import, const std::filesystem::path& needer,
                                    const std::filesystem::path& root, bool delay) {
        const std::filesystem::path loading_folder = root.parent_path();
        const std::string name = lower_ascii(import);
        if (auto loaded = result_.loaded.find(name); loaded != result_.loaded.end()) {
            if (!loaded->second.file.empty()) {
                graph_.add_edge(needer, loaded->second.file);
            }
            return loaded->second;
        }
        auto found = search_.find(import, loading_folder);
        if (!found) {
            if (reported_.insert({name, needer}).second) {
                result_.check.missing.push_back(MissingLibrary{
                    import, needer, root, {}, search_.searched_folders(loading_folder), delay});
            }
            return std::nullopt;
        }
        if (found->source == DllSource::PathFallback && reported_.insert({name, needer}).second) {
            result_.check.found_on_path.push_back(FoundOnPath{import, found->file, needer});
        }
        if (!found->file.empty()) {
            graph_.add_edge(needer, found->file);
        }
        if (!delay) {
            result_.loaded.emplace(name, *found);
        }
        return found;
    }

    const WindowsDllSearch& search_;
    WindowsLoad result_;
    LoadGraph graph_;
    std::map<std::filesystem::path, std::optional<PeImage>> images_;
    std::set<std::pair<std::string, std::filesystem::path>> reported_;
};

} // namespace

WindowsLoad simulate_windows_load(const std::vector<std::filesystem::path>& roots,
                                  const std::vector<std::filesystem::path>& chain_roots,
                                  const WindowsDllSearch& search) {
    WindowsLoader loader(search);
    for (const std::filesystem::path& root : roots) {
        loader.load_root(root);
    }
    return std::move(loader).finish(chain_roots);
}

} // namespace torchpin
