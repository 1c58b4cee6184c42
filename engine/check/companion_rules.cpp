// check_companion_rules: each companion entry beside the torch entry it goes with, one function
// per rule; the fixes name the release that fits the pinned torch, or the torch that fits the pin.
#include "engine/check/companion_rules.hpp"

#include "engine/matrix/companion_label.hpp"
#include "engine/matrix/index_releases.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "engine/solver/companion_fit.hpp"
#include "engine/solver/solver.hpp"
#include "engine/solver/stated_codes.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace torchpin {

namespace {

// The platforms a marker is evaluated on to learn which of them a line is installed on.
constexpr std::array marker_platforms{
    std::pair{OperatingSystem::Linux, CpuArch::X86_64},
    std::pair{OperatingSystem::Linux, CpuArch::Aarch64},
    std::pair{OperatingSystem::Windows, CpuArch::X86_64},
    std::pair{OperatingSystem::Macos, CpuArch::Aarch64},
    std::pair{OperatingSystem::Macos, CpuArch::X86_64},
};

// The torch build alone, where it runs left unjudged.
CompanionTarget beside(const Version& torch, std::optional<Backend> backend = std::nullopt) {
    return CompanionTarget{torch, std::move(backend), std::nullopt, std::nullopt, std::nullopt};
}

// A companion entry with an exact version and its release's row.
struct CompanionPin {
    const LockedPackage* package = nullptr;
    Version version; // public
    const CompanionPackageFact* release = nullptr;
    std::vector<const CompanionPackageFact*> releases; // every row of the package, newest first
    std::optional<LabelledBuild> label;
    std::string label_text;        // "pt28cu128", as written
    std::optional<Backend> folder; // the variant folder it comes from: …/whl/cu126/
    std::string folder_url;
    std::optional<Marker> marker;

    const std::string& name() const { return package->name; }
    std::string text() const { return name() + " " + package->pinned->to_string(); }
};

// The label of the entry's version, else of the first wheel it locks that has one.
std::string local_label_of(const LockedPackage& package) {
    if (package.pinned->has_local()) {
        return package.pinned->local_label();
    }
    for (const LockedFile& file : package.files) {
        const auto wheel = WheelFilename::parse(file.filename);
        if (wheel && wheel->version().has_local()) {
            return wheel->version().local_label();
        }
    }
    return "";
}

// The first URL of the entry (its direct URL, its index, its files) in a variant folder.
std::optional<std::pair<Backend, std::string>> folder_of(const LockedPackage& package) {
    std::vector<std::string> urls{package.url, package.index_url};
    for (const LockedFile& file : package.files) {
        urls.push_back(file.url);
    }
    for (const std::string& url : urls) {
        if (url.empty()) {
            continue;
        }
        if (const auto backend = Backend::parse_index_url(url)) {
            return std::pair{*backend, url};
        }
    }
    return std::nullopt;
}

std::optional<Marker> marker_of(const LockedPackage& package) {
    if (package.marker.empty()) {
        return std::nullopt;
    }
    auto marker = Marker::parse(package.marker);
    return marker ? std::optional(*std::move(marker)) : std::nullopt;
}

bool holds(const std::optional<Marker>& marker, const MarkerEnvironment& environment) {
    if (!marker) {
        return true;
    }
    const MarkerResult result = marker->evaluate(environment);
    return !result.has_value() || result.value();
}

// Whether the marker holds on `os`/`arch` for some CPython 3.8 to 3.14.
bool holds_on(const std::optional<Marker>& marker, OperatingSystem os, CpuArch arch) {
    TargetMachine machine;
    machine.tags.os = os;
    machine.tags.arch = arch;
    for (std::uint32_t minor = 8; minor <= 14; ++minor) {
        machine.tags.python.minor = minor;
        if (holds(marker, marker_environment(machine))) {
            return true;
        }
    }
    return false;
}

class CompanionRules {
public:
    CompanionRules(const LockedRequirements& file, const std::vector<FamilyPin>& pins,
                   const CompatMatrix& matrix)
        : file_(file) {
        for (const FamilyPin& pin : pins) {
            if (pin.is_torch() && pin.version) {
                torches_.push_back(&pin);
            }
        }
        for (const LockedPackage& package : file.packages) {
            if (auto pin = companion_pin(package, matrix)) {
                companions_.push_back(std::move(*pin));
            }
        }
    }

    std::vector<CheckFinding> run(std::span<const CheckTarget> targets) {
        for (const CompanionPin& companion : companions_) {
            const std::vector<const FamilyPin*> torches = torches_for(companion);
            if (torches.empty()) {
                continue;
            }
            // Among several torch entries (a lockfile's forks), the one it fits best.
            std::vector<CheckFinding> best;
            const FamilyPin* partner = nullptr;
            for (const FamilyPin* torch : torches) {
                std::vector<CheckFinding> found = judge(companion, *torch);
                if (partner == nullptr || found.size() < best.size()) {
                    best = std::move(found);
                    partner = torch;
                }
            }
            findings_.insert(findings_.end(), best.begin(), best.end());
            marker_platforms_without_wheel(companion, *partner);
            for (const CheckTarget& target : targets) {
                target_without_wheel(companion, torches, target);
            }
        }
        return std::move(findings_);
    }

private:
    static std::optional<CompanionPin> companion_pin(const LockedPackage& package,
                                                     const CompatMatrix& matrix) {
        const bool checked = package.kind == LockedPackage::Kind::Requirement ||
                             package.kind == LockedPackage::Kind::DirectUrl;
        if (!checked || !package.pinned) {
            return std::nullopt;
        }
        CompanionPin pin;
        pin.package = &package;
        pin.version = package.pinned->public_version();
        for (const CompanionPackageFact& row : *matrix.companion_packages) {
            if (row.package == package.name) {
                pin.releases.push_back(&row);
                if (row.version == pin.version) {
                    pin.release = &row;
                }
            }
        }
        if (pin.release == nullptr) {
            return std::nullopt; // not a companion, or a release the matrix does not know
        }
        std::ranges::sort(pin.releases,
                          [](const auto* a, const auto* b) { return b->version < a->version; });
        pin.label_text = local_label_of(package);
        pin.label = parse_companion_label(pin.label_text);
        if (const auto folder = folder_of(package)) {
            pin.folder = folder->first;
            pin.folder_url = folder->second;
        }
        pin.marker = marker_of(package);
        return pin;
    }

    // The torch entries with the companion's own marker, else every torch entry.
    std::vector<const FamilyPin*> torches_for(const CompanionPin& companion) const {
        std::vector<const FamilyPin*> same_marker;
        std::ranges::copy_if(torches_, std::back_inserter(same_marker), [&](const FamilyPin* t) {
            return t->package->marker == companion.package->marker;
        });
        return same_marker.empty() ? torches_ : same_marker;
    }

    std::string ref(const FamilyPin& torch) const {
        return torch.text() + " (" + line_reference(torch.package->where, file_.path) + ")";
    }

    std::vector<CheckFinding> judge(const CompanionPin& companion, const FamilyPin& torch) const {
        std::vector<CheckFinding> out;
        const bool retired = retired_package(companion, torch, out);
        const bool metadata = metadata_wrong(companion, torch, out);
        const bool built_for =
            !retired && !metadata && built_for_other_torch(companion, torch, out);
        if (!retired && !metadata && !built_for) {
            variant_differs(companion, torch, out);
        }
        return out;
    }

    // The newest release of the companion whose torch and variant fit `torch`, else nullptr.
    static const CompanionPackageFact* newest_fitting(const CompanionPin& companion,
                                                      const FamilyPin& torch) {
        const std::optional<Backend> build = torch.build();
        for (const CompanionPackageFact* row : companion.releases) {
            const CompanionFit fit = companion_fit(*row, beside(torch.version->public_version()));
            if (fit.misfits_by(CompanionMisfitKind::Torch)) {
                continue;
            }
            if (build && !runs_beside_any_variant(*row) &&
                companion_fit(*row, beside(torch.version->public_version(), build))
                    .misfits_by(CompanionMisfitKind::Backend)) {
                continue;
            }
            return row;
        }
        return nullptr;
    }

    // "torch-scatter==2.1.2+pt28cu128 from https://data.pyg.org/whl/torch-2.8.0+cu128.html": the
    // release as a pin, labelled as its files are where the label says the torch build.
    static std::string pin_text(const CompanionPin& companion, const CompanionPackageFact& row,
                                const FamilyPin& torch) {
        std::string pin = companion.name() + "==" + row.version.to_string();
        const std::optional<Backend> build = torch.build();
        const Version torch_version = torch.version->public_version();
        if (!companion.label || !build) {
            return pin;
        }
        switch (companion.label->scheme) {
        case LabelScheme::Pyg: {
            // Labelled and on its page as resolve places it (engine/solver/companion_source).
            const CompanionTarget target{torch_version, build, {}, {}, {}};
            const auto placed = place_companion(row, target, pytorch_index_url(*build));
            if (!placed || placed->source.kind != PinSourceKind::FindLinks) {
                return pin;
            }
            return companion.name() + "==" + placed->version.to_string() + " from " +
                   placed->source.url;
        }
        case LabelScheme::PytorchIndex:
            return pin + "+" + build->to_string() + " from " + pytorch_index_url(*build);
        case LabelScheme::FlashAttn:
            return pin + " (the release asset for torch " +
                   torch_minor_of(torch_version).to_string() + ")";
        }
        return pin;
    }

    // The torch that fits the pinned companion: its label's minor, else its release's range.
    static std::string torch_that_fits(const CompanionPin& companion) {
        if (companion.label && companion.label->torch_minor) {
            return "torch==" + companion.label->torch_minor->to_string() + ".*";
        }
        const CompanionPackageFact& row = *companion.release;
        if (row.pairing == "pinned-by-torch") {
            std::vector<std::string> pins;
            for (const std::string& torch : row.built_against) {
                pins.push_back("torch==" + torch);
            }
            return join_words(pins);
        }
        // Both bind: the metadata's exact pin where the curated range holds it (xformers 0.0.34:
        // `==2.10.0`, not `>=2.10`, which pip refuses above 2.10.0), else both ranges.
        for (const auto& [pin, range] :
             {std::pair{row.metadata_says, row.torch}, std::pair{row.torch, row.metadata_says}}) {
            const auto exact = pin ? exact_pin(*pin) : std::nullopt;
            if (exact && (!range || range->contains(*exact, true))) {
                return "torch==" + exact->to_string();
            }
        }
        const SpecifierSet accepted = accepted_torch(row);
        return accepted.empty() ? "" : "torch" + accepted.to_string();
    }

    // "pin X (a release built for torch T), or torch… for the pinned release".
    static std::string fix_for(const CompanionPin& companion, const FamilyPin& torch) {
        std::vector<std::string> ways;
        if (const CompanionPackageFact* row = newest_fitting(companion, torch)) {
            ways.push_back("pin " + pin_text(companion, *row, torch) + ", which fits " +
                           torch.text());
        }
        if (const std::string other = torch_that_fits(companion); !other.empty()) {
            ways.push_back("pin " + other + " for " + companion.text());
        }
        if (ways.empty()) {
            return "remove " + companion.name() + ": no release of it fits " + torch.text();
        }
        return ways.size() == 1 ? ways.front() : ways.front() + ", or " + ways.back();
    }

    // A retired package (its newest row `retired`) beside a torch newer than its last release's.
    bool retired_package(const CompanionPin& companion, const FamilyPin& torch,
                         std::vector<CheckFinding>& out) const {
        const CompanionPackageFact& last = *companion.releases.front();
        const Version torch_version = torch.version->public_version();
        if (!last.retired || last.built_against.empty() ||
            !companion_fit(last, beside(torch_version)).misfits_by(CompanionMisfitKind::Torch)) {
            return false;
        }
        const bool newer = std::ranges::all_of(last.built_against, [&](const std::string& word) {
            const auto built = Version::parse(word);
            return built && torch_minor_of(*built) < torch_minor_of(torch_version);
        });
        if (!newer) {
            return false;
        }
        std::string note;
        for (const CompanionPackageFact* row : companion.releases) {
            note = note.empty() ? row->retired_note : note;
        }
        CompanionPin last_pin = companion;
        last_pin.release = &last;
        last_pin.label.reset();
        const std::string fits_last = torch_that_fits(last_pin);
        out.push_back(make_finding(
            "companion-retired", companion.package->where,
            companion.text() + " is from a retired package" +
                (note.empty() ? "" : " (" + note + ")") + ": its last release, " +
                companion.name() + " " + last.version.to_string() + ", works with " + fits_last +
                ", and " + ref(torch) + " is newer",
            "pin " + fits_last + " with " + companion.name() + "==" + last.version.to_string() +
                ", the last release, or remove " + companion.name() + ": no release for torch " +
                torch_minor_of(torch_version).to_string() + " will come"));
        return true;
    }

    // Metadata that admits the pinned torch where the curated range does not (torchtext 0.18.0's
    // `torch>=2.3.0`, which fails on 2.4): pip and uv install the pair, and it fails at import.
    bool metadata_wrong(const CompanionPin& companion, const FamilyPin& torch,
                        std::vector<CheckFinding>& out) const {
        const CompanionPackageFact& row = *companion.release;
        const Version torch_version = torch.version->public_version();
        if (!row.metadata_says || !row.torch || !row.metadata_says->contains(torch_version, true) ||
            row.torch->contains(torch_version, true)) {
            return false;
        }
        out.push_back(make_finding(
            "companion-metadata-wrong", companion.package->where,
            companion.text() + "'s wheel metadata requires torch" + row.metadata_says->to_string() +
                ", which lets pip and uv install it beside " + ref(torch) +
                ", but its binaries work with torch" + row.torch->to_string() +
                " only (data/ecosystem.toml, curated from its sources)",
            fix_for(companion, torch)));
        return true;
    }

    // The release or file is built for another torch: its label names another minor, else
    // companion_fit finds a torch misfit (a range, a minor series, torch's own pin, metadata).
    bool built_for_other_torch(const CompanionPin& companion, const FamilyPin& torch,
                               std::vector<CheckFinding>& out) const {
        const Version torch_version = torch.version->public_version();
        std::string why;
        if (companion.label && companion.label->torch_minor) {
            if (*companion.label->torch_minor == torch_minor_of(torch_version)) {
                return false; // the file's own label wins over the release's range
            }
            why = "its file is the build for torch " + companion.label->torch_minor->to_string() +
                  " (label +" + companion.label_text + "), not for torch " +
                  torch_minor_of(torch_version).to_string();
        } else {
            const CompanionFit fit = companion_fit(*companion.release, beside(torch_version));
            const auto misfit =
                std::ranges::find(fit.misfits, CompanionMisfitKind::Torch, &CompanionMisfit::kind);
            if (misfit == fit.misfits.end()) {
                return false;
            }
            why = misfit->why;
        }
        out.push_back(make_finding("companion-built-for-other-torch", companion.package->where,
                                   companion.text() + " beside " + ref(torch) + ": " + why,
                                   fix_for(companion, torch)));
        return true;
    }

    // The variant its label or folder names differs from torch's build; without either, its
    // release's builds do not include torch's.
    void variant_differs(const CompanionPin& companion, const FamilyPin& torch,
                         std::vector<CheckFinding>& out) const {
        const std::optional<Backend> build = torch.build();
        if (!build) {
            return;
        }
        std::string why;
        bool same_cuda_major = false;
        if (companion.label && companion.label->backend) {
            const Backend& own = *companion.label->backend;
            if (own == *build) {
                return;
            }
            const auto own_cuda = own.cuda_version();
            const auto torch_cuda = build->cuda_version();
            same_cuda_major = own_cuda && torch_cuda && own_cuda->major() == torch_cuda->major();
            why = "its file is the " + own.name() + " build (label +" + companion.label_text +
                  "), " + ref(torch) + " the " + build->name() + " build";
            if (same_cuda_major && companion.label->scheme == LabelScheme::Pyg) {
                why += ": PyG compares only the CUDA major, so it loads, but it is not the file "
                       "built for torch's variant";
            }
        } else if (companion.label && companion.label->cuda_major) {
            const auto torch_cuda = build->cuda_version();
            if (torch_cuda && torch_cuda->major() == *companion.label->cuda_major) {
                return;
            }
            why = "its file is built for CUDA " + std::to_string(*companion.label->cuda_major) +
                  " (label +" + companion.label_text + "), " + ref(torch) + " is the " +
                  build->name() + " build";
        } else if (companion.folder) {
            if (*companion.folder == *build) {
                return;
            }
            why = "it comes from " + companion.folder_url + ", the " + companion.folder->name() +
                  " folder, and " + ref(torch) + " is the " + build->name() + " build";
        } else {
            const CompanionPackageFact& row = *companion.release;
            // triton is torch's own dependency and links no torch: beside a CPU torch it is
            // unused, not broken (beside a ROCm torch it shadows pytorch-triton-rocm).
            const bool unused =
                row.pairing == "pinned-by-torch" && build->kind() == BackendKind::Cpu;
            if (runs_beside_any_variant(row) || unused) {
                return;
            }
            const CompanionFit fit =
                companion_fit(row, beside(torch.version->public_version(), build));
            const auto misfit = std::ranges::find(fit.misfits, CompanionMisfitKind::Backend,
                                                  &CompanionMisfit::kind);
            if (misfit == fit.misfits.end()) {
                return;
            }
            why = misfit->why + " (" + ref(torch) + ")";
        }
        CheckFinding finding =
            make_finding("companion-variant-differs", companion.package->where,
                         companion.text() + ": " + why, variant_fix(companion, torch));
        if (same_cuda_major && companion.label->scheme == LabelScheme::Pyg) {
            finding.severity = Severity::Warning;
        }
        out.push_back(std::move(finding));
    }

    static std::string variant_fix(const CompanionPin& companion, const FamilyPin& torch) {
        const Backend build = *torch.build();
        if (const CompanionPackageFact* row = newest_fitting(companion, torch)) {
            if (!companion.label && companion.folder) {
                return "take " + companion.name() + "==" + row->version.to_string() + " from " +
                       pytorch_index_url(build);
            }
            return "pin " + pin_text(companion, *row, torch) + ", the " + build.to_string() +
                   " build";
        }
        const std::vector<std::string>& builds = companion.release->backends;
        return "no release of " + companion.name() + " is built for " + torch.text() +
               (builds.empty() ? ""
                               : ": pin a torch build " + companion.text() + " has (" +
                                     join_words(builds) + ")");
    }

    // Platform and Python misfits of the companion for one place it is installed on.
    void no_wheel(const CompanionPin& companion, const FamilyPin& torch,
                  const CompanionTarget& target, const std::string& where) {
        const CompanionFit fit = companion_fit(*companion.release, target);
        for (const CompanionMisfit& misfit : fit.misfits) {
            if (misfit.kind != CompanionMisfitKind::Platform &&
                misfit.kind != CompanionMisfitKind::Python) {
                continue;
            }
            std::string fix;
            if (misfit.kind == CompanionMisfitKind::Platform) {
                fix =
                    "install " + companion.name() + " only on " +
                    join_words(companion.release->platforms) +
                    " (an environment marker where it is required), or build it from source for " +
                    platform_word(*target.os, *target.arch);
            } else {
                fix = "use a Python " + companion.text() + " has wheels for";
                CompanionTarget same_python = target;
                same_python.os.reset();
                same_python.arch.reset();
                for (const CompanionPackageFact* row : companion.releases) {
                    if (companion_fit(*row, same_python).fits()) {
                        fix = "pin " + companion.name() + "==" + row->version.to_string() +
                              ", which has wheels for it and fits " + torch.text() + ", or " + fix;
                        break;
                    }
                }
            }
            findings_.push_back(
                make_finding("companion-no-wheel-for-target", companion.package->where,
                             companion.text() + ": " + misfit.why + " " + where, fix));
        }
    }

    // A marker that leaves out some platforms says which the line is for: each of those the
    // release has no wheel for is a finding; a line without a marker is for any platform. Where
    // the marker holds on every CPU of an OS (`sys_platform == "linux"`), it names the OS, and a
    // wheel for one of its CPUs is enough.
    void marker_platforms_without_wheel(const CompanionPin& companion, const FamilyPin& torch) {
        std::vector<std::pair<OperatingSystem, CpuArch>> installed_on;
        for (const auto& [os, arch] : marker_platforms) {
            if (holds_on(companion.marker, os, arch)) {
                installed_on.emplace_back(os, arch);
            }
        }
        if (installed_on.size() == marker_platforms.size()) {
            return;
        }
        const Version torch_version = torch.version->public_version();
        const auto has_wheel = [&](OperatingSystem os, CpuArch arch) {
            CompanionTarget target = beside(torch_version);
            target.os = os;
            target.arch = arch;
            return !companion_fit(*companion.release, target)
                        .misfits_by(CompanionMisfitKind::Platform);
        };
        for (const auto& platform : installed_on) {
            const auto& os = platform.first; // not a structured binding: clang 14 captures none
            const auto& arch = platform.second;
            const bool whole_os = std::ranges::all_of(marker_platforms, [&](const auto& p) {
                return p.first != os || std::ranges::find(installed_on, p) != installed_on.end();
            });
            const bool os_has_wheel = std::ranges::any_of(marker_platforms, [&](const auto& p) {
                return p.first == os && has_wheel(p.first, p.second);
            });
            if (whole_os && os_has_wheel) {
                continue;
            }
            CompanionTarget target = beside(torch_version);
            target.os = os;
            target.arch = arch;
            no_wheel(companion, torch, target,
                     "(" + platform_word(os, arch) + ", where the line's marker installs it)");
        }
    }

    void target_without_wheel(const CompanionPin& companion,
                              const std::vector<const FamilyPin*>& torches,
                              const CheckTarget& target) {
        // A uv.lock entry without markers of its own is installed where the markers of the
        // dependencies that name it hold (triton: Linux x86_64), which the reader does not keep.
        if (file_.format == LockFormat::UvLock && !companion.marker) {
            return;
        }
        const MarkerEnvironment environment = marker_environment(target.machine);
        if (!holds(companion.marker, environment)) {
            return;
        }
        const FamilyPin* torch = torches.front();
        for (const FamilyPin* candidate : torches) {
            if (candidate->applies_to(environment)) {
                torch = candidate;
                break;
            }
        }
        CompanionTarget fit_target = beside(torch->version->public_version());
        fit_target.os = target.machine.tags.os;
        fit_target.arch = target.machine.tags.arch;
        fit_target.python = target.machine.tags.python;
        no_wheel(companion, *torch, fit_target, "on " + target.name);
    }

    const LockedRequirements& file_;
    std::vector<const FamilyPin*> torches_;
    std::vector<CompanionPin> companions_;
    std::vector<CheckFinding> findings_;
};

} // namespace

std::vector<CheckFinding> check_companion_rules(const LockedRequirements& file,
                                                const std::vector<FamilyPin>& pins,
                                                const CompatMatrix& matrix,
                                                std::span<const CheckTarget> targets) {
    return CompanionRules(file, pins, matrix).run(targets);
}

} // namespace torchpin
