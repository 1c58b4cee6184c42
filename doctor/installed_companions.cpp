// Judging each installed companion against the installed torch: its local label where it names
// the torch it was built for (stronger evidence than the release's range), else the matrix's row
// of its release through companion_fit; a release the matrix lacks is said to be unknown. On Linux
// its extension modules' torch imports are then looked up in torch/lib's exports.
#include "doctor/installed_companions.hpp"

#include "doctor/companion_fix.hpp"
#include "doctor/companion_symbols.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/companion_label.hpp"
#include "engine/solver/stated_codes.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// The installed torch build, as the companions are judged against it.
struct TorchBuild {
    Version version;                // 2.8.0+cu128
    std::optional<Backend> backend; // its label's, else PyPI's build for the machine; or unknown
    std::string dist_info;

    std::string text() const { return "torch " + version.to_string(); }
    CompanionTarget target() const { return {version.public_version(), backend, {}, {}, {}}; }
};

std::optional<Backend> torch_backend(const Version& torch, const CompatMatrix& matrix,
                                     const CheckTarget* target) {
    if (torch.has_local()) {
        const auto label = Backend::parse(torch.local_label());
        return label ? std::optional(*label) : std::nullopt;
    }
    if (target == nullptr) {
        return std::nullopt;
    }
    return matrix.pypi_build(torch, target->machine.tags.os, target->machine.tags.arch);
}

// The companion packages of the data, each once, in the data's order.
std::vector<std::string> companion_names(const CompatMatrix& matrix) {
    std::vector<std::string> names;
    for (const CompanionPackageFact& release : *matrix.companion_packages) {
        if (std::ranges::find(names, release.package) == names.end()) {
            names.push_back(release.package);
        }
    }
    return names;
}

const CompanionPackageFact* release_row(const CompatMatrix& matrix, std::string_view package,
                                        const Version& version) {
    const auto& releases = *matrix.companion_packages;
    const auto found = std::ranges::find_if(releases, [&](const auto& release) {
        return release.package == package && release.version == version;
    });
    return found == releases.end() ? nullptr : &*found;
}

// What the row says the release was built for: "torch==2.9.1", "torch 2.8, 2.9, 2.10 and 2.12".
std::string row_built_for(const CompanionPackageFact& release) {
    if (release.pairing == "pinned-by-torch") {
        return "the " + release.package + " torch " + join_words(release.built_against) + " pins";
    }
    if (release.torch) {
        return "torch" + release.torch->to_string();
    }
    if (release.metadata_says) {
        return "torch" + release.metadata_says->to_string();
    }
    if (!release.built_against.empty()) {
        return "torch " + join_words(release.built_against);
    }
    return "any torch";
}

// Why the variant a label names does not run with torch's: another kind of build (CPU beside
// CUDA), or another CUDA major (PyG's extensions compare only the major, and flash-attn's labels
// name only it). nullopt: it runs.
std::optional<std::uint32_t> cuda_major_of(const LabelledBuild& label) {
    if (label.cuda_major) {
        return label.cuda_major;
    }
    const auto cuda = label.backend ? label.backend->cuda_version() : std::nullopt;
    return cuda ? std::optional(cuda->major()) : std::nullopt;
}

std::optional<std::string> label_variant_misfit(const LabelledBuild& label, const Backend& torch) {
    const std::optional<std::uint32_t> label_cuda_major = cuda_major_of(label);
    if (label.backend && label.backend->kind() != torch.kind()) {
        return "is a " + std::string(name(label.backend->kind())) + " build (" +
               label.backend->to_string() + "), torch a " + std::string(name(torch.kind())) +
               " build (" + torch.to_string() + ")";
    }
    const auto torch_cuda = torch.cuda_version();
    if (label_cuda_major && !torch_cuda) {
        return "is built with CUDA " + std::to_string(*label_cuda_major) + ", torch is " +
               torch.to_string();
    }
    if (label_cuda_major && torch_cuda && *label_cuda_major != torch_cuda->major()) {
        return "is built with CUDA " + std::to_string(*label_cuda_major) + ", torch (" +
               torch.to_string() + ") with CUDA " + torch_cuda->to_string();
    }
    return std::nullopt;
}

// The torch requirement the installed METADATA declares, as a detail: what pip check weighs.
std::optional<std::string> declared_torch(const InstalledDistribution& installed,
                                          const TorchBuild& torch) {
    for (const Requirement& requirement : installed.requires_dist) {
        if (requirement.name().normalized() != "torch" || requirement.marker()) {
            continue;
        }
        const SpecifierSet& specifier = requirement.specifier();
        if (specifier.empty()) {
            return std::nullopt;
        }
        return "its METADATA requires torch" + specifier.to_string() + ", which " + torch.text() +
               (specifier.contains(torch.version.public_version(), true) ? " meets"
                                                                         : " does not meet");
    }
    return std::nullopt;
}

std::string fix_for(const std::string& package, const TorchBuild& torch,
                    const CompatMatrix& matrix) {
    const CompanionTarget target = torch.target();
    const CompanionPackageFact* fitting = fitting_release(matrix, package, target);
    if (fitting == nullptr) {
        return "no release of " + package + " the matrix knows fits " + torch.text() +
               ": pip uninstall " + package + ", or build it from source against this torch";
    }
    std::string fix = install_instruction(*fitting, target);
    const std::vector<std::string> unverified = companion_fit(*fitting, target).unverified;
    for (const std::string& note : unverified) {
        fix += " (not verified: " + note + ")";
    }
    return fix;
}

struct Judgement {
    InstalledCompanion companion;
    std::vector<DoctorFinding> findings;
};

Judgement judge(const InstalledDistribution& installed, const TorchBuild& torch,
                const CompatMatrix& matrix, const FindingContext& context) {
    const std::string& package = installed.normalized_name;
    const std::string named = package + " " + installed.version.to_string();
    Judgement judged{InstalledCompanion{package, installed.version.to_string(),
                                        shown_path(installed.dist_info, context),
                                        CompanionVerdict::Unknown, "", ""},
                     {}};
    const CompanionPackageFact* row =
        release_row(matrix, package, installed.version.public_version());
    const std::optional<LabelledBuild> label =
        installed.version.has_local() ? parse_companion_label(installed.version.local_label())
                                      : std::nullopt;
    const std::string label_words = "its local label +" + installed.version.local_label();
    const CompanionFit fit = row != nullptr ? companion_fit(*row, torch.target()) : CompanionFit{};

    std::vector<std::string> built_for, evidence, torch_misfits, variant_misfits;
    if (label && label->torch_minor) {
        built_for.push_back("torch " + label->torch_minor->to_string());
        if (*label->torch_minor != torch_minor_of(torch.version)) {
            torch_misfits.push_back(named + " was built for torch " +
                                    label->torch_minor->to_string() + " (" + label_words +
                                    "), not for " + torch.text());
        }
    } else if (row != nullptr) {
        built_for.push_back(row_built_for(*row));
        for (const CompanionMisfit& misfit : fit.misfits) {
            if (misfit.kind == CompanionMisfitKind::Torch) {
                torch_misfits.push_back(misfit.why + " (the installed " + torch.text() + ")");
            }
        }
    }
    if (label && (label->backend || label->cuda_major)) {
        built_for.push_back(label->backend ? label->backend->to_string()
                                           : "CUDA " + std::to_string(*label->cuda_major));
        if (torch.backend) {
            if (auto why = label_variant_misfit(*label, *torch.backend)) {
                variant_misfits.push_back(named + " " + *why + " (" + label_words + ")");
            }
        }
    } else if (row != nullptr && torch.backend) {
        for (const CompanionMisfit& misfit : fit.misfits) {
            if (misfit.kind == CompanionMisfitKind::Backend) {
                variant_misfits.push_back(misfit.why + ", the installed torch's build");
            }
        }
    }
    if (label && (label->torch_minor || label->backend || label->cuda_major)) {
        evidence.push_back(label_words);
    }
    if (row != nullptr && !(label && label->torch_minor)) {
        evidence.push_back("data/ecosystem.toml's row of " + package + " " +
                           row->version.to_string());
    }
    judged.companion.built_for = join_words(built_for);
    judged.companion.evidence = join_words(evidence);

    const auto finding = [&](DoctorFindingId id, const std::vector<std::string>& whys) {
        DoctorFinding found{id};
        found.subject = judged.companion.dist_info;
        for (const std::string& why : whys) {
            found.message += (found.message.empty() ? "" : "; ") + why;
        }
        found.details.push_back("built for: " + judged.companion.built_for + ", by " +
                                judged.companion.evidence);
        found.details.push_back("installed torch: " + torch.version.to_string() + " (" +
                                torch.dist_info + ")");
        found.fix = fix_for(package, torch, matrix);
        return found;
    };
    if (!torch_misfits.empty()) {
        judged.findings.push_back(finding("installed-companion-other-torch", torch_misfits));
    }
    if (!variant_misfits.empty()) {
        judged.findings.push_back(finding("installed-companion-other-variant", variant_misfits));
    }
    const bool torch_known = row != nullptr || (label && label->torch_minor);
    if (!torch_known) {
        DoctorFinding unknown{"companion-unknown-release"};
        unknown.subject = judged.companion.dist_info;
        unknown.message = named + " is a release the matrix does not know, so whether it fits " +
                          torch.text() + " is unknown";
        if (auto declared = declared_torch(installed, torch)) {
            unknown.details.push_back(*declared);
        }
        unknown.details.push_back("installed torch: " + torch.version.to_string() + " (" +
                                  torch.dist_info + ")");
        unknown.fix = "run torchpin update for newer data, or see " + package +
                      "'s release notes for the torch it needs";
        if (const auto* fitting = fitting_release(matrix, package, torch.target())) {
            unknown.fix += "; the newest release the matrix knows to fit: " +
                           install_instruction(*fitting, torch.target());
        }
        judged.findings.push_back(std::move(unknown));
    }
    judged.companion.verdict = !torch_misfits.empty() || !variant_misfits.empty()
                                   ? CompanionVerdict::Misfit
                               : torch_known ? CompanionVerdict::Fits
                                             : CompanionVerdict::Unknown;
    return judged;
}

// How many missing symbols a finding names; the rest are counted.
constexpr std::size_t named_symbols = 5;

DoctorFinding missing_symbols_finding(const MissingTorchSymbols& missing,
                                      const InstalledDistribution& installed,
                                      const TorchBuild& torch,
                                      const std::filesystem::path& torch_lib,
                                      const CompatMatrix& matrix, const FindingContext& context) {
    DoctorFinding found{"companion-missing-torch-symbol"};
    found.subject = shown_path(missing.extension, context);
    const std::size_t count = missing.symbols.size();
    found.message = found.subject + " (" + installed.normalized_name + " " +
                    installed.version.to_string() + ") imports " + std::to_string(count) +
                    (count == 1 ? " torch symbol" : " torch symbols") + " that the installed " +
                    torch.text() + " does not export: " + demangled(missing.symbols.front());
    for (std::size_t i = 0; i < std::min(count, named_symbols); ++i) {
        found.details.push_back("missing: " + demangled(missing.symbols[i]) + " (" +
                                missing.symbols[i] + ")");
    }
    if (count > named_symbols) {
        found.details.push_back("and " + std::to_string(count - named_symbols) + " more");
    }
    found.details.push_back("looked up in: every library of " + shown_path(torch_lib, context));
    found.details.push_back("installed torch: " + torch.version.to_string() + " (" +
                            torch.dist_info + ")");
    const std::string message = "ImportError: " + utf8_of(missing.extension) +
                                ": undefined symbol: " + missing.symbols.front();
    found.details.push_back("Python would say: " + message);
    attach_known_issue(found, message, context); // the cause, where a known issue names it
    found.fix = fix_for(installed.normalized_name, torch, matrix);
    const CompanionPackageFact* fitting =
        fitting_release(matrix, installed.normalized_name, torch.target());
    if (fitting != nullptr && pinned_version(*fitting, torch.target()) == installed.version) {
        // Installing the same version again is "Requirement already satisfied" to pip.
        constexpr std::string_view pip = "pip install ";
        if (found.fix.starts_with(pip)) {
            found.fix.insert(pip.size(), "--force-reinstall --no-deps ");
        }
        found.fix = "the installed release is the one the matrix knows to fit " + torch.text() +
                    ", so this file was built another way (for another torch build or C++11 ABI, "
                    "or from source): reinstall it, leaving torch as it is: " +
                    found.fix;
    }
    return found;
}

} // namespace

InstalledCompanions installed_companions(const SitePackages& site, const InstalledFamily& family,
                                         const CompatMatrix& matrix, const CheckTarget* target,
                                         const FindingContext& context) {
    InstalledCompanions found;
    const InstalledDistribution* torch = family.find("torch");
    if (torch == nullptr) {
        return found;
    }
    const TorchBuild build{torch->version, torch_backend(torch->version, matrix, target),
                           shown_path(torch->dist_info, context)};
    std::vector<const InstalledDistribution*> chosen_ones; // the newest of each, as the family's
    for (const std::string& package : companion_names(matrix)) {
        const std::vector<const InstalledDistribution*> installed = site.find(package);
        if (!installed.empty()) {
            chosen_ones.push_back(installed.back());
        }
    }
    // The symbol check reads ELF files: a Windows environment's extensions are .pyd files.
    const std::filesystem::path torch_lib = torch->dist_info.parent_path() / "torch" / "lib";
    std::vector<std::vector<std::filesystem::path>> extensions;
    for (const InstalledDistribution* chosen : chosen_ones) {
        extensions.push_back(context.windows ? std::vector<std::filesystem::path>{}
                                             : native_files(*chosen));
    }
    const auto missing = missing_torch_symbols(extensions, torch_lib);
    const std::vector<MissingTorchSymbols> no_extensions; // when the check could not be made
    for (std::size_t i = 0; i < chosen_ones.size(); ++i) {
        const InstalledDistribution& chosen = *chosen_ones[i];
        const std::string& package = chosen.normalized_name;
        if (family.find(package) == nullptr) {
            found.packages.push_back(InstalledPackage{
                package, chosen.version.to_string(), shown_path(chosen.dist_info, context),
                chosen.installer.value_or(""), index_hint(chosen).value_or("")});
        }
        Judgement judged = judge(chosen, build, matrix, context);
        for (const MissingTorchSymbols& extension : missing ? (*missing)[i] : no_extensions) {
            judged.findings.push_back(
                missing_symbols_finding(extension, chosen, build, torch_lib, matrix, context));
            judged.companion.verdict = CompanionVerdict::Misfit;
            judged.companion.evidence += (judged.companion.evidence.empty() ? "" : "; ") +
                                         shown_path(extension.extension, context) +
                                         " imports torch symbols torch/lib does not export";
        }
        found.companions.push_back(std::move(judged.companion));
        found.findings.insert(found.findings.end(), judged.findings.begin(), judged.findings.end());
    }
    return found;
}

} // namespace torchpin
