// The Visual C++ runtime of a Windows machine: the Redistributable's registry key and the file
// versions of the runtime DLLs in System32 that torch loads.
#pragma once

#include "detect/detection_context.hpp"
#include "engine/base/registry.hpp"
#include "engine/hardware/machine.hpp"

#include <optional>
#include <string>

namespace torchpin {

// The Redistributable's key for a CPU:
// HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64 (arm64 for Aarch64, x86 for I686).
std::string vc_runtime_key(CpuArch arch);

// The installed Redistributable as the key holds it, when its Installed DWORD is 1:
// Major.Minor.Bld ("14.44.35211"), else its Version text without the "v" ("v14.44.35211.00" ->
// "14.44.35211.00"); nullopt when not installed.
std::optional<std::string> read_vc_redist(const Registry& registry, const std::string& key);

// machine.windows.vc_redist from the key for machine.arch (x64 when unknown; the 32-bit view's
// copy under WOW6432Node when the key is missing), and machine.windows.system32_dlls from
// context.file_version of msvcp140.dll, vcruntime140.dll and vcruntime140_1.dll in
// %SystemRoot%\System32 (the DLLs torch's __init__ loads). What is missing is a note.
void detect_vc_runtime(const DetectionContext& context, Machine& machine);

} // namespace torchpin
