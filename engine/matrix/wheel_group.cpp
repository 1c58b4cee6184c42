// The files a group's tags text lists, one file of a group as wheel_file stores its tags, and the
// OS word of a platform text.
#include "engine/matrix/wheel_group.hpp"

namespace torchpin {

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
