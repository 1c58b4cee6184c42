// WheelGroup's Pythons, and one file of a group as wheel_file stores its tags.
#include "engine/matrix/wheel_group.hpp"

namespace torchpin {

std::vector<PythonTags> WheelGroup::python_tags() const {
    std::vector<PythonTags> out;
    std::string_view rest = pythons;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        const std::string_view pair = rest.substr(0, space);
        const std::size_t dash = pair.find('-');
        out.push_back({pair.substr(0, dash), dash == std::string_view::npos
                                                 ? std::string_view()
                                                 : pair.substr(dash + 1)});
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    return out;
}

WheelTagColumns WheelGroup::tag_columns(const PythonTags& python) const {
    return {version.to_string(), std::string(python.interpreters), std::string(python.abis),
            platforms};
}

} // namespace torchpin
