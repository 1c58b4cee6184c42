// UTF-8 conversions of paths through char8_t, which std::filesystem converts exactly.
#include "engine/base/utf8_path.hpp"

namespace torchpin {

std::filesystem::path path_from_utf8(std::string_view text) {
    return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

std::string utf8_of(const std::filesystem::path& path) {
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
}

} // namespace torchpin
