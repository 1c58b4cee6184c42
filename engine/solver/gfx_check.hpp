// Whether a ROCm build runs on the machine's AMD GPUs: by its gfx list, or under the
// HSA_OVERRIDE_GFX_VERSION a source documents for a GPU the list lacks.
#pragma once

#include "engine/solver/solver.hpp"

#include <string>
#include <vector>

namespace torchpin {

struct GfxCheck {
    GfxFit fit = GfxFit::NotNeeded;
    std::vector<HsaOverrideFact> overrides; // with GfxFit::Override: one per GPU that needs it
    std::vector<GfxNotBuilt> rejections;    // each GPU the build cannot run
};

// The verdict of torch `torch`'s ROCm build `backend` for AMD GPUs of targets `gpus` on `os`:
// - NotNeeded without AMD GPUs; Unverified when the matrix knows no gfx list for the build;
// - Built when its list has every target;
// - Override when each other GPU has a documented override that runs it as a target the list
//   has, on Linux, within the ROCm releases the source allows; and, since the variable applies
//   to every GPU, when they all need the same value and it names the target of every GPU the list
//   has (gfx1031 with gfx1030 under 10.3.0, not gfx1031 with gfx1100);
// - otherwise a rejection per GPU that the build cannot run, saying why its override fails.
GfxCheck check_gfx_targets(const CompatMatrix& matrix, const Version& torch, const Backend& backend,
                           const std::vector<std::string>& gpus, OperatingSystem os);

} // namespace torchpin
