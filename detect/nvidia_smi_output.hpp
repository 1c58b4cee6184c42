// What `nvidia-smi --query-gpu=… --format=csv` prints: one line per GPU, or an error line.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/machine.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The fields torchpin asks for, newest first: compute_cap arrived with driver 510 and older
// nvidia-smi refuses the whole query, so the probe asks again with the basic ones.
const std::vector<std::string>& nvidia_smi_fields(); // name, pci.bus_id, …, mig.mode.current
const std::vector<std::string>&
nvidia_smi_basic_fields(); // name, pci.bus_id, driver_version, memory.total

// The GPUs and driver one nvidia-smi query reported. GPUs carry source "nvidia-smi"; values
// nvidia-smi could not give ("[N/A]", "[Not Supported]") are left unset.
struct NvidiaSmiReport {
    std::vector<NvidiaGpu> gpus;
    std::optional<DriverVersion> driver; // from the first GPU's line
};

// Parses --format=csv,noheader output of a query for `fields` in that order; with no `fields`,
// --format=csv output whose first line names them. Recognised fields: name, pci.bus_id,
// pci.device_id, driver_version, memory.total, compute_cap, mig.mode.current (others are
// ignored). A line with the wrong number of fields or a bad value is an error.
Expected<NvidiaSmiReport> parse_nvidia_smi_csv(std::string_view output,
                                               const std::vector<std::string>& fields = {});

// The field an older nvidia-smi refused: `Field "compute_cap" is not a valid field to query.`
// gives "compute_cap"; nullopt for any other output.
std::optional<std::string> nvidia_smi_invalid_field(std::string_view output);

// NVML's and nvidia-smi's combined PCI id: 0x220410DE (device in the high half, vendor in the
// low one) is 10de:2204.
PciId pci_id_from_combined(std::uint32_t combined);

} // namespace torchpin
