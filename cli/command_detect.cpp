// `torchpin detect`: this machine's profile (or the one the machine options describe), as text
// grouped for people or as the JSON profile that --machine reads back.
#include "cli/commands.hpp"
#include "cli/machine_options.hpp"
#include "detect/machine_json.hpp"

#include <iostream>
#include <memory>
#include <sstream>

namespace torchpin::cli {

namespace {

class Report {
public:
    explicit Report(std::ostream& out)
        : out_(out) {}

    void section(std::string_view title) { out_ << title << '\n'; }
    void line(std::string_view label, std::string_view value, std::string_view source) {
        out_ << "  " << label << std::string(label.size() < 14 ? 14 - label.size() : 1, ' ')
             << value;
        if (!source.empty()) {
            out_ << "  (" << source << ')';
        }
        out_ << '\n';
    }
    template <class T, class Show>
    void fact(std::string_view label, const std::optional<Fact<T>>& fact, Show show) {
        if (fact) {
            line(label, show(fact->value), fact->source);
        }
    }

private:
    std::ostream& out_;
};

const auto as_text = [](const auto& value) { return value.to_string(); };
const auto yes_no = [](bool value) { return std::string(value ? "yes" : "no"); };

void system_section(Report& report, const Machine& machine) {
    report.section("System");
    report.fact("OS", machine.os, [](OperatingSystem os) { return std::string(name(os)); });
    report.fact("OS version", machine.os_version, [](const std::string& v) { return v; });
    report.fact("CPU", machine.arch, [](CpuArch arch) { return std::string(name(arch)); });
    report.fact("glibc", machine.glibc, as_text);
    report.fact("musl", machine.musl, as_text);
    report.fact("macOS", machine.macos_version, as_text);
    report.fact("Apple silicon", machine.apple_silicon, yes_no);
    report.fact("WSL", machine.wsl, yes_no);
    for (const auto& hint : machine.container) {
        report.line("container", hint.value, hint.source);
    }
}

std::string describe_python(const PythonInterpreter& python) {
    std::string text = python.path.empty() ? "" : python.path + ": ";
    text += python.implementation == PythonImplementation::PyPy ? "PyPy " : "CPython ";
    text += python.version + (python.free_threaded ? " free-threaded" : "");
    if (!python.platform.empty()) {
        text += ", " + python.platform;
    }
    if (python.glibc) {
        text += ", glibc " + python.glibc->to_string();
    }
    return text;
}

void python_section(Report& report, const Machine& machine) {
    report.section("Python");
    if (machine.pythons.empty()) {
        report.line("interpreter", "none described", "");
    }
    for (const auto& python : machine.pythons) {
        report.line("interpreter", describe_python(python), python.source);
        const auto env = tag_environment(machine, python);
        const auto tags = env ? accepted_tags(*env) : std::vector<Tag>{};
        report.line("wheel tags",
                    tags.empty()
                        ? "unknown (the profile lacks the OS, CPU or macOS version)"
                        : std::to_string(tags.size()) + ", best " + tags.front().to_string(),
                    "");
    }
}

std::string describe_nvidia_gpu(const NvidiaGpu& gpu) {
    std::string details;
    const auto add = [&](const std::string& part) {
        details += (details.empty() ? "" : ", ") + part;
    };
    if (gpu.pci_id) {
        add(gpu.pci_id->to_string());
    }
    if (!gpu.bus_id.empty()) {
        add("bus " + gpu.bus_id);
    }
    if (gpu.memory_mib) {
        add(std::to_string(*gpu.memory_mib) + " MiB");
    }
    if (gpu.mig) {
        add(*gpu.mig ? "MIG on" : "MIG off");
    }
    const std::string name = gpu.name.empty() ? "unnamed GPU" : gpu.name;
    return details.empty() ? name : name + " (" + details + ")";
}

void gpu_sections(Report& report, const Machine& machine) {
    report.section("NVIDIA");
    if (machine.nvidia.driver) {
        const auto& version = machine.nvidia.driver->value;
        report.line("driver", version ? version->to_string() : "none",
                    machine.nvidia.driver->source);
    } else {
        report.line("driver", "unknown", "");
    }
    report.fact("CUDA (driver)", machine.nvidia.cuda, as_text);
    for (std::size_t i = 0; i < machine.nvidia.gpus.size(); ++i) {
        const NvidiaGpu& gpu = machine.nvidia.gpus[i];
        report.line("GPU " + std::to_string(i), describe_nvidia_gpu(gpu), gpu.source);
        const auto& capability = gpu.compute_capability;
        report.line(
            "", "compute capability " + (capability ? capability->value.to_string() : "unknown"),
            capability ? capability->source : "");
    }
    if (machine.amd.rocm || !machine.amd.gpus.empty()) {
        report.section("AMD");
        report.fact("ROCm", machine.amd.rocm, as_text);
        for (std::size_t i = 0; i < machine.amd.gpus.size(); ++i) {
            report.line("GPU " + std::to_string(i), machine.amd.gpus[i].gfx_target,
                        machine.amd.gpus[i].source);
        }
    }
    if (!machine.intel_gpus.empty()) {
        report.section("Intel");
        for (std::size_t i = 0; i < machine.intel_gpus.size(); ++i) {
            const IntelGpu& gpu = machine.intel_gpus[i];
            const std::string id = gpu.pci_id ? gpu.pci_id->to_string() : "";
            report.line("GPU " + std::to_string(i),
                        id + (id.empty() || gpu.name.empty() ? "" : " ") + gpu.name, gpu.source);
            if (gpu.xpu) {
                report.line("",
                            gpu.xpu->value ? "on PyTorch's XPU list (an XPU target)"
                                           : "not on PyTorch's XPU list",
                            gpu.xpu->source);
            }
            if (gpu.discrete) {
                const bool target = !gpu.xpu && gpu.discrete->value;
                report.line("",
                            gpu.discrete->value ? (target ? "discrete (an XPU target)" : "discrete")
                                                : "integrated",
                            gpu.discrete->source);
            }
        }
    }
}

void windows_section(Report& report, const Machine& machine) {
    if (machine.windows == WindowsFacts{}) {
        return;
    }
    report.section("Windows");
    report.fact("VC++ runtime", machine.windows.vc_redist, [](const std::string& v) { return v; });
    for (const auto& dll : machine.windows.system32_dlls) {
        report.line(dll.name, dll.version, dll.source);
    }
}

std::string text_report(const Machine& machine) {
    std::ostringstream out;
    Report report(out);
    system_section(report, machine);
    python_section(report, machine);
    gpu_sections(report, machine);
    windows_section(report, machine);
    if (!machine.notes.empty()) {
        report.section("Notes");
        for (const auto& note : machine.notes) {
            out << "  - " << note << '\n';
        }
    }
    return out.str();
}

int run_detect(const GlobalOptions& global, const MachineDescription& options) {
    require_format(global, "detect", {"text", "json"});
    const Machine machine = build_machine(options, global);
    if (global.format == "json") {
        std::cout << machine_to_json(machine).dump(2) << '\n';
    } else {
        std::cout << text_report(machine);
    }
    return 0;
}

} // namespace

void setup_detect(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& detect) {
        auto options = std::make_shared<MachineDescription>();
        add_machine_options(detect, *options);
        detect.callback(
            [&global, &result, options] { result.exit_code = run_detect(global, *options); });
    };
    add_command(app, "detect",
                "Describe this machine (OS, Python, GPUs, drivers), each fact with its source",
                define);
}

} // namespace torchpin::cli
