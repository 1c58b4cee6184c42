// The Intel part of a profile: Intel GPUs on the PCI bus, with their family's place on PyTorch's
// XPU list and whether they are discrete.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/pci_devices.hpp"
#include "engine/hardware/machine.hpp"

#include <string_view>
#include <vector>

namespace torchpin {

// Intel puts its integrated GPU at bus 0, device 2, function 0 of every chipset since 2010;
// discrete Arc cards sit behind a PCIe port: intel_integrated_address("0000:00:02.0") is true.
bool intel_integrated_address(std::string_view address);

// Lists Intel display controllers from `pci`. Name and XPU support come from the Intel GPU table
// when it has the id (else the name is the driver's); discrete or integrated from torchruntime's
// flag when it has the id, else from the address (unknown without one).
void detect_intel(const DetectionContext& context, const std::vector<PciDevice>& pci,
                  Machine& machine);

} // namespace torchpin
