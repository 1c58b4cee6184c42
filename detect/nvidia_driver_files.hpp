// The NVIDIA kernel module's version files: /sys/module/nvidia/version and
// /proc/driver/nvidia/version.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/driver_version.hpp"

#include <string_view>

namespace torchpin {

// /sys/module/nvidia/version holds the bare version: "550.144.03\n" -> 550.144.03.
Expected<DriverVersion> parse_sys_module_nvidia_version(std::string_view content);

// /proc/driver/nvidia/version's "NVRM version:" line, in both banners:
// "NVRM version: NVIDIA UNIX x86_64 Kernel Module  375.74  Wed Jun 14 …" and
// "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  550.144.03  Release Build …".
Expected<DriverVersion> parse_proc_driver_nvidia_version(std::string_view content);

} // namespace torchpin
