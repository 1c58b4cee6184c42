// The catalog of check rules: ids, usual severities and one-sentence summaries.
#include "engine/check/check_finding.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace torchpin {

namespace {

constexpr std::array rules{
    CheckRule{"unreadable-file", Severity::Error, false,
              "the file could not be read (missing, binary, not UTF-8, too large) or parsed, so "
              "no other rule judged it"},
    CheckRule{"unpaired-companion", Severity::Error, false,
              "torchvision or torchaudio is not the release paired with the pinned torch"},
    CheckRule{"mixed-backends", Severity::Error, false,
              "torch, torchvision and torchaudio pins name different builds (local labels or "
              "variant indexes such as cu121 and cu124)"},
    CheckRule{"label-without-index", Severity::Error, false,
              "a pin with a local label such as +cu121 has no index that serves it"},
    CheckRule{"index-backend-mismatch", Severity::Error, false,
              "the PyTorch index a pin comes from serves another build than the pin's label"},
    CheckRule{"unpublished-build", Severity::Error, false,
              "this torch version was never published for this backend"},
    CheckRule{"torch-unpinned", Severity::Error, false,
              "a lockfile or pip freeze output leaves torch, torchvision or torchaudio without "
              "an exact version"},
    CheckRule{"conda-export", Severity::Error, false,
              "the file is `conda list --export` output (name=version=build), which pip cannot "
              "install"},
    CheckRule{"hash-mismatch", Severity::Error, false,
              "a file's sha256 differs from the digest the matrix records for that file"},
    CheckRule{"yanked-file", Severity::Warning, false, "the file was yanked from its index"},
    CheckRule{"newer-than-matrix", Severity::Warning, false,
              "the version is newer than the matrix knows: update the matrix to check it"},
    CheckRule{"no-wheel-for-target", Severity::Error, true,
              "no wheel of the pinned build suits a target machine's Python, OS or CPU"},
    CheckRule{"driver-too-old", Severity::Error, true,
              "a target machine's NVIDIA driver is too old for the pinned CUDA build"},
    CheckRule{"gpu-not-supported", Severity::Error, true,
              "the pinned build carries no code for a target machine's GPU, or is for another "
              "kind of GPU"},
    CheckRule{"hsa-override-needed", Severity::Warning, true,
              "the pinned ROCm build runs on a target's AMD GPU only with the "
              "HSA_OVERRIDE_GFX_VERSION a source documents for it"},
    CheckRule{"cpu-build-on-gpu-target", Severity::Warning, true,
              "a CPU build is pinned for a target machine that has a GPU"},
    CheckRule{"known-issue", Severity::Error, true,
              "the pinned torch has a known install or load failure on a target's OS"},
};

} // namespace

std::string_view name(Severity severity) noexcept {
    return severity == Severity::Error ? "error" : "warning";
}

std::span<const CheckRule> check_rules() noexcept {
    return rules;
}

const CheckRule* find_check_rule(std::string_view id) noexcept {
    const auto* it = std::ranges::find(rules, id, &CheckRule::id);
    return it == rules.end() ? nullptr : &*it;
}

CheckFinding make_finding(std::string_view rule, const SourceLocation& where, std::string message,
                          std::string fix) {
    const CheckRule* known = find_check_rule(rule);
    if (known == nullptr) {
        throw std::logic_error("check: no rule \"" + std::string(rule) + "\" in the catalog");
    }
    return CheckFinding{std::string(rule),  known->severity, where,
                        std::move(message), std::move(fix),  {}};
}

} // namespace torchpin
