// The NVIDIA part of a profile: driver, CUDA version and GPUs, from the probes in a fixed order.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/pci_devices.hpp"
#include "engine/hardware/machine.hpp"

#include <vector>

namespace torchpin {

// Runs, in this order (docs/detection.md says why), until each fact is known:
//   1. NVML via dlopen (driver, CUDA version, every GPU; WSL's copy in /usr/lib/wsl/lib too)
//   2. /sys/module/nvidia/version (driver)
//   3. /proc/driver/nvidia/version (driver)
//   4. nvidia-smi --query-gpu on PATH, else WSL's (driver, GPUs), when NVML did not answer
//   5. libcuda.so.1's cuDriverGetVersion via dlopen (CUDA version), when a driver was found
// then fills PCI ids from `pci` (matching bus ids) and missing compute capabilities from the
// GPU tables. NVIDIA GPUs on the PCI bus that no driver reported are listed from `pci`. Every
// probe that fails leaves a note; none throws. Expects machine.wsl to be set already.
void detect_nvidia(const DetectionContext& context, const std::vector<PciDevice>& pci,
                   Machine& machine);

} // namespace torchpin
