// Choosing the fitting release of a companion and spelling the command that installs it.
#include "doctor/companion_fix.hpp"

#include <algorithm>

namespace torchpin {

namespace {

bool lists(const CompanionPackageFact& release, std::string_view where) {
    return std::ranges::find(release.files_on, where) != release.files_on.end();
}

void replace_all(std::string& text, std::string_view what, std::string_view with) {
    for (std::size_t at = text.find(what); at != std::string::npos;
         at = text.find(what, at + with.size())) {
        text.replace(at, what.size(), with);
    }
}

std::string minor_of(const Version& torch) {
    const auto parts = torch.release();
    return std::to_string(parts[0]) + "." + std::to_string(parts.size() > 1 ? parts[1] : 0);
}

// "https://download.pytorch.org/whl/{variant}/xformers/" ->
// "https://download.pytorch.org/whl/cu128"
std::optional<std::string> pytorch_index(const CompanionPackageFact& release,
                                         const Backend& backend) {
    const std::size_t variant = release.files_url.find("{variant}");
    if (variant == std::string::npos) {
        return std::nullopt;
    }
    return release.files_url.substr(0, variant) + backend.to_string();
}

// PyG's pages hold one file per release, labelled pt{M}{m}{variant}: the labelled pin is the one
// only that page's file matches.
std::string pyg_label(const Version& torch, const Backend& backend) {
    const auto parts = torch.release();
    return "pt" + std::to_string(parts[0]) + std::to_string(parts.size() > 1 ? parts[1] : 0) +
           backend.to_string();
}

std::string find_links_instruction(const CompanionPackageFact& release,
                                   const CompanionTarget& target) {
    std::string url = release.files_url;
    replace_all(url, "{T.M}", minor_of(target.torch));
    if (!target.backend) {
        return "install " + release.package + " " + release.version.to_string() +
               " from the page of the installed torch's variant: " + url;
    }
    std::string pin = release.version.to_string();
    if (url.find("{variant}") != std::string::npos) {
        replace_all(url, "{variant}", target.backend->to_string());
        pin += "+" + pyg_label(target.torch, *target.backend);
    }
    replace_all(url, "{cuXYZ|cpu}", target.backend->to_string());
    return "pip install '" + release.package + "==" + pin + "' -f " + url;
}

std::string asset_instruction(const CompanionPackageFact& release, const CompanionTarget& target) {
    std::string url = release.files_url;
    replace_all(url, "{ver}", release.version.to_string());
    replace_all(url, "{T.M}", minor_of(target.torch));
    if (target.backend && target.backend->cuda_version()) {
        replace_all(url, "{CUDA_MAJOR}", std::to_string(target.backend->cuda_version()->major()));
    }
    return "pip install the release asset " + url +
           " (cxx11abi TRUE or FALSE as torch._C._GLIBCXX_USE_CXX11_ABI says, cp{py} the "
           "environment's CPython)";
}

} // namespace

const CompanionPackageFact* fitting_release(const CompatMatrix& matrix, std::string_view package,
                                            const CompanionTarget& target) {
    const CompanionPackageFact* best = nullptr;
    for (const CompanionPackageFact& release : matrix.companion_packages) {
        if (release.package == package && (best == nullptr || best->version < release.version) &&
            companion_fit(release, target).fits()) {
            best = &release;
        }
    }
    return best;
}

std::string install_instruction(const CompanionPackageFact& release,
                                const CompanionTarget& target) {
    const std::string pin = "'" + release.package + "==" + release.version.to_string() + "'";
    if (lists(release, "find-links")) {
        return find_links_instruction(release, target);
    }
    if (lists(release, "release-assets")) {
        return asset_instruction(release, target);
    }
    if (lists(release, "pytorch-index") && target.backend) {
        if (auto index = pytorch_index(release, *target.backend)) {
            return "pip install " + pin + " --index-url " + *index;
        }
    }
    if (lists(release, "pypi")) {
        return "pip install " + pin;
    }
    return "install " + release.package + " " + release.version.to_string() + " (" +
           (release.files_on.empty() ? std::string("no files recorded")
                                     : release.files_on.front()) +
           ")";
}

} // namespace torchpin
