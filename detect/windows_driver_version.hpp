// NVIDIA's driver version in the form Windows gives it ("32.0.15.6636") turned into the form
// nvidia-smi and NVML print ("566.36").
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/driver_version.hpp"

#include <string_view>

namespace torchpin {

// The Windows driver version of an NVIDIA display adapter (four dot-separated numbers, as the
// registry's DriverVersion and Device Manager show it) as NVIDIA numbers the release: the last
// five digits of the last two fields, with a dot before the last two. "32.0.15.6636" ->
// "15" + "6636" -> "56636" -> 566.36; "8.17.12.5721" -> 257.21. The fourth field counts as four
// digits ("32.0.15.6603" -> 566.03). An error for other shapes; only NVIDIA numbers its drivers
// so (AMD's "31.0.24033.1003" converts, meaninglessly).
Expected<DriverVersion> nvidia_driver_from_windows_version(std::string_view windows_version);

} // namespace torchpin
