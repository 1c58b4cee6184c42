// Whether a release of a package built against torch fits a torch build: its torch pairing
// (curated and declared), its torch variants, platforms and CPython versions.
#include "engine/solver/companion_fit.hpp"

#include "engine/matrix/companion_label.hpp"
#include "engine/solver/stated_codes.hpp"

#include <algorithm>
#include <charconv>

namespace torchpin {

namespace {

std::string release_name(const CompanionPackageFact& release) {
    return release.package + " " + release.version.to_string();
}

std::uint32_t number(std::string_view text) {
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) {
        return 0;
    }
    return value;
}

// "2.4", "2.5", "2.6" -> "2.4 to 2.6" when consecutive, else "2.4, 2.6 and 2.8".
std::string minors_text(const std::vector<Version>& minors) {
    bool consecutive = minors.size() > 2;
    for (std::size_t i = 1; consecutive && i < minors.size(); ++i) {
        const auto a = minors[i - 1].release();
        const auto b = minors[i].release();
        consecutive = a[0] == b[0] && b[1] == a[1] + 1;
    }
    if (consecutive) {
        return minors.front().to_string() + " to " + minors.back().to_string();
    }
    std::vector<std::string> words;
    for (const Version& minor : minors) {
        words.push_back(minor.to_string());
    }
    return join_words(words);
}

// "<release> <fact>, not <target part>": the misfit's sentence, and its fact alone.
CompanionMisfit misfit(CompanionMisfitKind kind, const CompanionPackageFact& release,
                       std::string fact, const std::string& not_part,
                       const std::string& remark = "") {
    std::string why = release_name(release) + (fact.starts_with("'s ") ? "" : " ") + fact;
    why += (not_part.empty() ? "" : ", not " + not_part) + remark;
    return CompanionMisfit{kind, std::move(why), std::move(fact) + remark};
}

std::optional<CompanionMisfit> torch_misfit(const CompanionPackageFact& release,
                                            const Version& torch) {
    const std::string torch_text = "torch " + torch.to_string();
    if (release.pairing == "pinned-by-torch") {
        const auto pinned_by = [&](const std::string& version) {
            return Version::parse(version).has_value() && Version::from(version) == torch;
        };
        if (std::ranges::any_of(release.built_against, pinned_by)) {
            return std::nullopt;
        }
        return misfit(CompanionMisfitKind::Torch, release,
                      "is the one torch " + join_words(release.built_against) + " pins",
                      torch_text + "'s");
    }
    const std::vector<Version> minors = torch_minors_built(release);
    if (!minors.empty() && std::ranges::find(minors, torch_minor_of(torch)) == minors.end()) {
        return misfit(CompanionMisfitKind::Torch, release,
                      "has files for torch " + minors_text(minors) +
                          " only (each for its torch minor)",
                      "for " + torch_text);
    }
    if (release.torch && !release.torch->contains(torch, true)) {
        std::string remark;
        if (release.metadata_says &&
            release.metadata_says->to_string() != release.torch->to_string()) {
            remark = " (its metadata says torch" + release.metadata_says->to_string() + ")";
        }
        return misfit(CompanionMisfitKind::Torch, release,
                      "works with torch" + release.torch->to_string() + " only", torch_text,
                      remark);
    }
    if (release.metadata_says && !release.metadata_says->contains(torch, true)) {
        const std::string remark =
            release.torch ? " (its binaries accept torch" + release.torch->to_string() + ")" : "";
        const std::string fact = "'s metadata requires torch" + release.metadata_says->to_string();
        return CompanionMisfit{CompanionMisfitKind::Torch,
                               release_name(release) + fact +
                                   ", so pip and uv will not install it beside " + torch_text +
                                   remark,
                               fact + remark};
    }
    return std::nullopt;
}

// A `backends` word naming a whole CUDA major: flash-attn's "cu12" (no PyTorch label has two
// digits from 10 up: cu92 is CUDA 9.2, cu100 10.0).
std::optional<std::uint32_t> cuda_major_word(std::string_view word) {
    if (word.size() == 4 && word.starts_with("cu")) {
        const std::uint32_t major = number(word.substr(2));
        if (major >= 10) {
            return major;
        }
    }
    return std::nullopt;
}

bool backend_listed(const std::string& word, const Backend& backend) {
    if (word == "any" || word == backend.to_string()) {
        return true;
    }
    if (word == "cuda") {
        return backend.kind() == BackendKind::Cuda;
    }
    if (const auto major = cuda_major_word(word)) {
        const auto cuda = backend.cuda_version();
        return cuda && cuda->major() == *major;
    }
    return false;
}

void judge_backend(const CompanionPackageFact& release, const Backend& backend, CompanionFit& fit) {
    if (release.backends.empty()) {
        if (release.pairing != "none") {
            fit.unverified.push_back("which torch variants " + release_name(release) +
                                     " is built for is not recorded; " + backend.to_string() +
                                     " is assumed");
        }
        return;
    }
    if (runs_beside_any_variant(release) ||
        std::ranges::any_of(release.backends, [&](const std::string& word) {
            return backend_listed(word, backend);
        })) {
        return;
    }
    fit.misfits.push_back(misfit(CompanionMisfitKind::Backend, release,
                                 "is built for " + join_words(release.backends),
                                 backend.to_string()));
}

bool platform_listed(const std::string& word, OperatingSystem os, CpuArch arch) {
    return word == "any" || word == platform_word(os, arch) || word == name(os) ||
           (word == "win" && os == OperatingSystem::Windows);
}

void judge_platform(const CompanionPackageFact& release, OperatingSystem os, CpuArch arch,
                    CompanionFit& fit) {
    if (release.platforms.empty()) {
        fit.unverified.push_back("the platforms of " + release_name(release) + " are not recorded");
        return;
    }
    if (std::ranges::any_of(release.platforms, [&](const std::string& word) {
            return platform_listed(word, os, arch);
        })) {
        return;
    }
    fit.misfits.push_back(misfit(CompanionMisfitKind::Platform, release,
                                 "has wheels for " + join_words(release.platforms) + " only",
                                 platform_word(os, arch)));
}

void judge_python(const CompanionPackageFact& release, const PythonTarget& python,
                  CompanionFit& fit) {
    const auto range = python_range(release.python);
    if (!range) {
        return; // "per torch wheel": torch's own wheel decides
    }
    if (python.implementation == PythonImplementation::CPython && python.major == 3 &&
        python.minor >= range->first_minor &&
        (!range->last_minor || python.minor <= *range->last_minor)) {
        return;
    }
    std::string supported = "CPython 3." + std::to_string(range->first_minor);
    supported += range->last_minor ? " to 3." + std::to_string(*range->last_minor) : " and newer";
    fit.misfits.push_back(misfit(CompanionMisfitKind::Python, release,
                                 "has wheels for " + supported, python.interpreter()));
}

} // namespace

std::string_view name(CompanionMisfitKind kind) noexcept {
    switch (kind) {
    case CompanionMisfitKind::Torch:
        return "torch";
    case CompanionMisfitKind::Backend:
        return "backend";
    case CompanionMisfitKind::Platform:
        return "platform";
    case CompanionMisfitKind::Python:
        return "python";
    }
    return "";
}

bool CompanionFit::misfits_by(CompanionMisfitKind kind) const noexcept {
    return std::ranges::any_of(misfits,
                               [kind](const CompanionMisfit& m) { return m.kind == kind; });
}

bool runs_beside_any_variant(const CompanionPackageFact& release) {
    return !release.backends.empty() &&
           std::ranges::all_of(release.backends, [](const std::string& word) {
               return word == "cpu" || word == "any";
           });
}

SpecifierSet accepted_torch(const CompanionPackageFact& release) {
    SpecifierSet accepted;
    if (release.torch) {
        accepted = accepted & *release.torch;
    }
    if (release.metadata_says) {
        accepted = accepted & *release.metadata_says;
    }
    return accepted;
}

std::vector<Version> torch_minors_built(const CompanionPackageFact& release) {
    std::vector<Version> minors;
    if (release.pairing != "minor-series") {
        return minors;
    }
    for (const std::string& word : release.built_against) {
        const auto version = Version::parse(word);
        if (version && version->release().size() == 2) {
            minors.push_back(*version);
        }
    }
    return minors;
}

CompanionFit companion_fit(const CompanionPackageFact& release, const CompanionTarget& target) {
    CompanionFit fit;
    if (auto misfit = torch_misfit(release, target.torch.public_version())) {
        fit.misfits.push_back(std::move(*misfit));
    }
    if (target.backend) {
        judge_backend(release, *target.backend, fit);
    }
    if (target.os && target.arch) {
        judge_platform(release, *target.os, *target.arch, fit);
    }
    if (target.python) {
        judge_python(release, *target.python, fit);
    }
    return fit;
}

std::string platform_word(OperatingSystem os, CpuArch arch) {
    switch (os) {
    case OperatingSystem::Linux:
        return "linux_" + std::string(name(arch));
    case OperatingSystem::Windows:
        return arch == CpuArch::Aarch64 ? "win_arm64" : "win_amd64";
    case OperatingSystem::Macos:
        return arch == CpuArch::Aarch64 ? "macos_arm64" : "macos_" + std::string(name(arch));
    }
    return "";
}

std::optional<PythonRange> python_range(std::string_view column) {
    // The leading word states the range; what follows in parentheses is a remark.
    const std::string_view word = column.substr(0, column.find(' '));
    const auto minor_of_tag = [](std::string_view tag) -> std::optional<std::uint32_t> {
        // "cp39", "py310", "3.10"
        if (tag.starts_with("cp3") || tag.starts_with("py3")) {
            const std::uint32_t minor = number(tag.substr(3));
            return tag.size() > 3 && minor > 0 ? std::optional(minor) : std::nullopt;
        }
        if (tag.starts_with("3.")) {
            const std::uint32_t minor = number(tag.substr(2));
            return tag.size() > 2 && minor > 0 ? std::optional(minor) : std::nullopt;
        }
        return std::nullopt;
    };
    if (word.starts_with(">=")) { // ">=3.10" or ">=3.10,<=3.14"
        const std::size_t comma = word.find(',');
        const auto first = minor_of_tag(word.substr(2, comma - 2));
        if (!first) {
            return std::nullopt;
        }
        if (comma == std::string_view::npos) {
            return PythonRange{*first, std::nullopt};
        }
        const std::string_view upper = word.substr(comma + 1);
        const auto last = upper.starts_with("<=") ? minor_of_tag(upper.substr(2)) : std::nullopt;
        return last ? std::optional(PythonRange{*first, last}) : std::nullopt;
    }
    const std::size_t dash = word.find('-');
    if (dash == std::string_view::npos) {
        return std::nullopt;
    }
    const auto first = minor_of_tag(word.substr(0, dash));
    const std::string_view second = word.substr(dash + 1);
    if (!first) {
        return std::nullopt;
    }
    if (second == "abi3" || second == "none") { // one wheel for this CPython and every newer one
        return PythonRange{*first, std::nullopt};
    }
    const auto last = minor_of_tag(second);
    return last ? std::optional(PythonRange{*first, last}) : std::nullopt;
}

} // namespace torchpin
