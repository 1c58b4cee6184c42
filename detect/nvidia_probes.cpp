// NVML, nvidia-smi and the CUDA driver library as probes whose failures are notes, and GPU facts
// completed from PCI devices and the GPU tables.
#include "detect/nvidia_probes.hpp"

#include "detect/libcuda_probe.hpp"
#include "detect/nvidia_smi_output.hpp"
#include "detect/nvml_probe.hpp"
#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

std::string first_line(std::string_view text) {
    text = trim_ascii(text);
    return std::string(trim_ascii(text.substr(0, text.find('\n'))));
}

// One nvidia-smi query; nullopt (and a note) unless it printed GPUs. `refused` gets the field
// an older nvidia-smi did not know.
std::optional<NvidiaSmiReport> query_nvidia_smi(const DetectionContext& context,
                                                const std::filesystem::path& program,
                                                const std::vector<std::string>& fields,
                                                Machine& machine,
                                                std::optional<std::string>& refused) {
    std::string query = "--query-gpu=";
    for (const auto& field : fields) {
        query += (&field == &fields.front() ? "" : ",") + field;
    }
    const ProgramRun run = run_program(program, {query, "--format=csv,noheader"}, context.timeout);
    const std::string label = "nvidia-smi (" + utf8_of(program) + ")";
    if (!run.succeeded()) {
        refused = nvidia_smi_invalid_field(run.out + run.err);
        const std::string said = first_line(run.out.empty() ? run.err : run.out);
        machine.notes.push_back(label + " " + run.describe(context.timeout) +
                                (said.empty() ? "" : ": " + said));
        return std::nullopt;
    }
    auto report = parse_nvidia_smi_csv(run.out, fields);
    if (!report) {
        machine.notes.push_back(label + ": unexpected output (" + report.error().message +
                                "): " + first_line(run.out));
        return std::nullopt;
    }
    return *std::move(report);
}

} // namespace

void set_nvidia_driver(Machine& machine, const DriverVersion& version, std::string source) {
    if (!machine.nvidia.driver) {
        machine.nvidia.driver = Fact<std::optional<DriverVersion>>{version, std::move(source)};
    }
}

bool probe_nvidia_with_nvml(const std::vector<std::string>& libraries, Machine& machine) {
    NvmlReport report = probe_nvml(libraries);
    if (!report.problem.empty()) {
        machine.notes.push_back("nvml: " + report.problem);
        return false;
    }
    if (report.driver) {
        set_nvidia_driver(machine, *report.driver, "nvml");
    }
    if (report.cuda) {
        machine.nvidia.cuda = Fact<CudaVersion>{*report.cuda, "nvml"};
    }
    machine.nvidia.gpus = std::move(report.gpus);
    machine.notes.insert(machine.notes.end(), report.notes.begin(), report.notes.end());
    return true;
}

void probe_nvidia_with_nvidia_smi(const DetectionContext& context,
                                  const std::filesystem::path& program, Machine& machine) {
    std::optional<std::string> refused;
    auto report = query_nvidia_smi(context, program, nvidia_smi_fields(), machine, refused);
    if (!report && refused) {
        machine.notes.push_back("nvidia-smi: this version does not know '" + *refused +
                                "'; asked again for the basic fields");
        report = query_nvidia_smi(context, program, nvidia_smi_basic_fields(), machine, refused);
    }
    if (!report) {
        return;
    }
    if (report->driver) {
        set_nvidia_driver(machine, *report->driver, "nvidia-smi");
    }
    machine.nvidia.gpus = std::move(report->gpus);
}

void probe_cuda_with_driver_library(const std::vector<std::string>& libraries,
                                    std::string_view label, Machine& machine) {
    if (machine.nvidia.cuda || !machine.nvidia.driver) {
        return;
    }
    const LibcudaReport report = probe_libcuda(libraries);
    if (report.cuda) {
        machine.nvidia.cuda =
            Fact<CudaVersion>{*report.cuda, std::string(label) + " cuDriverGetVersion"};
    } else {
        machine.notes.push_back(std::string(label) + ": " + report.problem);
    }
}

bool add_nvidia_gpus_from_pci(const std::vector<PciDevice>& pci, Machine& machine) {
    bool added = false;
    for (const auto& device : pci) {
        if (device.id.vendor != pci_vendor_nvidia) {
            continue;
        }
        NvidiaGpu gpu;
        gpu.name = device.name;
        gpu.pci_id = device.id;
        gpu.bus_id = device.address;
        gpu.source = device.source;
        machine.nvidia.gpus.push_back(std::move(gpu));
        added = true;
    }
    return added;
}

void complete_nvidia_gpus(const DetectionContext& context, const std::vector<PciDevice>& pci,
                          Machine& machine) {
    const GpuCatalog* catalog = nullptr;
    bool catalog_loaded = false;
    for (std::size_t index = 0; index < machine.nvidia.gpus.size(); ++index) {
        NvidiaGpu& gpu = machine.nvidia.gpus[index];
        if (!gpu.pci_id && !gpu.bus_id.empty()) {
            const std::string address = sysfs_pci_address(gpu.bus_id);
            for (const auto& device : pci) {
                if (device.address == address) {
                    gpu.pci_id = device.id;
                }
            }
        }
        if (gpu.compute_capability && !gpu.name.empty()) {
            continue;
        }
        if (!catalog_loaded) {
            catalog = context.gpu_catalog();
            catalog_loaded = true;
        }
        if (catalog == nullptr) {
            machine.notes.push_back("GPU " + std::to_string(index) +
                                    ": no GPU tables to look up its compute capability in");
            continue;
        }
        GpuLookup by_id = gpu.pci_id ? catalog->lookup_pci(*gpu.pci_id) : GpuLookup{};
        if (gpu.name.empty() && gpu.pci_id) {
            const GpuPciRow* row = catalog->pci_row(*gpu.pci_id);
            gpu.name = by_id.match ? by_id.match->product_names() : row ? row->name : "";
        }
        if (gpu.compute_capability) {
            continue;
        }
        // The id first; the driver's name where the id is unknown or shared by GPUs that differ.
        GpuLookup lookup =
            by_id.match || gpu.name.empty() ? std::move(by_id) : catalog->lookup_name(gpu.name);
        if (lookup.match && lookup.match->capability.vendor == GpuVendor::Nvidia) {
            gpu.compute_capability = Fact<ComputeCapability>{
                *lookup.match->capability.compute_capability, "gpu table: " + lookup.match->rule};
        } else {
            machine.notes.push_back("GPU " + std::to_string(index) + " (" +
                                    (gpu.name.empty() ? gpu.bus_id : gpu.name) +
                                    "): compute capability unknown: " +
                                    (lookup.unknown_reason.empty() ? "the GPU tables do not know it"
                                                                   : lookup.unknown_reason));
        }
    }
}

} // namespace torchpin
