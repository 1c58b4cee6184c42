// The resolver: for a machine and a request on torch/torchvision/torchaudio, the exact pins and
// backend by torchpin's documented preferences, or "no solution" with every reason typed.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/requirement.hpp"
#include "engine/solver/answer_warning.hpp"
#include "engine/solver/companion_source.hpp"
#include "engine/solver/pinned_wheel.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace torchpin {

// The machine as the resolver needs it (built from a detected or saved profile).
struct TargetMachine {
    struct NvidiaGpu {
        std::string name; // "NVIDIA GeForce RTX 3090"; "" when only the capability is known
        ComputeCapability capability;
    };
    TagEnvironment tags; // OS, CPU, Python, glibc/musl/macOS
    std::optional<DriverVersion> nvidia_driver;
    std::vector<NvidiaGpu> nvidia_gpus;
    std::vector<std::string> rocm_gfx; // "gfx1100"
    bool intel_xpu_gpu = false;        // an Intel GPU PyTorch's XPU builds are for
    // Windows: the Visual C++ runtime (the Redistributable or System32's msvcp140.dll, the
    // newer); unknown when the profile records neither.
    std::optional<VcRuntimeVersion> vc_runtime;

    // A driver counts: a profile may know the driver of a GPU it could not describe.
    bool has_gpu() const noexcept {
        return !nvidia_gpus.empty() || nvidia_driver || !rocm_gfx.empty() || intel_xpu_gpu;
    }
};

// The PyTorch index, as the base of its variant folders.
inline constexpr std::string_view default_pytorch_index_base = "https://download.pytorch.org/whl/";

struct ResolveRequest {
    // On torch, torchvision, torchaudio and the packages built against torch that the matrix
    // knows (companion_package rows).
    std::vector<Requirement> requirements;
    std::optional<Backend> backend; // forced with --backend; nullopt is "auto"
    bool allow_cpu_fallback = false;
    // The default request (no package named): a companion the data knows no release of for a
    // candidate's torch (torchaudio from 2.12 on) is left out of its pins with a warning instead
    // of rejecting the candidate, so the answer is the newest torch that runs.
    bool companions_where_released = false;
    // Where the answer says the files come from: PyTorch's index or a mirror of it
    // (BASE/<backend>).
    std::string index_base = std::string(default_pytorch_index_base);
};

// Why a (torch, backend) candidate was rejected. Each carries the facts that decided it.
struct ExcludedByRequirement {
    std::string package;
    Version version;
    std::string requirement;
};
struct BackendNotPublished {
    Version torch;
    Backend backend;
};
// The matrix expects the build (projected from nightlies) but no index listing confirms it;
// `possible`: nightlies built it, but the sources disagree whether the release did.
struct BuildNotVerified {
    Version torch;
    Backend backend;
    bool possible = false;
};
struct NoWheelFor {
    std::string package;
    Version version;
    Backend backend;
    std::string python;   // "cp313t"
    std::string platform; // the machine's best platform tag
};
struct DriverTooOld {
    Backend backend;
    CudaVersion cuda;
    DriverVersion need;                // the toolkit's minimum, or the compatibility floor
    std::optional<DriverVersion> have; // none: no NVIDIA driver
};
struct GpuArchNotBuilt {
    std::string gpu;
    ComputeCapability capability;
    Backend backend;
    CudaVersion build_cuda;
    std::vector<ArchTarget> built;
    GpuFit fit; // NotBuilt or CudaTooOld
    std::optional<CudaVersion> gpu_first_cuda;
};
struct GfxNotBuilt {
    std::string gfx;
    Backend backend;
    std::vector<std::string> built;
    // Why the HSA_OVERRIDE_GFX_VERSION documented for the GPU does not help ("documented only up
    // to ROCm 5.2"); empty when none is documented.
    std::string override_note;
};
struct NotPaired {
    std::string package;
    Version torch;
    std::optional<Version> paired; // none: not released for this torch
    std::string requirement;       // the user's requirement it fails, "" if it is just absent
    std::string note;
};
// No release of a package built against torch that the request names (xformers, flash-attn,
// torch-scatter, ...) fits the build (companion_fit): the misfits of the newest release the
// user's requirement admits; a retired package says so.
struct CompanionDoesNotFit {
    std::string package;
    Version torch;
    Backend backend;
    std::optional<Version> newest;  // none: the requirement admits no release the matrix knows
    std::vector<std::string> facts; // the newest's misfits, of the release alone (CompanionMisfit)
    std::string requirement;        // the user's requirement on the package, "" if none
    std::string retired_note;       // set when the package is retired
    // Whether some release fits once the user's requirement on the package is left out.
    bool fits_without_requirement = false;
};
struct WrongBackendKind {
    Backend backend;
    std::string why; // "the machine has no NVIDIA GPU", "a GPU is present: CPU builds need
                     // --allow-cpu-fallback"
};
struct MissingFact {
    Backend backend;
    std::string what; // "no driver minimum is known for CUDA 13.4"
};

using Rejection = std::variant<ExcludedByRequirement, BackendNotPublished, BuildNotVerified,
                               NoWheelFor, DriverTooOld, GpuArchNotBuilt, GfxNotBuilt, NotPaired,
                               CompanionDoesNotFit, WrongBackendKind, MissingFact>;

// How a CUDA build meets the driver: its toolkit's own minimum, or only the minor-version
// compatibility floor (works, with limits such as no PTX JIT for newer features).
enum class DriverFit : std::uint8_t { Direct, MinorVersion, NotNeeded };

std::string_view name(DriverFit fit) noexcept; // "direct", "minor-version", "not-needed"

// How a ROCm build meets the machine's AMD GPUs: each one's target is in its gfx list; some run
// as a target it carries only under HSA_OVERRIDE_GFX_VERSION (an assumption the answer states);
// or no gfx list is known for it. NotNeeded for other builds.
enum class GfxFit : std::uint8_t { Built, Override, Unverified, NotNeeded };

std::string_view name(GfxFit fit) noexcept; // "built", "hsa-override", "unverified", "not-needed"

struct Pin {
    std::string package;            // "torch"
    std::optional<Version> version; // exact, with the index's local label: 2.1.2+cu121
    std::string series;             // when only the paired series is known: "0.23"
    PinnedWheel wheel;              // the file pip would pick, when the matrix lists it
    // A package built against torch: where its file comes from (the torch family comes from the
    // answer's PyTorch index folder and has none).
    std::optional<PinSource> source;

    // The requirement to write: "==2.1.2+cu121", or "==0.23.*" for a series; pip then takes the
    // release of the series whose metadata requires the pinned torch.
    std::string specifier() const;
    // The requirement line: "torch==2.1.2+cu121", or "flash-attn @ URL" for a release asset.
    std::string requirement() const;
};

struct Candidate {
    Version torch;
    Backend backend;
    std::vector<Rejection> rejections; // empty: it works
    DriverFit driver_fit = DriverFit::NotNeeded;
    GfxFit gfx_fit = GfxFit::NotNeeded;
    // With GfxFit::Override: the override of each GPU the build does not carry, all of one value.
    std::vector<HsaOverrideFact> hsa_overrides;
    std::vector<Pin> pins;                    // filled when it works
    std::vector<AnswerWarning> warnings;      // known issues, weaker evidence, assumptions
    std::vector<KnownIssueFact> known_issues; // those that apply, in full (explain prints them)
    // MinorVersion only: the driver meets an earlier update of the same CUDA minor directly
    // (580.65.06 runs 13.0.0, the build is 13.0.2): a smaller stretch than another minor's build.
    bool driver_meets_the_minor = false;
    // No arch list (CUDA) or gfx list (ROCm) is known for the build: its GPU support is a guess.
    bool gpu_support_unverified = false;

    bool works() const noexcept { return rejections.empty(); }
};

struct Resolution {
    std::optional<Candidate> solution;
    std::vector<Candidate> candidates; // every (torch, backend) considered, best first

    std::string index_base = std::string(default_pytorch_index_base); // the request's
    std::string index_url() const; // the solution's variant folder of the index: BASE/<backend>
};

// How far to evaluate: every candidate (explain, which, hints), or release by release, newest
// first, only until a release has a working GPU-or-CPU-as-asked candidate (the answer, when
// nothing but the answer is needed: no older release can rank above it). UntilAnswer also
// passes over a release that the torch requirement excludes by its version alone without
// reading its files: its candidates carry that reason, their backend's and their driver's only.
enum class Evaluation : std::uint8_t { Complete, UntilAnswer };

// Every (torch release, backend) candidate for the machine, each with its verdict, best first:
// newer torch first; then Direct before MinorVersion; then the newer toolkit.
std::vector<Candidate> evaluate_candidates(const CompatMatrix& matrix, const TargetMachine& machine,
                                           const ResolveRequest& request,
                                           Evaluation evaluation = Evaluation::Complete);

// The best working candidate, or none with hints. Deterministic: same inputs, same answer and
// same explanation. With UntilAnswer, `candidates` holds only those evaluated when there is a
// solution; when there is none, every candidate evaluated completely, as for the hints.
Resolution resolve(const CompatMatrix& matrix, const TargetMachine& machine,
                   const ResolveRequest& request, Evaluation evaluation = Evaluation::Complete);

// The values markers are evaluated against on `machine` (python_version "3.11", sys_platform
// "win32", platform_machine "AMD64"), for requirements such as `torch>=2.1; python_version>="3.9"`.
MarkerEnvironment marker_environment(const TargetMachine& machine);

// "https://download.pytorch.org/whl/cu121"; `base` (with its trailing slash) for a mirror.
std::string pytorch_index_url(const Backend& backend,
                              std::string_view base = default_pytorch_index_base);

struct EnvironmentVariable {
    std::string name;  // "HSA_OVERRIDE_GFX_VERSION"
    std::string value; // "10.3.0"
};

// What must be set wherever torch runs for the candidate to work, as its answer assumes: the
// HSA_OVERRIDE_GFX_VERSION of its overrides; empty for most.
std::vector<EnvironmentVariable> required_environment(const Candidate& candidate);

} // namespace torchpin
