// Whether one release of a package built against torch (xformers, flash-attn, PyG, torchao, ...)
// fits one torch build on one platform: the single rule resolve, check and doctor apply.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/tag_environment.hpp"

#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// The torch build a companion must fit, and where it runs (unknown parts are not judged).
struct CompanionTarget {
    Version torch; // the release, without its local label
    std::optional<Backend> backend;
    std::optional<OperatingSystem> os;
    std::optional<CpuArch> arch;
    std::optional<PythonTarget> python;
};

enum class CompanionMisfitKind : std::uint8_t { Torch, Backend, Platform, Python };

std::string_view name(CompanionMisfitKind kind) noexcept; // "torch", "backend", ...

struct CompanionMisfit {
    CompanionMisfitKind kind;
    // "flash-attn 2.8.3 has files for torch 2.4 to 2.8 only (each for its torch minor), not for
    // torch 2.9.0": the release, what it has, and what the target lacks.
    std::string why;
    // The same of the release alone, for a reason shared by several targets: "has files for torch
    // 2.4 to 2.8 only (each for its torch minor)".
    std::string fact;
};

struct CompanionFit {
    std::vector<CompanionMisfit> misfits; // empty: it fits
    // What no source states for this target, so the fit is assumed: "whether pyg-lib 0.8.0 has
    // a cu130 build is not recorded".
    std::vector<std::string> unverified;

    bool fits() const noexcept { return misfits.empty(); }
    bool misfits_by(CompanionMisfitKind kind) const noexcept;
};

// The torch an installer lets a release pair with and its binaries accept at run time: the
// curated range and what the wheel metadata declares, both (an over-wide metadata range, as
// torchtext 0.18.0's `>=2.3.0`, is narrowed by the curated one; an over-narrow pin, as xformers
// 0.0.34's `==2.10.0`, still binds pip and uv). Empty: no version bound is known.
SpecifierSet accepted_torch(const CompanionPackageFact& release);

// The torch minors the release has files for where its files are per minor ("2.4" ... "2.8"),
// in the data's order; empty for the other pairing modes.
std::vector<Version> torch_minors_built(const CompanionPackageFact& release);

// Whether the release's builds have no CUDA, ROCm or XPU code (backends "cpu" or "any" only:
// torchtext's CPU ops, torchdata's pure Python), so one build runs beside every torch variant.
bool runs_beside_any_variant(const CompanionPackageFact& release);

// Whether `release` fits `target`, each misfit with its reason in words that name the release.
CompanionFit companion_fit(const CompanionPackageFact& release, const CompanionTarget& target);

// The platform word of the data for an OS and CPU: "linux_x86_64", "win_amd64", "macos_arm64".
std::string platform_word(OperatingSystem os, CpuArch arch);

// The CPython versions a release's `python` column states, as a range; nullopt when the column
// states none this rule reads ("per torch wheel", "cp3x-abi3").
struct PythonRange {
    std::uint32_t first_minor = 0;           // 3.first_minor is the oldest
    std::optional<std::uint32_t> last_minor; // none: every newer CPython 3 (abi3, py3-none)
};
std::optional<PythonRange> python_range(std::string_view python_column);

} // namespace torchpin
