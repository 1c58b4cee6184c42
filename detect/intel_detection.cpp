// Intel GPUs from PCI display controllers: name, family and XPU support from the Intel GPU
// table; discrete or integrated from torchruntime's flag or the integrated slot.
#include "detect/intel_detection.hpp"

namespace torchpin {

bool intel_integrated_address(std::string_view address) {
    return address.ends_with(":00:02.0");
}

void detect_intel(const DetectionContext& context, const std::vector<PciDevice>& pci,
                  Machine& machine) {
    for (const auto& device : pci) {
        if (device.id.vendor != pci_vendor_intel) {
            continue;
        }
        IntelGpu gpu;
        gpu.pci_id = device.id;
        gpu.source = device.source;
        const GpuCatalog* catalog = context.gpu_catalog();
        if (catalog != nullptr) {
            if (const GpuLookup lookup = catalog->lookup_pci(device.id); lookup.match) {
                const GpuCapability& family = lookup.match->capability;
                gpu.name = lookup.match->product_names();
                gpu.xpu =
                    Fact<bool>{family.xpu_listed, "gpu table: " + lookup.match->rule + ": " +
                                                      family.family + ": " + family.xpu_support};
            }
            if (const GpuPciRow* row = catalog->pci_row(device.id)) {
                if (gpu.name.empty()) {
                    gpu.name = row->name;
                }
                gpu.discrete =
                    Fact<bool>{row->discrete, "gpu table: PCI id " + device.id.to_string() +
                                                  " in torchruntime's list"};
            }
        }
        if (gpu.name.empty()) {
            gpu.name = device.name;
        }
        if (!gpu.discrete && !device.address.empty()) {
            const bool integrated = intel_integrated_address(device.address);
            gpu.discrete =
                Fact<bool>{!integrated, "PCI address " + device.address +
                                            (integrated ? " (the integrated GPU slot)"
                                                        : " (not the integrated GPU slot)")};
        }
        machine.intel_gpus.push_back(std::move(gpu));
    }
}

} // namespace torchpin
