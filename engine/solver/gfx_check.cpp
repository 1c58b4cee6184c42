// check_gfx_targets: each AMD GPU against the build's gfx list, then the documented overrides of
// those it lacks, then whether one HSA_OVERRIDE_GFX_VERSION suits every GPU at once.
#include "engine/solver/gfx_check.hpp"

#include <algorithm>

namespace torchpin {

namespace {

bool carries(const RocmTargets& targets, const std::string& gfx) {
    return std::find(targets.gfx.begin(), targets.gfx.end(), gfx) != targets.gfx.end();
}

std::string setting(const HsaOverrideFact& fact) {
    return "HSA_OVERRIDE_GFX_VERSION=" + fact.hsa_version;
}

// Why `fact` does not make `targets`' build run its GPU on `os`; empty when it does.
std::string override_obstacle(const HsaOverrideFact& fact, const RocmTargets& targets,
                              OperatingSystem os) {
    if (os != OperatingSystem::Linux) {
        return setting(fact) + " is documented for ROCm on Linux only";
    }
    const auto rocm = targets.backend.rocm_version();
    if (fact.rocm_up_to && rocm && *fact.rocm_up_to < *rocm) {
        return setting(fact) + " is documented for " + fact.chip + " only up to ROCm " +
               fact.rocm_up_to->to_string();
    }
    if (!carries(targets, fact.runs_as)) {
        return setting(fact) + " runs it as " + fact.runs_as + ", which " +
               targets.backend.to_string() + " does not carry either";
    }
    return "";
}

// Why the overrides cannot be set together on a machine with `gpus`: the variable applies to
// every GPU. Empty when they can.
std::string clash_between(const std::vector<HsaOverrideFact>& overrides, const RocmTargets& targets,
                          const std::vector<std::string>& gpus) {
    const HsaOverrideFact& first = overrides.front();
    for (const HsaOverrideFact& other : overrides) {
        if (other.hsa_version != first.hsa_version) {
            return "HSA_OVERRIDE_GFX_VERSION applies to every GPU, and " + first.gfx + " needs " +
                   first.hsa_version + ", " + other.gfx + " " + other.hsa_version;
        }
    }
    for (const std::string& gfx : gpus) {
        if (carries(targets, gfx) && gfx != first.runs_as) {
            return setting(first) + " applies to every GPU and would run " + gfx + " as " +
                   first.runs_as;
        }
    }
    return "";
}

} // namespace

GfxCheck check_gfx_targets(const CompatMatrix& matrix, const Version& torch, const Backend& backend,
                           const std::vector<std::string>& gpus, OperatingSystem os) {
    if (gpus.empty()) {
        return {};
    }
    const RocmTargets* targets = matrix.rocm(backend, torch);
    if (targets == nullptr) {
        return {GfxFit::Unverified, {}, {}};
    }
    GfxCheck check{GfxFit::Built, {}, {}};
    for (const std::string& gfx : gpus) {
        if (carries(*targets, gfx)) {
            continue;
        }
        const HsaOverrideFact* fact = matrix.hsa_override(gfx);
        const std::string obstacle = fact ? override_obstacle(*fact, *targets, os) : "";
        if (fact == nullptr || !obstacle.empty()) {
            check.rejections.push_back(GfxNotBuilt{gfx, backend, targets->gfx, obstacle});
        } else if (std::none_of(check.overrides.begin(), check.overrides.end(),
                                [&](const HsaOverrideFact& o) { return o.gfx == gfx; })) {
            check.overrides.push_back(*fact);
        }
    }
    if (check.overrides.empty()) {
        return check;
    }
    if (const std::string clash = clash_between(check.overrides, *targets, gpus); !clash.empty()) {
        for (const HsaOverrideFact& fact : check.overrides) {
            check.rejections.push_back(GfxNotBuilt{fact.gfx, backend, targets->gfx, clash});
        }
    }
    if (check.rejections.empty()) {
        check.fit = GfxFit::Override;
    } else {
        check.overrides.clear(); // the build does not run: nothing to assume
    }
    return check;
}

} // namespace torchpin
