// The detection context of the running process.
#include "detect/detection_context.hpp"

#include "engine/base/text_scanner.hpp"

#include <cstdlib>
#include <gnu/libc-version.h>
#include <sys/utsname.h>

extern char** environ;

namespace torchpin {

DetectionContext DetectionContext::this_machine() {
    DetectionContext context;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text = *entry;
        const std::size_t equals = text.find('=');
        if (equals != std::string_view::npos) {
            context.environment.emplace(text.substr(0, equals), text.substr(equals + 1));
        }
    }
    context.path = context.variable("PATH");
    utsname name{};
    if (::uname(&name) == 0) {
        context.uname_machine = name.machine;
    }
    if (auto version = OsVersion::parse(::gnu_get_libc_version())) {
        context.glibc = *version;
    }
    return context;
}

std::string DetectionContext::variable(std::string_view name) const {
    if (const auto it = environment.find(std::string(name)); it != environment.end()) {
        return it->second;
    }
    if (host == HostKind::Windows) {
        for (const auto& [spelled, value] : environment) {
            if (iequals(spelled, name)) {
                return value;
            }
        }
    }
    return std::string();
}

} // namespace torchpin
