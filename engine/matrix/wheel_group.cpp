// Wheel groups as the sets wheel_group_union stores and back, the files a group's tags text lists,
// one file of a group as wheel_file stores its tags, and the OS word of a platform text.
#include "engine/matrix/wheel_group.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace torchpin {

std::vector<WheelGroupSet> group_sets(const std::vector<WheelGroup>& groups) {
    using Key = std::tuple<std::string_view, std::string, std::string_view, bool, bool, bool,
                           std::string_view, std::string_view>;
    std::map<Key, std::size_t> at;
    std::vector<WheelGroupSet> sets;
    for (const WheelGroup& group : groups) {
        Version release = group.version.public_version();
        Key key{group.package,          release.to_string(),    group.os,        group.variant,
                group.on_pytorch_index, group.lists_every_file, group.platforms, group.tags.view()};
        const auto [it, fresh] = at.try_emplace(std::move(key), sets.size());
        if (fresh) {
            sets.push_back(WheelGroupSet{group.package,
                                         std::move(release),
                                         group.os,
                                         group.variant,
                                         group.on_pytorch_index,
                                         group.lists_every_file,
                                         {},
                                         group.platforms,
                                         group.tags});
        }
        sets[it->second].builds.push_back(WheelBuild{group.version.local_label(), group.backend});
    }
    for (WheelGroupSet& set : sets) {
        std::ranges::sort(set.builds);
    }
    return sets;
}

void add_groups_of(const WheelGroupSet& set, std::vector<WheelGroup>& groups) {
    for (const WheelBuild& build : set.builds) {
        groups.push_back(WheelGroup{set.package, set.release.with_local(build.label), build.backend,
                                    set.os, set.platforms, set.tags, set.variant,
                                    set.on_pytorch_index, set.lists_every_file});
    }
}

std::vector<FileTags> files_of(std::string_view tags) {
    std::vector<FileTags> out;
    std::string_view rest = tags;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        const std::string_view file = rest.substr(0, space);
        const std::size_t first = file.find('-');
        const std::size_t second =
            first == std::string_view::npos ? first : file.find('-', first + 1);
        out.push_back(
            {file, file.substr(0, first),
             first == std::string_view::npos ? std::string_view()
                                             : file.substr(first + 1, second - first - 1),
             second == std::string_view::npos ? std::string_view() : file.substr(second + 1)});
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    return out;
}

WheelTagColumns WheelGroup::tag_columns(const FileTags& file) const {
    return {version.to_string(), std::string(file.interpreters), std::string(file.abis),
            std::string(file.platforms)};
}

std::string_view os_word(OperatingSystem os) noexcept {
    switch (os) {
    case OperatingSystem::Windows:
        return "win";
    case OperatingSystem::Macos:
        return "macosx";
    case OperatingSystem::Linux:
        break;
    }
    return "linux";
}

std::string_view os_word_of(std::string_view platforms) {
    if (platforms == "any") {
        return "any";
    }
    for (const OperatingSystem os :
         {OperatingSystem::Linux, OperatingSystem::Windows, OperatingSystem::Macos}) {
        if (platforms.find(os_word(os)) != std::string_view::npos) {
            return os_word(os);
        }
    }
    return "other";
}

} // namespace torchpin
