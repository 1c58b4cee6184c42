// nlohmann's exception texts without the parts a located diagnostic already says.
#include "importers/input/json_tracking.hpp"

#include <string_view>

namespace torchpin {

std::string json_error_reason(const nlohmann::json::exception& error) {
    std::string_view what = error.what();
    if (const auto tag_end = what.find("] "); tag_end != std::string_view::npos) {
        what.remove_prefix(tag_end + 2);
    }
    if (const auto colon = what.find(": ");
        what.starts_with("parse error") && colon != std::string_view::npos) {
        what.remove_prefix(colon + 2);
    }
    return std::string(what);
}

} // namespace torchpin
