// Choosing the fitting release of a companion and spelling the command that installs it, from
// where resolve places its file (engine/solver/companion_source).
#include "doctor/companion_fix.hpp"

#include "engine/solver/companion_source.hpp"
#include "engine/solver/solver.hpp"

namespace torchpin {

const CompanionPackageFact* fitting_release(const CompatMatrix& matrix, std::string_view package,
                                            const CompanionTarget& target) {
    const CompanionPackageFact* best = nullptr;
    for (const CompanionPackageFact& release : *matrix.companion_packages) {
        if (release.package == package && (best == nullptr || best->version < release.version) &&
            companion_fit(release, target).fits()) {
            best = &release;
        }
    }
    return best;
}

namespace {

std::string index_of(const CompanionTarget& target) {
    return target.backend ? pytorch_index_url(*target.backend) : std::string("the PyTorch index");
}

} // namespace

std::string install_instruction(const CompanionPackageFact& release,
                                const CompanionTarget& target) {
    const std::string index = index_of(target);
    const auto placement = place_companion(release, target, index);
    if (!placement) {
        return "install " + release.package + " " + release.version.to_string() + " (" +
               (release.files_on.empty() ? std::string("no files recorded")
                                         : release.files_on.front()) +
               ")";
    }
    const std::string pin = "'" + release.package + "==" + placement->version.to_string() + "'";
    switch (placement->source.kind) {
    case PinSourceKind::PytorchIndex:
        return "pip install " + pin + " --index-url " + index;
    case PinSourceKind::Pypi:
        return "pip install " + pin;
    case PinSourceKind::FindLinks:
        return "pip install " + pin + " -f " + placement->source.url;
    case PinSourceKind::DirectUrl:
        return "pip install '" + release.package + " @ " + placement->source.url + "'";
    }
    return "";
}

Version pinned_version(const CompanionPackageFact& release, const CompanionTarget& target) {
    const auto placement = place_companion(release, target, index_of(target));
    return placement ? placement->version : release.version;
}

} // namespace torchpin
