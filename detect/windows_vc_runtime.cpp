// Reading the VC++ Redistributable's Runtimes key and System32's runtime DLL versions.
#include "detect/windows_vc_runtime.hpp"

#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

// The 32-bit registry view's copy of a HKLM\SOFTWARE key, where 32-bit installers write it.
std::string wow64_copy(const std::string& key) {
    constexpr std::string_view software = R"(HKLM\SOFTWARE\)";
    return std::string(software) + "WOW6432Node\\" + key.substr(software.size());
}

void detect_redistributable(const DetectionContext& context, Machine& machine) {
    const std::string key = vc_runtime_key(machine.arch ? machine.arch->value : CpuArch::X86_64);
    for (const auto& candidate : {key, wow64_copy(key)}) {
        if (auto version = read_vc_redist(*context.registry, candidate)) {
            machine.windows.vc_redist = Fact<std::string>{*version, candidate};
            return;
        }
    }
    machine.notes.push_back("Visual C++ Redistributable: not installed (no " + key +
                            " with Installed = 1)");
}

void detect_system32_dlls(const DetectionContext& context, Machine& machine) {
    const std::string root = context.variable("SystemRoot");
    if (root.empty()) {
        machine.notes.push_back("%SystemRoot% is not set: System32's runtime DLLs not read");
        return;
    }
    for (const char* name : {"msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll"}) {
        const auto path = path_from_utf8(root) / "System32" / name;
        if (auto version = context.file_version(path)) {
            machine.windows.system32_dlls.push_back({name, *version, utf8_of(path)});
        } else {
            machine.notes.push_back(utf8_of(path) + ": no file version (missing?)");
        }
    }
}

} // namespace

std::string vc_runtime_key(CpuArch arch) {
    const char* platform = arch == CpuArch::Aarch64 ? "arm64"
                           : arch == CpuArch::I686  ? "x86"
                                                    : "x64";
    return std::string(R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\)") + platform;
}

std::optional<std::string> read_vc_redist(const Registry& registry, const std::string& key) {
    if (registry.number(key, "Installed") != 1u) {
        return std::nullopt;
    }
    const auto major = registry.number(key, "Major");
    const auto minor = registry.number(key, "Minor");
    const auto build = registry.number(key, "Bld");
    if (major && minor && build) {
        return std::to_string(*major) + "." + std::to_string(*minor) + "." + std::to_string(*build);
    }
    auto version = registry.text(key, "Version");
    if (version && version->starts_with('v')) {
        version->erase(0, 1);
    }
    return version;
}

void detect_vc_runtime(const DetectionContext& context, Machine& machine) {
    detect_redistributable(context, machine);
    detect_system32_dlls(context, machine);
}

} // namespace torchpin
