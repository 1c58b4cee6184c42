// The Windows part of detection: OS facts from the platform layer, then the display adapters,
// GPUs and the Visual C++ runtime, from the registry and the vendors' tools.
#pragma once

#include "detect/detection_context.hpp"
#include "engine/hardware/machine.hpp"

namespace torchpin {

// os Windows (source "host"), arch from context.uname_machine (source "IsWow64Process2", the
// native CPU), os_version from context.windows_build (source "RtlGetVersion"). No glibc, WSL or
// container facts: they do not apply.
void detect_windows_os(const DetectionContext& context, Machine& machine);

// The display adapters of the registry's display class key, each recorded in
// machine.windows.display_adapters with its DriverVersion; NVIDIA (detect_windows_nvidia), AMD
// and Intel GPUs from them as Linux maps PCI ids; the Visual C++ runtime. Reads no file of the
// context's root (/proc, /sys, /etc): only the registry, the environment's folders and programs.
void detect_windows_hardware(const DetectionContext& context, Machine& machine);

} // namespace torchpin
