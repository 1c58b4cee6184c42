// Placing a companion's file: its `files_on` and `files_url` scheme expanded for one torch build.
#include "engine/solver/companion_source.hpp"

#include <algorithm>

namespace torchpin {

namespace {

bool replace_all(std::string& text, std::string_view from, const std::string& to) {
    bool any = false;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
        text.replace(at, from.size(), to);
        at += to.size();
        any = true;
    }
    return any;
}

std::string minor_text(const Version& torch, std::string_view separator) {
    const auto parts = torch.release();
    return std::to_string(parts[0]) + std::string(separator) +
           std::to_string(parts.size() > 1 ? parts[1] : 0);
}

// flash-attn's assets carry the C++ ABI of the torch wheels they load into.
std::string cxx11_abi_flag(const Version& torch) {
    return torch_wheels_use_cxx11_abi(torch) ? "TRUE" : "FALSE";
}

// The scheme with every placeholder the target fills; nullopt when one is left (the target
// lacks what it names: a CUDA major for a CPU build, a Python).
std::optional<std::string> expand(std::string scheme, const CompanionPackageFact& release,
                                  const CompanionTarget& target) {
    replace_all(scheme, "{ver}", release.version.to_string());
    replace_all(scheme, "{T.M}", minor_text(target.torch, "."));
    replace_all(scheme, "{TM}", minor_text(target.torch, ""));
    replace_all(scheme, "{TRUE|FALSE}", cxx11_abi_flag(target.torch));
    if (target.backend) {
        replace_all(scheme, "{variant}", target.backend->to_string());
        replace_all(scheme, "{cuXYZ|cpu}", target.backend->to_string());
        if (const auto cuda = target.backend->cuda_version()) {
            replace_all(scheme, "{CUDA_MAJOR}", std::to_string(cuda->major()));
        }
    }
    if (target.python) {
        replace_all(scheme, "{py}",
                    std::to_string(target.python->major) + std::to_string(target.python->minor));
    }
    if (scheme.find('{') != std::string::npos) {
        return std::nullopt;
    }
    return scheme;
}

bool files_on(const CompanionPackageFact& release, std::string_view where) {
    return std::ranges::find(release.files_on, where) != release.files_on.end();
}

} // namespace

bool torch_wheels_use_cxx11_abi(const Version& torch) {
    return !(torch < Version::from("2.7"));
}

std::string_view name(PinSourceKind kind) noexcept {
    switch (kind) {
    case PinSourceKind::PytorchIndex:
        return "pytorch-index";
    case PinSourceKind::Pypi:
        return "pypi";
    case PinSourceKind::FindLinks:
        return "find-links";
    case PinSourceKind::DirectUrl:
        return "direct-url";
    }
    return "";
}

std::optional<CompanionPlacement> place_companion(const CompanionPackageFact& release,
                                                  const CompanionTarget& target,
                                                  const std::string& index_url) {
    if (release.files_on.empty()) {
        return std::nullopt;
    }
    // Filled member by member: mingw's g++ 12 at -O3 takes the aggregate temporaries of an
    // optional's braced initialisation for uninitialised strings (-Wmaybe-uninitialized).
    CompanionPlacement placed;
    placed.version = release.version;
    const std::string& first = release.files_on.front();
    if (first == "pytorch-index") {
        placed.source.url = index_url;
        return placed;
    }
    if (first == "pypi") {
        placed.source.kind = PinSourceKind::Pypi;
        placed.source.url = "https://pypi.org/simple";
        return placed;
    }
    if (!files_on(release, "find-links") && !files_on(release, "release-assets")) {
        return std::nullopt; // source-only
    }
    const auto url = expand(release.files_url, release, target);
    if (!url || url->empty()) { // no scheme: a release learned from its listed files
        return std::nullopt;
    }
    if (!release.label.empty()) {
        const auto label = expand(release.label, release, target);
        if (!label) {
            return std::nullopt;
        }
        placed.version = placed.version.with_local(*label);
    }
    placed.source.kind =
        files_on(release, "find-links") ? PinSourceKind::FindLinks : PinSourceKind::DirectUrl;
    placed.source.url = *url;
    placed.url_from_scheme = true;
    return placed;
}

} // namespace torchpin
