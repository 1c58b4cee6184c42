// The Visual C++ runtime DLLs (msvcp140.dll, vcruntime140.dll, vcruntime140_1.dll) in a Windows
// environment's reach: every copy with its file version, the one torch's DLLs get, and the
// findings when that copy is older than the installed torch needs or another package's older
// copy can be loaded first.
#pragma once

#include "doctor/library_findings.hpp"
#include "doctor/windows_library_check.hpp"
#include "engine/pep/version.hpp"

#include <filesystem>
#include <optional>
#include <vector>

namespace torchpin {

struct VcRuntimeCheck {
    std::vector<RuntimeCopy> copies;
    std::vector<DoctorFinding> findings;
};

// `torch_lib`: torch\lib; `torch`: the installed torch version (known issues are by version).
VcRuntimeCheck check_vc_runtime(const WindowsLoad& load, const WindowsDllSearch& search,
                                const std::filesystem::path& torch_lib,
                                const std::optional<Version>& torch, const FindingContext& context);

} // namespace torchpin
