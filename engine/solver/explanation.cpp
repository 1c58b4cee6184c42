// Rendering the resolver's typed reasons and decisions as sentences; the structure stays in
// solver.hpp, the wording lives here.
#include "engine/solver/explanation.hpp"

#include "engine/solver/stated_codes.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace torchpin {

namespace {

template <class T>
bool only(const Candidate& c) {
    return !c.rejections.empty() &&
           std::all_of(c.rejections.begin(), c.rejections.end(),
                       [](const Rejection& r) { return std::holds_alternative<T>(r); });
}

template <class T>
const T* first_of(const Candidate& c) {
    for (const Rejection& r : c.rejections) {
        if (const auto* found = std::get_if<T>(&r)) {
            return found;
        }
    }
    return nullptr;
}

std::string arch_summary(const std::vector<ArchTarget>& built) {
    ComputeCapability highest(0, 0);
    std::vector<std::string> ptx;
    for (const ArchTarget& t : built) {
        highest = std::max(highest, t.capability);
        if (t.ptx) {
            ptx.push_back("compute_" + std::to_string(t.capability.major()) +
                          std::to_string(t.capability.minor()));
        }
    }
    return "carry up to " + highest.sm() +
           (ptx.empty() ? " and no PTX" : " and PTX for " + join_words(ptx));
}

std::string label(const Candidate& c) {
    return c.torch.to_string() + "+" + c.backend.to_string();
}

// "no flash-attn release fits: the newest, 2.8.3.post1, has files for torch 2.4 to 2.8 only (each
// for its torch minor) and is built for cu12", with the retirement where the package is retired.
std::string companion_misfit_text(const CompanionDoesNotFit& r,
                                  const std::vector<std::string>& facts) {
    std::string text;
    if (!r.newest) {
        text = "no " + r.package + " release the matrix knows is admitted by " + r.requirement;
    } else {
        std::vector<std::string> said;
        for (const std::string& fact : facts) {
            said.push_back(fact.starts_with("'s ") ? "its " + fact.substr(3) : fact);
        }
        text = "no " + r.package + " release fits: the newest" +
               (r.requirement.empty() ? "" : " that " + r.requirement + " admits") + ", " +
               r.newest->to_string() + ", " + join_words(said) +
               (r.fits_without_requirement ? " (another release would fit)" : "");
    }
    if (!r.retired_note.empty()) {
        text += "; " + r.package + " is retired: " + r.retired_note;
    }
    return text;
}

struct Visitor {
    std::string operator()(const ExcludedByRequirement& r) const {
        return r.package + " " + r.version.to_string() + " is excluded by the requirement " +
               r.requirement;
    }
    std::string operator()(const BackendNotPublished& r) const {
        return "torch " + r.torch.to_string() + " was not published for " + r.backend.to_string() +
               " on this OS and CPU";
    }
    std::string operator()(const BuildNotVerified& r) const {
        const std::string build = "torch " + r.torch.to_string() + "+" + r.backend.to_string();
        if (r.possible) {
            return build + " was built by nightlies, but whether torch " + r.torch.to_string() +
                   " published it is uncertain and no index listing shows it ('torchpin update' "
                   "reads the index)";
        }
        return build + " is expected from nightlies but no index listing confirms it ('torchpin "
                       "update' reads the index)";
    }
    std::string operator()(const NoWheelFor& r) const {
        return r.package + " " + r.version.to_string() + "+" + r.backend.to_string() +
               " has no wheel for " + r.python + " on " + r.platform;
    }
    std::string operator()(const DriverTooOld& r) const {
        return r.backend.to_string() + " needs driver >= " + r.need.to_string() + " for CUDA " +
               r.cuda.to_string() + "; this machine has " +
               (r.have ? r.have->to_string() : std::string("no NVIDIA driver"));
    }
    std::string operator()(const GpuArchNotBuilt& r) const {
        if (r.fit == GpuFit::CudaTooOld) {
            return r.backend.to_string() + " (CUDA " + r.build_cuda.to_string() + ") predates " +
                   r.gpu +
                   (r.gpu_first_cuda
                        ? ", which needs CUDA " + r.gpu_first_cuda->to_string() + " or newer"
                        : "") +
                   ": its PTX cannot reach it because the bundled CUDA libraries have no kernels "
                   "for it";
        }
        return r.backend.to_string() + " builds " + arch_summary(r.built) + ", nothing for " +
               r.gpu;
    }
    std::string operator()(const GfxNotBuilt& r) const {
        std::vector<std::string> built(r.built.begin(), r.built.end());
        return r.backend.to_string() + " is built for " + join_words(built) + ", not " + r.gfx +
               (r.override_note.empty() ? "" : " (" + r.override_note + ")");
    }
    std::string operator()(const NotPaired& r) const {
        if (!r.paired) {
            return r.package + " is not released for torch " + r.torch.to_string() +
                   (r.note.empty() ? "" : " (" + r.note + ")");
        }
        return "torch " + r.torch.to_string() + " pairs with " + r.package + " " +
               r.paired->to_string() + ", which the requirement " + r.requirement + " excludes";
    }
    std::string operator()(const CompanionDoesNotFit& r) const {
        return companion_misfit_text(r, r.facts);
    }
    std::string operator()(const WrongBackendKind& r) const {
        return r.backend.to_string() + ": " + r.why;
    }
    std::string operator()(const MissingFact& r) const {
        return r.backend.to_string() + ": " + r.what + " (unknown to the matrix)";
    }
};

// The code and facts of each rejection (RejectionFacts).
struct FactsVisitor {
    using Facts = std::vector<std::pair<std::string, std::string>>;
    static std::string text(const std::optional<CudaVersion>& v) { return v ? v->to_string() : ""; }

    RejectionFacts operator()(const ExcludedByRequirement& r) const {
        return {"excluded-by-requirement", Facts{{"package", r.package},
                                                 {"version", r.version.to_string()},
                                                 {"requirement", r.requirement}}};
    }
    RejectionFacts operator()(const BackendNotPublished& r) const {
        return {"backend-not-published",
                Facts{{"torch", r.torch.to_string()}, {"backend", r.backend.to_string()}}};
    }
    RejectionFacts operator()(const BuildNotVerified& r) const {
        return {"build-not-verified", Facts{{"torch", r.torch.to_string()},
                                            {"backend", r.backend.to_string()},
                                            {"projection", r.possible ? "possible" : "expected"}}};
    }
    RejectionFacts operator()(const NoWheelFor& r) const {
        return {"no-wheel-for", Facts{{"package", r.package},
                                      {"version", r.version.to_string()},
                                      {"backend", r.backend.to_string()},
                                      {"python", r.python},
                                      {"platform", r.platform}}};
    }
    RejectionFacts operator()(const DriverTooOld& r) const {
        return {"driver-too-old", Facts{{"backend", r.backend.to_string()},
                                        {"cuda", r.cuda.to_string()},
                                        {"need", r.need.to_string()},
                                        {"have", r.have ? r.have->to_string() : ""}}};
    }
    RejectionFacts operator()(const GpuArchNotBuilt& r) const {
        std::string built;
        for (const ArchTarget& t : r.built) {
            built += (built.empty() ? "" : " ") + t.to_string();
        }
        return {"gpu-arch-not-built", Facts{{"gpu", r.gpu},
                                            {"capability", r.capability.to_string()},
                                            {"backend", r.backend.to_string()},
                                            {"cuda", r.build_cuda.to_string()},
                                            {"arch_list", built},
                                            {"fit", std::string(name(r.fit))},
                                            {"gpu_first_cuda", text(r.gpu_first_cuda)}}};
    }
    RejectionFacts operator()(const GfxNotBuilt& r) const {
        std::string built;
        for (const std::string& t : r.built) {
            built += (built.empty() ? "" : " ") + t;
        }
        return {"gfx-not-built",
                Facts{{"gfx", r.gfx}, {"backend", r.backend.to_string()}, {"gfx_list", built}}};
    }
    RejectionFacts operator()(const NotPaired& r) const {
        return {"not-paired", Facts{{"package", r.package},
                                    {"torch", r.torch.to_string()},
                                    {"paired", r.paired ? r.paired->to_string() : ""},
                                    {"requirement", r.requirement}}};
    }
    RejectionFacts operator()(const CompanionDoesNotFit& r) const {
        return {"companion-does-not-fit",
                Facts{{"package", r.package},
                      {"torch", r.torch.to_string()},
                      {"backend", r.backend.to_string()},
                      {"newest", r.newest ? r.newest->to_string() : ""},
                      {"requirement", r.requirement},
                      {"retired", r.retired_note.empty() ? "false" : "true"}}};
    }
    RejectionFacts operator()(const WrongBackendKind& r) const {
        return {"wrong-backend-kind", Facts{{"backend", r.backend.to_string()}}};
    }
    RejectionFacts operator()(const MissingFact& r) const {
        return {"missing-fact", Facts{{"backend", r.backend.to_string()}}};
    }
};

enum class BuildEnd { Oldest, Newest };

// The oldest or the newest published build that runs on the GPU, ignoring everything but arch
// lists: "2.7.0+cu128" for an RTX 5090; "" when none does.
std::string build_for(const CompatMatrix& matrix, const TargetMachine& machine,
                      const TargetMachine::NvidiaGpu& gpu, BuildEnd end) {
    std::vector<const PublishedBackend*> builds;
    for (const PublishedBackend& p : matrix.published) {
        if (p.os == machine.tags.os && p.arch == machine.tags.arch &&
            p.backend.kind() == BackendKind::Cuda) {
            builds.push_back(&p);
        }
    }
    std::sort(builds.begin(), builds.end(), [end](auto* a, auto* b) {
        const bool older = a->torch != b->torch ? a->torch < b->torch : a->backend < b->backend;
        const bool newer = a->torch != b->torch ? b->torch < a->torch : b->backend < a->backend;
        return end == BuildEnd::Oldest ? older : newer;
    });
    for (const PublishedBackend* p : builds) {
        const ArchListFact* arch = matrix.arch_list(p->torch, p->backend, p->os, p->arch);
        const auto cuda = matrix.cuda_of(p->backend, p->torch, p->os);
        if (arch != nullptr && cuda) {
            const GpuFit fit = fit_on_gpu(arch->arch_list, *cuda, gpu.capability,
                                          matrix.first_cuda_for(gpu.capability));
            if (fit == GpuFit::Cubin || fit == GpuFit::Ptx) {
                return p->torch.to_string() + "+" + p->backend.to_string();
            }
        }
    }
    return "";
}

// "cu132, cu130 and cu126: the machine has no NVIDIA GPU" for builds rejected for the same kind
// of machine; "2.1.2+cu121: <reason>" for the others.
std::vector<std::string> grouped_reasons(const std::vector<const Candidate*>& candidates) {
    std::vector<std::string> reasons;
    std::vector<std::pair<std::string, std::vector<std::string>>> by_why;
    for (const Candidate* c : candidates) {
        const Rejection& first = c->rejections.front();
        if (const auto* wrong = std::get_if<WrongBackendKind>(&first)) {
            auto it = std::find_if(by_why.begin(), by_why.end(),
                                   [&](const auto& group) { return group.first == wrong->why; });
            if (it == by_why.end()) {
                by_why.push_back({wrong->why, {}});
                it = std::prev(by_why.end());
            }
            it->second.push_back(c->backend.to_string());
        } else {
            reasons.push_back(label(*c) + ": " + describe(first));
        }
    }
    for (const auto& [why, backends] : by_why) {
        reasons.push_back(join_words(backends) + ": " + why);
    }
    return reasons;
}

std::string gpu_name(const TargetMachine::NvidiaGpu& gpu) {
    return gpu.name.empty() ? gpu.capability.sm() : gpu.name + " (" + gpu.capability.sm() + ")";
}

// The hint naming the first and the newest build that carry the GPU; none when no build does.
std::optional<AnswerHint> builds_for(const CompatMatrix& matrix, const TargetMachine& machine,
                                     const TargetMachine::NvidiaGpu& gpu) {
    const std::string oldest = build_for(matrix, machine, gpu, BuildEnd::Oldest);
    const std::string newest = build_for(matrix, machine, gpu, BuildEnd::Newest);
    if (oldest.empty()) {
        return std::nullopt;
    }
    return hints_made::builds_for_gpu(gpu_name(gpu), gpu.capability.sm(), oldest,
                                      newest == oldest ? "" : newest);
}

// A package built against torch that no release fits, once per release: the facts of its newest
// release for every build of the release together ("has files for torch 2.4 to 2.8 only" once,
// "is built for cu12" for the CUDA 13 builds).
void add_companion_misfit(
    std::vector<std::pair<CompanionDoesNotFit, std::vector<std::string>>>& all,
    const CompanionDoesNotFit& misfit) {
    auto it = std::ranges::find_if(all, [&](const auto& entry) {
        return entry.first.package == misfit.package && entry.first.newest == misfit.newest;
    });
    if (it == all.end()) {
        all.push_back({misfit, {}});
        it = std::prev(all.end());
    }
    for (const std::string& fact : misfit.facts) {
        if (std::ranges::find(it->second, fact) == it->second.end()) {
            it->second.push_back(fact);
        }
    }
}

// The reasons of one release's candidates, each kind once: the builds the driver is too old
// for with what each needs, those only expected from nightlies, the others one by one.
std::string release_reasons(const std::vector<const Candidate*>& candidates) {
    std::vector<std::string> too_old;
    bool no_driver = false;
    std::vector<std::string> unverified;
    std::vector<std::string> uncertain; // built by nightlies, the release's build uncertain
    std::vector<std::pair<CompanionDoesNotFit, std::vector<std::string>>> misfits; // by package
    std::vector<const Candidate*> others;
    for (const Candidate* c : candidates) {
        const Rejection& first = c->rejections.front();
        if (const auto* d = std::get_if<DriverTooOld>(&first)) {
            too_old.push_back(d->backend.to_string() + (too_old.empty() ? " needs " : " ") +
                              d->need.to_string() + " (CUDA " + d->cuda.to_string() + ")");
            no_driver = !d->have;
        } else if (const auto* n = std::get_if<BuildNotVerified>(&first)) {
            (n->possible ? uncertain : unverified).push_back(c->backend.to_string());
        } else if (const auto* m = std::get_if<CompanionDoesNotFit>(&first)) {
            add_companion_misfit(misfits, *m);
        } else {
            others.push_back(c);
        }
    }
    std::vector<std::string> parts;
    if (!too_old.empty()) {
        parts.push_back((no_driver ? "a driver is needed: " : "the driver is too old: ") +
                        join_words(too_old));
    }
    if (!unverified.empty()) {
        parts.push_back(join_words(unverified) + (unverified.size() == 1 ? " is" : " are") +
                        " expected from nightlies, but no index listing confirms " +
                        (unverified.size() == 1 ? "it" : "them") +
                        " ('torchpin update' reads the index)");
    }
    if (!uncertain.empty()) {
        parts.push_back(join_words(uncertain) + (uncertain.size() == 1 ? " was" : " were") +
                        " built by nightlies, but whether the release published " +
                        (uncertain.size() == 1 ? "it" : "them") +
                        " is uncertain and no index listing shows " +
                        (uncertain.size() == 1 ? "it" : "them"));
    }
    for (const auto& [misfit, facts] : misfits) {
        parts.push_back(companion_misfit_text(misfit, facts));
    }
    const std::vector<std::string> rest = grouped_reasons(others);
    parts.insert(parts.end(), rest.begin(), rest.end());
    std::string text;
    for (const std::string& part : parts) {
        text += (text.empty() ? "" : "; ") + part;
    }
    return text;
}

// The facts of the machine the derivation refers to, stated once: its NVIDIA driver and GPUs.
std::string machine_facts(const TargetMachine& machine) {
    std::string text = machine.nvidia_driver ? "NVIDIA driver " + machine.nvidia_driver->to_string()
                                             : std::string("no NVIDIA driver");
    for (const auto& gpu : machine.nvidia_gpus) {
        text += ", " + gpu_name(gpu);
    }
    return text;
}

// How the chosen ROCm build meets each AMD GPU: its gfx list carries it; or it runs under the
// HSA override the answer assumes, with the source that documents it; or it is unverified.
std::vector<std::string> amd_gpu_lines(const CompatMatrix& matrix, const TargetMachine& machine,
                                       const Candidate& solution) {
    std::vector<std::string> lines;
    const std::string build = solution.backend.to_string();
    const RocmTargets* targets = matrix.rocm(solution.backend, solution.torch);
    for (const std::string& gfx : machine.rocm_gfx) {
        const auto applied =
            std::find_if(solution.hsa_overrides.begin(), solution.hsa_overrides.end(),
                         [&](const HsaOverrideFact& o) { return o.gfx == gfx; });
        if (targets == nullptr) {
            lines.push_back("AMD " + gfx + ": unverified (no gfx target list is known for " +
                            build + ")");
        } else if (applied == solution.hsa_overrides.end()) {
            lines.push_back("AMD " + gfx + ": built (" + build + " carries " + gfx + ")");
        } else {
            lines.push_back("AMD " + gfx + " (" + applied->chip + "): not in " + build +
                            "'s gfx list; assumes HSA_OVERRIDE_GFX_VERSION=" +
                            applied->hsa_version + " wherever torch runs, which makes ROCm run " +
                            "it as " + applied->runs_as + ", a target " + build + " carries");
            lines.push_back("  source: " + applied->statement + " (cites " +
                            join_words(applied->cites) + ")");
        }
    }
    return lines;
}

} // namespace

std::string describe_machine(const TargetMachine& machine) {
    const TagEnvironment& tags = machine.tags;
    std::string text =
        std::string(name(tags.os)) + " " + std::string(name(tags.arch)) + ", " +
        (tags.python.implementation == PythonImplementation::PyPy ? "PyPy " : "CPython ") +
        std::to_string(tags.python.major) + "." + std::to_string(tags.python.minor) +
        (tags.python.is_free_threaded() ? "t" : "");
    if (tags.glibc) {
        text += ", glibc " + tags.glibc->to_string();
    }
    if (tags.musl) {
        text += ", musl " + tags.musl->to_string();
    }
    if (tags.macos) {
        text += ", macOS " + tags.macos->to_string();
    }
    text += machine.nvidia_driver ? ", NVIDIA driver " + machine.nvidia_driver->to_string()
                                  : std::string(", no NVIDIA driver");
    for (const auto& gpu : machine.nvidia_gpus) {
        text += ", " + gpu_name(gpu);
    }
    for (const auto& gfx : machine.rocm_gfx) {
        text += ", AMD " + gfx;
    }
    if (machine.intel_xpu_gpu) {
        text += ", Intel XPU GPU";
    }
    return text;
}

std::string describe(const Rejection& rejection) {
    return std::visit(Visitor{}, rejection);
}

RejectionFacts rejection_facts(const Rejection& rejection) {
    return std::visit(FactsVisitor{}, rejection);
}

const std::vector<std::string_view>& every_rejection_code() {
    static const std::vector<std::string_view> codes{
        "excluded-by-requirement", "backend-not-published", "build-not-verified", "no-wheel-for",
        "driver-too-old",          "gpu-arch-not-built",    "gfx-not-built",      "not-paired",
        "companion-does-not-fit",  "wrong-backend-kind",    "missing-fact"};
    return codes;
}

std::string verdict(const Candidate& c) {
    if (c.works()) {
        if (c.driver_fit == DriverFit::MinorVersion) {
            return "minor-version";
        }
        return c.gfx_fit == GfxFit::Override ? "hsa-override" : "ok";
    }
    const Rejection& first = c.rejections.front();
    if (std::holds_alternative<BackendNotPublished>(first)) {
        return "no-backend-for-os";
    }
    if (first_of<WrongBackendKind>(c) != nullptr) {
        return "wrong-backend-kind"; // a CUDA build without an NVIDIA GPU is not a driver problem
    }
    if (first_of<DriverTooOld>(c) != nullptr) {
        return "driver-too-old";
    }
    if (first_of<GpuArchNotBuilt>(c) != nullptr || first_of<GfxNotBuilt>(c) != nullptr) {
        return "gpu-unsupported";
    }
    if (first_of<NoWheelFor>(c) != nullptr) {
        return "no-wheel";
    }
    if (first_of<BuildNotVerified>(c) != nullptr) {
        return "not-verified";
    }
    if (first_of<MissingFact>(c) != nullptr) {
        return "missing-data";
    }
    if (first_of<NotPaired>(c) != nullptr || first_of<CompanionDoesNotFit>(c) != nullptr) {
        return "not-paired";
    }
    return "excluded";
}

std::vector<std::string> explain_unsolvable(const TargetMachine& machine,
                                            const Resolution& resolution) {
    std::vector<std::string> lines;
    if (resolution.solution) {
        return lines;
    }
    std::map<Version, std::vector<const Candidate*>, std::greater<>> by_torch;
    std::size_t excluded = 0;
    for (const Candidate& c : resolution.candidates) {
        if (first_of<ExcludedByRequirement>(c) != nullptr) {
            ++excluded; // the user ruled it out; its other problems do not matter
            continue;
        }
        if (only<BackendNotPublished>(c)) {
            continue; // a forced backend that this release never had
        }
        if (first_of<WrongBackendKind>(c) != nullptr) {
            // A CPU build on a GPU machine, or a kind of GPU it lacks: its other problems do not
            // matter, and the hints cover the CPU fallback.
            continue;
        }
        by_torch[c.torch].push_back(&c);
    }
    if (std::any_of(by_torch.begin(), by_torch.end(), [](const auto& release) {
            return std::any_of(release.second.begin(), release.second.end(),
                               [](const Candidate* c) { return first_of<DriverTooOld>(*c); });
        })) {
        lines.push_back("this machine has " + machine_facts(machine));
    }
    std::size_t shown = 0;
    std::string previous; // the reasons of the release above, to say "the same" instead
    for (const auto& [torch, candidates] : by_torch) {
        if (++shown > 3) {
            lines.push_back("older releases fail for the same kinds of reasons (torchpin explain "
                            "lists them all)");
            break;
        }
        const bool all_gpu =
            std::all_of(candidates.begin(), candidates.end(), [](const Candidate* c) {
                return first_of<GpuArchNotBuilt>(*c) != nullptr;
            });
        std::string reasons;
        if (all_gpu && !candidates.empty()) {
            const GpuArchNotBuilt& g = *first_of<GpuArchNotBuilt>(*candidates.front());
            std::vector<std::string> backends;
            for (const Candidate* c : candidates) {
                backends.push_back(c->backend.to_string());
            }
            reasons =
                "no build for " + g.gpu + ": " + join_words(backends) + " " +
                arch_summary(g.built) +
                (g.fit == GpuFit::CudaTooOld ? " (the PTX needs a CUDA that knows the GPU)" : "");
        } else {
            reasons = release_reasons(candidates);
        }
        lines.push_back("torch " + torch.to_string() + ": " +
                        (reasons == previous ? std::string("the same") : reasons));
        previous = reasons;
    }
    if (excluded > 0) {
        lines.push_back(std::to_string(excluded) +
                        " candidate(s) are excluded by the requirements");
    }
    return lines;
}

std::vector<AnswerHint> hints(const CompatMatrix& matrix, const TargetMachine& machine,
                              const Resolution& resolution) {
    std::vector<AnswerHint> out;
    const auto first_where = [&](auto predicate) -> const Candidate* {
        for (const Candidate& c : resolution.candidates) {
            if (predicate(c)) {
                return &c;
            }
        }
        return nullptr;
    };
    if (const Candidate* newest =
            first_where([](const Candidate& x) { return only<DriverTooOld>(x); })) {
        // The lowest driver that allows the newest such release, not its newest toolkit's.
        const Candidate* c = newest;
        for (const Candidate& x : resolution.candidates) {
            if (x.torch == newest->torch && only<DriverTooOld>(x) &&
                first_of<DriverTooOld>(x)->need < first_of<DriverTooOld>(*c)->need) {
                c = &x;
            }
        }
        out.push_back(hints_made::newer_driver(first_of<DriverTooOld>(*c)->need, label(*c)));
    }
    if (const Candidate* c =
            first_where([](const Candidate& x) { return only<ExcludedByRequirement>(x); })) {
        out.push_back(hints_made::requirement_excludes(
            label(*c), first_of<ExcludedByRequirement>(*c)->requirement));
    }
    if (const Candidate* c = first_where([](const Candidate& x) { return only<NoWheelFor>(x); })) {
        if (const ReleaseFact* release = matrix.release(c->torch);
            release && !release->python.empty()) {
            out.push_back(hints_made::python_with_wheels(label(*c), release->python));
        }
    }
    if (const Candidate* c = first_where([](const Candidate& x) {
            return only<NotPaired>(x) && !first_of<NotPaired>(x)->paired;
        })) {
        out.push_back(
            hints_made::leave_companion_out(first_of<NotPaired>(*c)->package, c->torch, label(*c)));
    }
    if (const Candidate* c = first_where([](const Candidate& x) {
            return only<WrongBackendKind>(x) && x.backend.kind() == BackendKind::Cpu;
        })) {
        out.push_back(hints_made::allow_cpu_fallback(label(*c)));
    }
    const bool any_cpu_build =
        std::any_of(resolution.candidates.begin(), resolution.candidates.end(),
                    [](const Candidate& c) { return c.backend.kind() == BackendKind::Cpu; });
    if (!machine.has_gpu() && !any_cpu_build) {
        out.push_back(
            hints_made::no_cpu_build_recorded(name(machine.tags.os), name(machine.tags.arch)));
    }
    for (const auto& gpu : machine.nvidia_gpus) {
        if (auto range = builds_for(matrix, machine, gpu)) {
            out.push_back(std::move(*range));
        }
    }
    return out;
}

std::vector<std::string> explain_solution(const CompatMatrix& matrix, const TargetMachine& machine,
                                          const Resolution& resolution) {
    std::vector<std::string> lines;
    if (!resolution.solution) {
        return lines;
    }
    const Candidate& s = *resolution.solution;
    for (const Candidate& c : resolution.candidates) {
        if (c.works()) {
            break; // the first working candidate is the solution
        }
        lines.push_back("passed over " + label(c) + ": " + describe(c.rejections.front()));
    }
    lines.push_back("chose torch " + label(s) + ", the newest release that fits");
    if (s.backend.kind() == BackendKind::Cuda) {
        const auto cuda = matrix.cuda_of(s.backend, s.torch, machine.tags.os);
        lines.push_back(
            s.backend.to_string() + " is CUDA " + (cuda ? cuda->to_string() : "?") + "; driver " +
            (machine.nvidia_driver ? machine.nvidia_driver->to_string() : "?") + " meets it " +
            (s.driver_fit == DriverFit::Direct ? "directly"
                                               : "through minor version compatibility"));
        const ArchListFact* arch =
            matrix.arch_list(s.torch, s.backend, machine.tags.os, machine.tags.arch);
        for (const auto& gpu : machine.nvidia_gpus) {
            if (arch != nullptr && cuda) {
                lines.push_back(
                    gpu_name(gpu) + ": " +
                    std::string(name(fit_on_gpu(arch->arch_list, *cuda, gpu.capability,
                                                matrix.first_cuda_for(gpu.capability)))) +
                    " (built for " +
                    [&] {
                        std::vector<std::string> archs;
                        for (const auto& t : arch->arch_list) {
                            archs.push_back(t.to_string());
                        }
                        return join_words(archs);
                    }() +
                    "; " + arch->basis + ")");
            }
        }
    }
    if (s.backend.kind() == BackendKind::Rocm) {
        const std::vector<std::string> gpu_lines = amd_gpu_lines(matrix, machine, s);
        lines.insert(lines.end(), gpu_lines.begin(), gpu_lines.end());
    }
    for (const Pin& pin : s.pins) {
        lines.push_back(
            "pin " + pin.package + pin.specifier() +
            (pin.wheel ? " (" + pin.wheel->wheel.to_string() + ", " +
                             std::string(name(pin.wheel->provenance)) +
                             (pin.wheel->seen_in ? ": " + *pin.wheel->seen_in : std::string()) + ")"
                       : " (no file listed in the matrix)"));
    }
    for (const AnswerWarning& warning : s.warnings) {
        lines.push_back("warning: " + warning.message);
    }
    return lines;
}

std::vector<std::string> describe_known_issue(const KnownIssueFact& issue) {
    const std::string torch =
        issue.torch.empty() ? "every torch" : "torch " + issue.torch.to_string();
    std::vector<std::string> lines{issue.issue + " (" + issue.severity + "; " + issue.os + "; " +
                                   torch +
                                   (issue.backend ? "; " + issue.backend->to_string() : "") + ")"};
    if (!issue.summary.empty()) {
        lines.push_back("  in short: " + issue.summary);
    }
    lines.push_back("  message: " + issue.error);
    lines.push_back("  cause: " + issue.cause);
    lines.push_back("  fix: " + issue.fix);
    if (issue.unless_vc_runtime) {
        lines.push_back("  not shown for a machine whose Visual C++ runtime is " +
                        issue.unless_vc_runtime->to_string() + " or newer (--vc-runtime)");
    }
    for (const std::string& link : issue.links) {
        lines.push_back("  see: " + link);
    }
    return lines;
}

} // namespace torchpin
