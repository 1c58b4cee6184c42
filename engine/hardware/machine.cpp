// Machine profiles: the interpreter's wheel target and the tag environment a profile describes.
#include "engine/hardware/machine.hpp"

#include "engine/base/dotted_numbers.hpp"

namespace torchpin {

std::optional<PythonTarget> PythonInterpreter::target() const {
    const auto numbers = parse_dotted_numbers(version, {"Python version", 2, 3});
    if (!numbers) {
        return std::nullopt;
    }
    PythonTarget target;
    target.implementation = implementation;
    target.major = (*numbers)[0];
    target.minor = (*numbers)[1];
    target.free_threaded = free_threaded;
    return target;
}

bool IntelGpu::xpu_target() const noexcept {
    if (xpu) {
        return xpu->value;
    }
    return discrete && discrete->value;
}

std::optional<CpuArch> python_platform_arch(std::string_view platform) {
    if (platform == "win32") {
        return CpuArch::I686;
    }
    const std::size_t dash = platform.rfind('-');
    if (dash == std::string_view::npos) {
        return std::nullopt;
    }
    return parse_cpu_arch(platform.substr(dash + 1));
}

std::optional<TagEnvironment> tag_environment(const Machine& machine,
                                              const PythonInterpreter& python) {
    const auto target = python.target();
    const auto arch = python_platform_arch(python.platform);
    if (!machine.os || !target || (!arch && !machine.arch)) {
        return std::nullopt;
    }
    TagEnvironment env;
    env.os = machine.os->value;
    env.arch = arch ? *arch : machine.arch->value;
    env.python = *target;
    if (env.os == OperatingSystem::Linux) {
        env.glibc = machine.glibc ? std::optional(machine.glibc->value) : python.glibc;
        if (machine.musl) {
            env.musl = machine.musl->value;
        }
    }
    if (env.os == OperatingSystem::Macos) {
        if (!machine.macos_version) {
            return std::nullopt;
        }
        env.macos = machine.macos_version->value;
    }
    return env;
}

} // namespace torchpin
