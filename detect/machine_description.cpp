// Building Machines from profiles, options and detection; option values validated on the way.
#include "detect/machine_description.hpp"

#include "detect/machine_detection.hpp"
#include "detect/machine_json.hpp"
#include "detect/os_detection.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/hardware/vc_runtime_version.hpp"

#include <algorithm>
#include <iostream>

namespace torchpin {

namespace {

Machine read_profile(const std::string& file) {
    if (file == "-") {
        return machine_from_json(TextInput::read_stream(std::cin, "<stdin>"));
    }
    return machine_from_json(TextInput::read_file(path_from_utf8(file)));
}

Machine detect_this_machine(const MachineDescription& options, const GpuTablesSource& catalog) {
    DetectionContext context = DetectionContext::this_machine();
    context.gpu_catalog = [&catalog]() -> const GpuCatalog* {
        try {
            return &catalog();
        } catch (const UsageError&) { // no matrix to read: detection goes on without the tables
            return nullptr;
        } catch (const InputError&) {
            return nullptr;
        }
    };
    PythonProbeCache cache(python_probe_cache_file(context));
    return detect_machine(context, options.python_exe, cache);
}

// This machine's OS facts, the base that options without --machine complete; and its Python
// interpreters too unless the options name a Python or another OS.
Machine this_operating_system(const MachineDescription& options) {
    const DetectionContext context = DetectionContext::this_machine();
    Machine machine;
    detect_os(context, machine);
    const bool same_os =
        !options.os || (machine.os && parse_operating_system(*options.os) == machine.os->value);
    if (!options.python && same_os) {
        PythonProbeCache cache(python_probe_cache_file(context));
        detect_pythons(context, options.python_exe, cache, machine);
    }
    return machine;
}

std::string suggestions(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) {
        text += (text.empty() ? "; did you mean '" : "', '") + name;
    }
    return text.empty() ? text : text + "'?";
}

// The candidates by what they run, in order: "compute capability 5.2: GeForce GTX TITAN X;
// compute capability 6.1: TITAN X Pascal", at most 8 names each.
std::string candidate_list(const std::vector<GpuProduct>& candidates) {
    constexpr std::size_t shown = 8;
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    for (const auto& product : candidates) {
        const std::string capability = product.capability.to_string();
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto& g) { return g.first == capability; });
        if (group == groups.end()) {
            group = groups.insert(groups.end(), {capability, {}});
        }
        if (std::find(group->second.begin(), group->second.end(), product.name) ==
            group->second.end()) {
            group->second.push_back(product.name);
        }
    }
    std::string text;
    for (const auto& [capability, names] : groups) {
        text += (text.empty() ? "" : "; ") + capability + ": ";
        for (std::size_t i = 0; i < names.size() && i < shown; ++i) {
            text += (i == 0 ? "" : ", ") + names[i];
        }
        if (names.size() > shown) {
            text += ", … (" + std::to_string(names.size()) + " in all)";
        }
    }
    return text;
}

GpuMatch gpu_match_of_option(const std::string& text, const GpuTablesSource& catalog) {
    static const GpuCatalog no_tables(GpuTables{});
    GpuLookup lookup = no_tables.lookup(text); // capabilities, sm names and gfx targets
    if (!lookup.match) {
        lookup = catalog().lookup(text);
    }
    if (lookup.match) {
        return *std::move(lookup.match);
    }
    if (!lookup.candidates.empty()) {
        throw UsageError(
            "--gpu '" + text + "': ambiguous: " + lookup.unknown_reason + ": " +
            candidate_list(lookup.candidates) +
            ". Name one of them, or give its PCI id, compute capability or gfx target");
    }
    throw UsageError("--gpu '" + text + "': unknown GPU: " + lookup.unknown_reason +
                     suggestions(lookup.suggestions));
}

// The GPU --gpu names, added to the machine's list of its vendor.
void add_gpu_from_option(const std::string& text, const GpuTablesSource& catalog,
                         Machine& machine) {
    const GpuMatch match = gpu_match_of_option(text, catalog);
    const std::string source = "option --gpu (" + match.rule + ")";
    // The product's own name; for several, the name typed ("A100") or, for a PCI id, theirs.
    const std::string_view typed = trim_ascii(text);
    const std::string name = match.products.size() <= 1 || PciId::parse(typed)
                                 ? match.product_names()
                                 : std::string(typed);
    switch (match.capability.vendor) {
    case GpuVendor::Nvidia: {
        NvidiaGpu gpu;
        gpu.name = name;
        gpu.pci_id = match.pci_id;
        gpu.compute_capability =
            Fact<ComputeCapability>{*match.capability.compute_capability, source};
        gpu.source = "option --gpu";
        machine.nvidia.gpus.push_back(std::move(gpu));
        break;
    }
    case GpuVendor::Amd:
        machine.amd.gpus.push_back({match.capability.gfx_target, source});
        break;
    case GpuVendor::Intel:
        machine.intel_gpus.push_back(
            {match.pci_id, name, std::nullopt,
             Fact<bool>{match.capability.xpu_listed, source + ": " + match.capability.family +
                                                         ": " + match.capability.xpu_support},
             "option --gpu"});
        break;
    }
}

PythonInterpreter python_from_option(const std::string& text) {
    const bool has_implementation = text.starts_with("cp") || text.starts_with("pp");
    const auto target = PythonTarget::parse(has_implementation ? text : "cp" + text);
    if (!target) {
        throw UsageError("--python '" + text + "': expected a version like 3.11 or 3.13t");
    }
    if (target->free_threaded && !target->is_free_threaded()) {
        throw UsageError("--python '" + text + "': free-threaded builds exist from 3.13 on");
    }
    PythonInterpreter python;
    python.source = "option --python";
    python.implementation = target->implementation;
    python.version = std::to_string(target->major) + "." + std::to_string(target->minor);
    python.free_threaded = target->free_threaded;
    python.abi_flags = target->free_threaded ? "t" : "";
    return python;
}

// What only held on the profile's former OS: its version, C library, WSL, containers, macOS and
// Windows facts, and the interpreters that ran there.
void forget_os_facts(Machine& machine) {
    const Machine before = std::move(machine);
    machine = Machine{};
    machine.arch = before.arch;
    machine.nvidia = before.nvidia;
    machine.amd = before.amd;
    machine.intel_gpus = before.intel_gpus;
    machine.notes = before.notes;
}

void apply_system_options(const MachineDescription& options, Machine& machine) {
    if (options.os) {
        const auto os = parse_operating_system(*options.os);
        if (!os) {
            throw UsageError("--os '" + *options.os + "': expected linux, windows or macos");
        }
        if (!machine.os || machine.os->value != *os) {
            forget_os_facts(machine);
        }
        machine.os = Fact<OperatingSystem>{*os, "option --os"};
    }
    if (options.arch) {
        const auto arch = parse_cpu_arch(*options.arch);
        if (!arch) {
            throw UsageError("--arch '" + *options.arch +
                             "': expected a CPU architecture like x86_64, aarch64 or arm64");
        }
        machine.arch = Fact<CpuArch>{*arch, "option --arch"};
    }
    if (options.glibc) {
        const auto glibc = OsVersion::parse(*options.glibc);
        if (!glibc) {
            throw UsageError("--glibc '" + *options.glibc + "': expected a version like 2.28");
        }
        machine.glibc = Fact<OsVersion>{*glibc, "option --glibc"};
    }
    if (options.python) {
        machine.pythons = {python_from_option(*options.python)};
    }
    if (options.vc_runtime) {
        if (auto version = VcRuntimeVersion::parse(*options.vc_runtime); !version) {
            throw UsageError("--vc-runtime '" + *options.vc_runtime +
                             "': " + version.error().message + " (like 14.44.35211)");
        }
        machine.windows.vc_redist = Fact<std::string>{*options.vc_runtime, "option --vc-runtime"};
        // System32's msvcp140.dll would outrank the Redistributable (vc_runtime_of): the option
        // replaces what the profile knew of the runtime.
        std::erase_if(machine.windows.system32_dlls,
                      [](const DllVersion& dll) { return iequals(dll.name, "msvcp140.dll"); });
    }
}

void apply_gpu_options(const MachineDescription& options, const GpuTablesSource& catalog,
                       Machine& machine) {
    if (options.driver) {
        std::optional<DriverVersion> version;
        if (*options.driver != "none") {
            auto parsed = DriverVersion::parse(*options.driver);
            if (!parsed) {
                throw UsageError("--driver '" + *options.driver + "': " + parsed.error().message +
                                 " (or 'none')");
            }
            version = *parsed;
        }
        machine.nvidia.driver = Fact<std::optional<DriverVersion>>{version, "option --driver"};
        machine.nvidia.cuda.reset(); // what an older profile's driver supported says nothing now
    }
    if (!options.gpus.empty()) {
        machine.nvidia.gpus.clear();
        machine.amd.gpus.clear();
        machine.intel_gpus.clear();
        for (const auto& text : options.gpus) {
            add_gpu_from_option(text, catalog, machine);
        }
    }
    if (!options.rocm_gfx.empty()) {
        if (options.gpus.empty()) {
            machine.amd.gpus.clear(); // else --gpu replaced them, and may have added some
        }
        for (const auto& target : options.rocm_gfx) {
            if (!target.starts_with("gfx") || target.size() < 6) {
                throw UsageError("--rocm-gfx '" + target +
                                 "': expected an LLVM target like gfx1100");
            }
            machine.amd.gpus.push_back({target, "option --rocm-gfx"});
        }
    }
    if (options.cpu_only) {
        if (!options.gpus.empty() || !options.rocm_gfx.empty()) {
            throw UsageError(
                "--cpu-only describes a machine without GPUs: drop --gpu and --rocm-gfx");
        }
        machine.nvidia = NvidiaFacts{};
        machine.nvidia.driver =
            Fact<std::optional<DriverVersion>>{std::nullopt, "option --cpu-only"};
        machine.amd.gpus.clear();
        machine.intel_gpus.clear();
    }
}

Machine with_options(Machine machine, const MachineDescription& options,
                     const GpuTablesSource& catalog) {
    apply_system_options(options, machine);
    apply_gpu_options(options, catalog, machine);
    return machine;
}

} // namespace

bool MachineDescription::describes_machine() const {
    return !machine_files.empty() || os || arch || python || glibc || driver || !gpus.empty() ||
           !rocm_gfx.empty() || cpu_only || vc_runtime;
}

std::vector<Machine> describe_machines(const MachineDescription& options,
                                       const GpuTablesSource& catalog) {
    std::vector<Machine> machines;
    for (const auto& file : options.machine_files) {
        machines.push_back(with_options(read_profile(file), options, catalog));
    }
    if (machines.empty()) {
        machines.push_back(options.describes_machine()
                               ? with_options(this_operating_system(options), options, catalog)
                               : detect_this_machine(options, catalog));
    }
    return machines;
}

} // namespace torchpin
