// check_target_rules: each torch entry that holds on a target, judged by the resolver's checks
// for exactly its version and build, plus the known issues of the target's OS.
#include "engine/check/lock_target_rules.hpp"

#include "engine/matrix/known_issue_scope.hpp"
#include "engine/matrix/release_wheels.hpp"
#include "engine/solver/explanation.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>

namespace torchpin {

namespace {

// The ids this file returns, chooses between or compares, named: clang 14's code generation
// crashes on a temporary id returned, compared or chosen by `?:`.
constexpr RuleId no_wheel_rule{"no-wheel-for-target"};
constexpr RuleId driver_too_old_rule{"driver-too-old"};
constexpr RuleId newer_than_matrix_rule{"newer-than-matrix"};
constexpr RuleId cpu_build_rule{"cpu-build-on-gpu-target"};
constexpr RuleId gpu_not_supported_rule{"gpu-not-supported"};

// The rule a build for another kind of machine breaks: a CPU build where a GPU is, or a build
// for another kind of GPU.
RuleId wrong_kind_rule(const Backend& build) {
    return build.kind() == BackendKind::Cpu ? cpu_build_rule : gpu_not_supported_rule;
}

// The rule a rejection of a pinned build breaks; none for those other rules judge (pairing) or
// that say nothing about the pin.
std::optional<RuleId> rule_of(const Rejection& rejection, const Backend& build) {
    if (std::holds_alternative<NoWheelFor>(rejection) ||
        std::holds_alternative<BackendNotPublished>(rejection)) {
        return no_wheel_rule;
    }
    if (std::holds_alternative<DriverTooOld>(rejection)) {
        return driver_too_old_rule;
    }
    if (std::holds_alternative<BuildNotVerified>(rejection)) {
        return newer_than_matrix_rule; // known only as projected: not judged, update the matrix
    }
    if (std::holds_alternative<GpuArchNotBuilt>(rejection) ||
        std::holds_alternative<GfxNotBuilt>(rejection)) {
        return gpu_not_supported_rule;
    }
    if (std::holds_alternative<WrongBackendKind>(rejection)) {
        return wrong_kind_rule(build);
    }
    return std::nullopt;
}

// Whether the machine can use a build of this kind (the resolver's own rule, which it skips for
// a backend the user forces).
std::optional<std::string> kind_misfit(const Backend& build, const TargetMachine& machine) {
    switch (build.kind()) {
    case BackendKind::Cpu:
        if (machine.has_gpu()) {
            return "a CPU build leaves the machine's GPU unused";
        }
        break;
    case BackendKind::Cuda:
        if (machine.nvidia_gpus.empty() && !machine.nvidia_driver) {
            return "a CUDA build needs an NVIDIA GPU and the machine has none";
        }
        break;
    case BackendKind::Rocm:
        if (machine.rocm_gfx.empty()) {
            return "a ROCm build needs an AMD GPU and the machine has none";
        }
        break;
    case BackendKind::Xpu:
        if (!machine.intel_xpu_gpu) {
            return "an XPU build needs an Intel XPU GPU and the machine has none";
        }
        break;
    }
    return std::nullopt;
}

class TargetRules {
public:
    TargetRules(const std::vector<FamilyPin>& pins, const CheckTarget& target)
        : target_(target)
        , wheels_(target.matrix)
        , environment_(marker_environment(target.machine)) {
        narrowed_.revision = target.matrix.revision;
        narrowed_.data_as_of = target.matrix.data_as_of;
        narrowed_.published = target.matrix.published;
        narrowed_.backend_cuda = target.matrix.backend_cuda;
        narrowed_.release_cuda = target.matrix.release_cuda;
        narrowed_.companion_ranges = target.matrix.companion_ranges;
        narrowed_.cuda_drivers = target.matrix.cuda_drivers;
        narrowed_.compat_floors = target.matrix.compat_floors;
        narrowed_.cuda_branches = target.matrix.cuda_branches;
        narrowed_.wheel_lists = target.matrix.wheel_lists;
        narrowed_.arch_lists = target.matrix.arch_lists;
        narrowed_.first_cuda = target.matrix.first_cuda;
        narrowed_.rocm_targets = target.matrix.rocm_targets;
        narrowed_.hsa_overrides = target.matrix.hsa_overrides;
        narrowed_.known_issues = target.matrix.known_issues;
        narrowed_.pypi_builds = target.matrix.pypi_builds;
        for (const FamilyPin& pin : pins) {
            if (pin.applies_to(environment_)) {
                (pin.is_torch() ? torches_ : companions_).push_back(&pin);
            }
        }
    }

    std::vector<CheckFinding> run() {
        struct Judged {
            const FamilyPin* torch;
            std::vector<CheckFinding> fit;     // whether the build runs there
            std::vector<CheckFinding> install; // installing it there: its files, an HSA override
            std::vector<CheckFinding> issues;  // known issues of the release on the target's OS
        };
        std::vector<Judged> judged;
        for (const FamilyPin* torch : torches_) {
            if (torch->version && target_.matrix.release(torch->version->public_version())) {
                Judged j{torch, {}, {}, known_issues(*torch)};
                j.fit = machine_fit(*torch, j.install);
                judged.push_back(std::move(j));
            }
        }
        // Among variants, those that do not run are not the one installed there.
        const bool one_runs = judged.size() > 1 && std::ranges::any_of(judged, [](const Judged& j) {
                                  return j.fit.empty();
                              });
        std::vector<CheckFinding> out;
        for (Judged& j : judged) {
            if (!one_runs || j.fit.empty()) {
                complete_fixes(*j.torch, j.fit);
                for (auto* part : {&j.fit, &j.install, &j.issues}) {
                    out.insert(out.end(), part->begin(), part->end());
                }
            }
        }
        return out;
    }

private:
    std::string on() const { return " on " + target_.name; }

    // The companions that go with `torch` (partner_torch), those with an exact version.
    std::vector<const FamilyPin*> companions_of(const FamilyPin& torch) const {
        std::vector<const FamilyPin*> out;
        for (const FamilyPin* companion : companions_) {
            if (companion->version &&
                partner_torch(*companion, torches_, target_.matrix) == &torch) {
                out.push_back(companion);
            }
        }
        return out;
    }

    // The entry of `package` among the companions, else torch's.
    const FamilyPin& pin_of(const std::string& package, const FamilyPin& torch,
                            const std::vector<const FamilyPin*>& companions) const {
        for (const FamilyPin* companion : companions) {
            if (companion->name() == package) {
                return *companion;
            }
        }
        return torch;
    }

    // Appends to each fix's prefix what to pin instead, asked of the resolver once per entry.
    void complete_fixes(const FamilyPin& torch, std::vector<CheckFinding>& findings) const {
        if (findings.empty()) {
            return;
        }
        const std::string pin = fix_for(torch, companions_of(torch));
        for (CheckFinding& f : findings) {
            f.fix += pin;
        }
    }

    // What to pin instead: the build of this torch release that runs on the target, else the
    // resolver's answer for the target, else where to ask.
    std::string fix_for(const FamilyPin& torch,
                        const std::vector<const FamilyPin*>& companions) const {
        const Version release = torch.version->public_version();
        const CompatMatrix narrowed = one_release(release, companions);
        for (const bool same_release : {true, false}) {
            ResolveRequest request;
            request.requirements.push_back(
                Requirement::from(same_release ? "torch==" + release.to_string() : "torch"));
            for (const FamilyPin* companion : companions) {
                request.requirements.push_back(Requirement::from(companion->name()));
            }
            const Resolution resolution =
                resolve(same_release ? narrowed : target_.matrix, target_.machine, request,
                        Evaluation::UntilAnswer);
            if (resolution.solution) {
                std::string pins;
                for (const Pin& pin : resolution.solution->pins) {
                    pins += " " + pin.package + pin.specifier();
                }
                return "pin" + pins + " from " + resolution.index_url() +
                       (same_release ? "" : " (no build of this torch release runs there)");
            }
        }
        return "run 'torchpin explain' with this target's machine options";
    }

    // The target's matrix with only `release` and its family's wheels: the resolver then checks
    // one release, not every release against a requirement that excludes all but one (a uv.lock
    // with five variants took 0.3 s of CPU the other way).
    CompatMatrix one_release(const Version& release,
                             const std::vector<const FamilyPin*>& companions) const {
        CompatMatrix narrowed = narrowed_;
        if (const ReleaseFact* fact = target_.matrix.release(release)) {
            narrowed.releases.push_back(*fact);
        }
        // The files of the release and of each companion's version, read for those only.
        const auto add = [&](std::string_view package, const Version& version) {
            for (const IndexFile* file : wheels_.of(package, version)) {
                narrowed.wheels.push_back(*file);
            }
        };
        add("torch", release);
        std::set<std::pair<std::string, Version>> added;
        for (const FamilyPin* companion : companions) {
            const Version version = companion->version->public_version();
            if (added.emplace(companion->name(), version).second) {
                add(companion->name(), version);
            }
        }
        return narrowed;
    }

    // The build the entry installs on the target: its label or index's, else PyPI's for the
    // target's OS and CPU when it comes from PyPI (cu126 for torch 2.7.1 on Linux x86_64).
    std::optional<Backend> build_on_target(const FamilyPin& torch) const {
        if (torch.build() || !torch.from_pypi) {
            return torch.build();
        }
        return target_.matrix.pypi_build(torch.version->public_version(), target_.machine.tags.os,
                                         target_.machine.tags.arch);
    }

    // Whether the build runs on the target; the findings' fixes hold only their prefix until
    // complete_fixes (a fix asks the resolver, and most findings of variants are dropped). The
    // files pip would install there, and the HSA override it needs, go to `install`.
    std::vector<CheckFinding> machine_fit(const FamilyPin& torch,
                                          std::vector<CheckFinding>& install) const {
        const std::vector<const FamilyPin*> companions = companions_of(torch);
        ResolveRequest request;
        const Version release = torch.version->public_version();
        request.requirements.push_back(Requirement::from("torch==" + release.to_string()));
        for (const FamilyPin* companion : companions) {
            request.requirements.push_back(Requirement::from(
                companion->name() + "==" + companion->version->public_version().to_string()));
        }
        const std::vector<Candidate> candidates =
            evaluate_candidates(one_release(release, companions), target_.machine, request);
        std::vector<CheckFinding> out;
        const std::optional<Backend> build = build_on_target(torch);
        if (!build) {
            no_wheel_without_label(torch, release, candidates, companions, out);
            return out;
        }
        const auto candidate = std::ranges::find_if(candidates, [&](const Candidate& c) {
            return c.torch == release && c.backend == *build;
        });
        if (candidate == candidates.end()) {
            out.push_back(make_finding("no-wheel-for-target", torch.package->where,
                                       torch.text() + " is not published for " +
                                           std::string(name(target_.machine.tags.os)) + " " +
                                           std::string(name(target_.machine.tags.arch)) + on(),
                                       ""));
            return out;
        }
        const auto misfit = kind_misfit(*build, target_.machine);
        if (misfit) {
            out.push_back(make_finding(wrong_kind_rule(*build), torch.package->where,
                                       torch.text() + ": " + *misfit + on() + " (" +
                                           describe_machine(target_.machine) + ")",
                                       ""));
        }
        for (const Rejection& rejection : candidate->rejections) {
            const std::optional<RuleId> rule = rule_of(rejection, *build);
            // A build for another kind of GPU fails every GPU check: the misfit says it all.
            if (!rule || std::holds_alternative<WrongBackendKind>(rejection) ||
                (misfit && rule != no_wheel_rule)) {
                continue;
            }
            const std::string package = std::holds_alternative<NoWheelFor>(rejection)
                                            ? std::get<NoWheelFor>(rejection).package
                                            : std::string("torch");
            const FamilyPin& pin = pin_of(package, torch, companions);
            const std::string prefix =
                std::holds_alternative<DriverTooOld>(rejection)
                    ? "upgrade the NVIDIA driver to " +
                          std::get<DriverTooOld>(rejection).need.to_string() + " or newer, or "
                    : "";
            out.push_back(make_finding(*rule, pin.package->where,
                                       pin.text() + ": " + describe(rejection) + on(), prefix));
        }
        if (candidate->works()) {
            add_assumed_override(*candidate, torch, install);
            installed_files(*candidate, torch, companions, install);
        }
        return out;
    }

    // A build that runs on the target's AMD GPU only under an HSA override: the lock is right,
    // and the variable must be set where it runs.
    void add_assumed_override(const Candidate& candidate, const FamilyPin& torch,
                              std::vector<CheckFinding>& out) const {
        for (const EnvironmentVariable& variable : required_environment(candidate)) {
            const HsaOverrideFact& fact = candidate.hsa_overrides.front();
            out.push_back(make_finding(
                "hsa-override-needed", torch.package->where,
                torch.text() + ": " + candidate.backend.to_string() + " has no " + fact.gfx +
                    " kernels; it runs" + on() + " only with " + variable.name + "=" +
                    variable.value + ", which runs the GPU as " + fact.runs_as,
                "export " + variable.name + "=" + variable.value + " wherever torch runs" + on()));
        }
    }

    // An unlabelled pin: the index decides the build, so only a release with no wheel for the
    // target in any build is a finding.
    void no_wheel_without_label(const FamilyPin& torch, const Version& release,
                                const std::vector<Candidate>& candidates,
                                const std::vector<const FamilyPin*>& companions,
                                std::vector<CheckFinding>& out) const {
        const Rejection* no_wheel = nullptr;
        for (const Candidate& c : candidates) {
            if (c.torch != release) {
                continue;
            }
            const Rejection* its_own = nullptr;
            for (const Rejection& r : c.rejections) {
                its_own = std::holds_alternative<NoWheelFor>(r) ? &r : its_own;
            }
            if (its_own == nullptr) {
                return; // some build has wheels for the target
            }
            no_wheel = no_wheel == nullptr ? its_own : no_wheel;
        }
        if (no_wheel != nullptr) {
            const FamilyPin& pin =
                pin_of(std::get<NoWheelFor>(*no_wheel).package, torch, companions);
            out.push_back(make_finding("no-wheel-for-target", pin.package->where,
                                       pin.text() + ": " + describe(*no_wheel) + on(), ""));
        }
    }

    // The files pip would install on the target: yanked, or missing from the line's --hash list.
    void installed_files(const Candidate& candidate, const FamilyPin& torch,
                         const std::vector<const FamilyPin*>& companions,
                         std::vector<CheckFinding>& out) const {
        for (const Pin& pin : candidate.pins) {
            if (!pin.wheel) {
                continue;
            }
            const FamilyPin& entry = pin_of(pin.package, torch, companions);
            const std::string file = pin.wheel->wheel.to_string();
            if (pin.wheel->yanked) {
                out.push_back(make_finding(
                    "yanked-file", entry.package->where,
                    file + ", the file pip installs" + on() + ", was yanked" +
                        (pin.wheel->yanked_reason.empty() ? "" : ": " + pin.wheel->yanked_reason),
                    "pin another release of " + pin.package));
            }
            const auto& hashes = entry.package->hashes;
            if (pin.wheel->sha256 && !hashes.empty() &&
                std::ranges::find(hashes, "sha256:" + *pin.wheel->sha256) == hashes.end()) {
                out.push_back(make_finding(
                    "hash-mismatch", entry.package->where,
                    file + ", the file pip installs" + on() + ", has sha256 " + *pin.wheel->sha256 +
                        ", which none of the line's --hash options names",
                    "add --hash=sha256:" + *pin.wheel->sha256 + " after checking the download"));
            }
        }
    }

    std::vector<CheckFinding> known_issues(const FamilyPin& torch) const {
        std::vector<CheckFinding> out;
        const std::string os(name(target_.machine.tags.os));
        const KnownIssueQuery query{.os = target_.machine.tags.os,
                                    .torch = torch.version->public_version(),
                                    .backend = build_on_target(torch),
                                    .vc_runtime = target_.machine.vc_runtime,
                                    .every_version_issues = false};
        for (const KnownIssueFact& issue : target_.matrix.known_issues) {
            if (!known_issue_applies(issue, query)) {
                continue;
            }
            CheckFinding f = make_finding("known-issue", torch.package->where,
                                          torch.text() + on() + " (" + os + "): " + issue.issue +
                                              ": " + issue.error + " Cause: " + issue.cause,
                                          issue.fix);
            f.severity = issue.severity == "warning" ? Severity::Warning : Severity::Error;
            out.push_back(std::move(f));
        }
        return out;
    }

    const CheckTarget& target_;
    ReleaseWheels wheels_;  // the target's, read per release
    CompatMatrix narrowed_; // the target's matrix without releases and wheels
    MarkerEnvironment environment_;
    std::vector<const FamilyPin*> torches_;
    std::vector<const FamilyPin*> companions_;
};

} // namespace

std::vector<CheckFinding> check_target_rules(const std::vector<FamilyPin>& pins,
                                             const CheckTarget& target) {
    return TargetRules(pins, target).run();
}

} // namespace torchpin
