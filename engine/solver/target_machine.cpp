// Filling a resolver target from a profile: Python tags, driver, GPUs by capability, gfx, XPU.
#include "engine/solver/target_machine.hpp"

#include "engine/base/text_scanner.hpp"

namespace torchpin {

namespace {

// Assumed when a profile lacks them: PyTorch's Linux wheels since 2.6 are manylinux_2_28, the
// newest macOS wheels target macOS 11 and later.
constexpr OsVersion assumed_glibc{2, 28};
constexpr OsVersion assumed_macos{14, 0};

ParseError missing(std::string message) {
    return ParseError{std::move(message), 0, ""};
}

void add_nvidia(const Machine& machine, ResolverTarget& target) {
    if (machine.nvidia.driver) {
        target.machine.nvidia_driver = machine.nvidia.driver->value;
    }
    for (const NvidiaGpu& gpu : machine.nvidia.gpus) {
        if (!gpu.compute_capability) {
            target.assumptions.push_back(warnings::gpu_capability_unknown(gpu.name));
            continue;
        }
        target.machine.nvidia_gpus.push_back({gpu.name, gpu.compute_capability->value});
    }
}

} // namespace

// System32's msvcp140.dll where the profile records its file version (the lowest, should it list
// several), else the Redistributable's. The file is what loads; the Redistributable's registry key
// can be ahead of it, as while an update waits for a restart. Rejected: the newer of the two, which
// took such a key's word and hid the msvcp140 warning from a machine still loading the old DLL.
// --vc-runtime replaces both (detect/machine_description.cpp drops the DLL's version).
std::optional<VcRuntimeVersion> vc_runtime_of(const WindowsFacts& windows) {
    std::optional<VcRuntimeVersion> loaded;
    for (const DllVersion& dll : windows.system32_dlls) {
        if (!iequals(dll.name, "msvcp140.dll")) {
            continue;
        }
        auto version = VcRuntimeVersion::parse(dll.version);
        if (version && (!loaded || *version < *loaded)) {
            loaded = *version;
        }
    }
    if (!loaded && windows.vc_redist) {
        if (auto version = VcRuntimeVersion::parse(windows.vc_redist->value)) {
            loaded = *version;
        }
    }
    return loaded;
}

Expected<ResolverTarget> resolver_target(const Machine& machine) {
    if (!machine.os) {
        return missing("the machine's operating system is unknown: pass --os");
    }
    if (!machine.arch &&
        (machine.pythons.empty() || !python_platform_arch(machine.pythons.front().platform))) {
        return missing("the machine's CPU architecture is unknown: pass --arch");
    }
    if (machine.pythons.empty()) {
        return missing("no Python interpreter was found or described: pass --python (3.12, "
                       "3.13t) or --python-exe");
    }
    Machine completed = machine;
    ResolverTarget target;
    if (completed.os->value == OperatingSystem::Linux && !completed.glibc && !completed.musl &&
        !completed.pythons.front().glibc) {
        completed.glibc = Fact<OsVersion>{assumed_glibc, "assumed"};
        target.assumptions.push_back(warnings::machine_assumption(
            "glibc version", assumed_glibc.to_string(), "pass --glibc"));
    }
    if (completed.os->value == OperatingSystem::Macos && !completed.macos_version) {
        completed.macos_version = Fact<OsVersion>{assumed_macos, "assumed"};
        target.assumptions.push_back(
            warnings::machine_assumption("macOS version", assumed_macos.to_string(), ""));
    }
    const PythonInterpreter& python = completed.pythons.front();
    const auto env = tag_environment(completed, python);
    if (!env) {
        return missing("Python '" + python.version +
                       "' is not a version wheels can be chosen for: pass --python");
    }
    target.machine.tags = *env;
    add_nvidia(machine, target);
    for (const AmdGpu& gpu : machine.amd.gpus) {
        target.machine.rocm_gfx.push_back(gpu.gfx_target);
    }
    for (const IntelGpu& gpu : machine.intel_gpus) {
        target.machine.intel_xpu_gpu = target.machine.intel_xpu_gpu || gpu.xpu_target();
    }
    target.machine.vc_runtime = vc_runtime_of(machine.windows);
    return target;
}

} // namespace torchpin
