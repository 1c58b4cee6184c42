// The AMD part of a profile: the installed ROCm release and each GPU's gfx target.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/pci_devices.hpp"
#include "engine/base/expected.hpp"
#include "engine/hardware/machine.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// /opt/rocm/.info/version holds the release and a build number: "6.2.0-66\n" -> 6.2.0.
Expected<RocmVersion> parse_rocm_info_version(std::string_view content);

// rocm_version.h's "#define ROCM_VERSION_MAJOR 6", "…_MINOR 2", "…_PATCH 0" -> 6.2.0.
Expected<RocmVersion> parse_rocm_version_header(std::string_view content);

// KFD's gfx_target_version number as an LLVM target: 110000 -> "gfx1100", 90402 -> "gfx942",
// 90010 -> "gfx90a" (the stepping is one hex digit); nullopt for 0, which CPU nodes report.
std::optional<std::string> gfx_target_name(std::uint32_t version);

// A KFD topology node's properties file: its "gfx_target_version 110000" line -> "gfx1100";
// nullopt for CPU nodes and files without the line.
std::optional<std::string> gfx_target_from_kfd_properties(std::string_view content);

// rocm_agent_enumerator prints one target per line; "gfx000" (the CPU agent ROCm before 6
// listed first) is left out: "gfx000\ngfx1100\n" -> {"gfx1100"}.
std::vector<std::string> parse_rocm_agent_enumerator(std::string_view output);

// The gfx target of each AMD device of `pci` from the AMD GPU table, by its PCI id: source
// "gpu table: PCI id 1002:73bf is … (<the device's source>)". Devices the table lacks are notes.
void add_amd_gpus_from_pci(const DetectionContext& context, const std::vector<PciDevice>& pci,
                           Machine& machine);

// ROCm from $ROCM_PATH or /opt/rocm (.info/version, then include/rocm-core/rocm_version.h);
// gfx targets from the KFD topology (/sys/class/kfd/kfd/topology/nodes/*/properties), else from
// rocm_agent_enumerator when ROCm is installed, else from the AMD GPU table by each AMD display
// controller's PCI id (with a note that KFD is missing).
void detect_amd(const DetectionContext& context, const std::vector<PciDevice>& pci,
                Machine& machine);

} // namespace torchpin
