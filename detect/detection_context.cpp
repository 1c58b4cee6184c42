// The detection context of the running process.
#include "detect/detection_context.hpp"

#include "detect/windows_nvidia_detection.hpp"
#include "engine/base/text_scanner.hpp"

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
    if (context.host == HostKind::Windows) {
        context.windows_build = host_windows_build();
        context.file_version = file_version_of;
        context.nvml_libraries = windows_nvml_libraries(context);
        context.libcuda_libraries = windows_cuda_driver_libraries(context);
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
