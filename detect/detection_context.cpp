// The detection context of the running process.
#include "detect/detection_context.hpp"

#include <algorithm>
#include <cctype>

namespace torchpin {

DetectionContext DetectionContext::this_machine() {
    DetectionContext context;
    context.host = host_kind();
    context.environment = host_environment();
    context.path = context.variable("PATH");
    context.uname_machine = host_machine_arch();
    if (auto glibc = host_glibc_version()) {
        if (auto version = OsVersion::parse(*glibc)) {
            context.glibc = *version;
        }
    }
    return context;
}

std::string DetectionContext::variable(std::string_view name) const {
    if (const auto it = environment.find(std::string(name)); it != environment.end()) {
        return it->second;
    }
    if (host == HostKind::Windows) { // names are case-insensitive there: "Path", "SystemRoot"
        const auto same = [name](const auto& entry) {
            return std::ranges::equal(entry.first, name, [](unsigned char a, unsigned char b) {
                return std::tolower(a) == std::tolower(b);
            });
        };
        if (const auto it = std::ranges::find_if(environment, same); it != environment.end()) {
            return it->second;
        }
    }
    return std::string();
}

} // namespace torchpin
