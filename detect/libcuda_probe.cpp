// cuDriverGetVersion through dlopen; torchpin never links the CUDA driver.
#include "detect/libcuda_probe.hpp"

#include "detect/nvml_probe.hpp"
#include "engine/base/dynamic_library.hpp"

namespace torchpin {

LibcudaReport probe_libcuda(const std::vector<std::string>& libraries) {
    LibcudaReport report;
    const DynamicLibrary library(libraries);
    if (!library.is_open()) {
        report.problem = library.problem();
        return report;
    }
    // CUresult cuDriverGetVersion(int*): needs no cuInit, so it creates no CUDA context.
    const auto driver_get_version = library.function<int(int*)>("cuDriverGetVersion");
    if (driver_get_version == nullptr) {
        report.problem = library.name() + " has no cuDriverGetVersion";
        return report;
    }
    int version = 0;
    if (const int code = driver_get_version(&version); code != 0) {
        report.problem = "cuDriverGetVersion failed with CUresult " + std::to_string(code);
        return report;
    }
    report.cuda = cuda_version_from_integer(version);
    if (!report.cuda) {
        report.problem = "cuDriverGetVersion gave " + std::to_string(version);
    }
    return report;
}

} // namespace torchpin
