// The NVIDIA part of a Windows profile: the probes Linux runs, at the places NVIDIA's Windows
// driver installs them, then the display adapters' registry keys.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/pci_devices.hpp"
#include "engine/hardware/machine.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// Where NVIDIA's Windows driver puts NVML: %SystemRoot%\System32\nvml.dll (current drivers), then
// %ProgramFiles%\NVIDIA Corporation\NVSMI\nvml.dll (older ones); a folder whose variable is unset
// is left out, and without SystemRoot the bare "nvml.dll" is left to the DLL search order.
std::vector<std::string> windows_nvml_libraries(const DetectionContext& context);

// The CUDA driver library: %SystemRoot%\System32\nvcuda.dll, which exports cuDriverGetVersion as
// libcuda.so.1 does ("nvcuda.dll" without SystemRoot).
std::vector<std::string> windows_cuda_driver_libraries(const DetectionContext& context);

// nvidia-smi.exe in %SystemRoot%\System32, else %ProgramFiles%\NVIDIA Corporation\NVSMI, else
// the folders of PATH (';'-separated), in that order.
std::optional<std::filesystem::path> find_windows_nvidia_smi(const DetectionContext& context);

// Runs, in this order, until each fact is known:
//   1. NVML (context.nvml_libraries: driver, CUDA version, every GPU)
//   2. nvidia-smi.exe --query-gpu, when NVML did not answer (driver, GPUs; older nvidia-smi
//      asked again without compute_cap)
//   3. the first NVIDIA adapter's DriverVersion in `adapters`' registry keys, converted from
//      Windows' form (driver)
//   4. nvcuda.dll's cuDriverGetVersion (context.libcuda_libraries: CUDA version), when a driver
//      was found
// then lists the NVIDIA adapters as GPUs when no probe listed any, and fills PCI ids, names and
// compute capabilities from the GPU tables. Every failure is a note; none throws.
void detect_windows_nvidia(const DetectionContext& context, const std::vector<PciDevice>& adapters,
                           Machine& machine);

} // namespace torchpin
