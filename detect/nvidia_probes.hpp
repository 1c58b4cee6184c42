// The NVIDIA probes every host runs (NVML, nvidia-smi, the CUDA driver library) and the steps that
// complete their GPUs; nvidia_detection (Linux) and windows_nvidia_detection put them in order.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/pci_devices.hpp"
#include "engine/hardware/machine.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// Sets machine.nvidia.driver unless an earlier probe did: the first probe to find it wins.
void set_nvidia_driver(Machine& machine, const DriverVersion& version, std::string source);

// NVML from the first of `libraries` that loads: driver, CUDA version and GPUs (source "nvml").
// False, with a note, when none loads or NVML does not answer.
bool probe_nvidia_with_nvml(const std::vector<std::string>& libraries, Machine& machine);

// `program --query-gpu=<every field> --format=csv,noheader`, asked again with the basic fields
// when an older nvidia-smi refuses compute_cap: driver and GPUs. Each failure is a note.
void probe_nvidia_with_nvidia_smi(const DetectionContext& context,
                                  const std::filesystem::path& program, Machine& machine);

// cuDriverGetVersion from the first of `libraries` that loads ("libcuda.so.1", "nvcuda.dll"),
// once a driver is known and no probe gave the CUDA version: source "<label> cuDriverGetVersion",
// or a note "<label>: why".
void probe_cuda_with_driver_library(const std::vector<std::string>& libraries,
                                    std::string_view label, Machine& machine);

// The NVIDIA devices of `pci` as GPUs (name and source from the device); true when it added any.
bool add_nvidia_gpus_from_pci(const std::vector<PciDevice>& pci, Machine& machine);

// Fills what the probes left out of each GPU: its PCI id from the device at its bus id, its name
// and compute capability from the GPU tables (by PCI id, else by name). Unknowns become notes.
void complete_nvidia_gpus(const DetectionContext& context, const std::vector<PciDevice>& pci,
                          Machine& machine);

} // namespace torchpin
