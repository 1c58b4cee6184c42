// The one catalog of the ids that `torchpin check` and `torchpin doctor` report, each with its
// severity, summary and docs anchor; ids are spelt in code as RuleId or DoctorFindingId, whose
// consteval constructors make an id the catalog lacks a compile error.
#pragma once

#include "engine/base/diagnostic.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace torchpin {

// Who reports an id: check's rules, doctor's own findings, or both (doctor runs check's rules
// over the installed versions and reports those that speak about installed builds).
enum class Reporter : std::uint8_t { Check, Doctor, Both };

// One defect class.
struct FindingKind {
    std::string_view id; // kebab-case and stable: "unpaired-companion"
    Severity severity;   // the usual one; check's known-issue takes the issue's own
    Reporter reported_by;
    bool needs_target;        // check: it runs only when target machines are given
    std::string_view summary; // one sentence, for SARIF's rule help
    std::string_view docs;    // the page and anchor that explain it: "docs/checks.md#yanked-file"
};

// check's rules first, in the order of docs/checks.md's table (SARIF's rule list and ruleIndex),
// then doctor's own findings in the order of docs/doctor.md's. tests/engine/check/
// finding_catalog_test.cpp compares this with both pages.
inline constexpr std::array finding_catalog{
    FindingKind{"unreadable-file", Severity::Error, Reporter::Check, false,
                "the file could not be read (missing, binary, not UTF-8, too large) or parsed, so "
                "no other rule judged it",
                "docs/checks.md#unreadable-file"},
    FindingKind{"unpaired-companion", Severity::Error, Reporter::Both, false,
                "torchvision or torchaudio is not the release paired with the pinned torch",
                "docs/checks.md#unpaired-companion"},
    FindingKind{"mixed-backends", Severity::Error, Reporter::Both, false,
                "torch, torchvision and torchaudio pins name different builds (local labels or "
                "variant indexes such as cu121 and cu124)",
                "docs/checks.md#mixed-backends"},
    FindingKind{"label-without-index", Severity::Error, Reporter::Check, false,
                "a pin with a local label such as +cu121 has no index that serves it",
                "docs/checks.md#label-without-index"},
    FindingKind{"index-backend-mismatch", Severity::Error, Reporter::Check, false,
                "the PyTorch index a pin comes from serves another build than the pin's label",
                "docs/checks.md#index-backend-mismatch"},
    FindingKind{"unpublished-build", Severity::Error, Reporter::Both, false,
                "this torch version was never published for this backend",
                "docs/checks.md#unpublished-build"},
    FindingKind{"torch-unpinned", Severity::Error, Reporter::Check, false,
                "a lockfile or pip freeze output leaves torch, torchvision or torchaudio without "
                "an exact version",
                "docs/checks.md#torch-unpinned"},
    FindingKind{"conda-export", Severity::Error, Reporter::Check, false,
                "the file is `conda list --export` output (name=version=build), which pip cannot "
                "install",
                "docs/checks.md#conda-export"},
    FindingKind{"hash-mismatch", Severity::Error, Reporter::Check, false,
                "a file's sha256 differs from the digest the matrix records for that file",
                "docs/checks.md#hash-mismatch"},
    FindingKind{"yanked-file", Severity::Warning, Reporter::Check, false,
                "the file was yanked from its index", "docs/checks.md#yanked-file"},
    FindingKind{"newer-than-matrix", Severity::Warning, Reporter::Check, false,
                "the version is newer than the matrix knows: update the matrix to check it",
                "docs/checks.md#newer-than-matrix"},
    FindingKind{"no-wheel-for-target", Severity::Error, Reporter::Check, true,
                "no wheel of the pinned build suits a target machine's Python, OS or CPU",
                "docs/checks.md#no-wheel-for-target"},
    FindingKind{"driver-too-old", Severity::Error, Reporter::Both, true,
                "a target machine's NVIDIA driver is too old for the pinned CUDA build",
                "docs/checks.md#driver-too-old"},
    FindingKind{"gpu-not-supported", Severity::Error, Reporter::Both, true,
                "the pinned build carries no code for a target machine's GPU, or is for another "
                "kind of GPU",
                "docs/checks.md#gpu-not-supported"},
    FindingKind{"hsa-override-needed", Severity::Warning, Reporter::Both, true,
                "the pinned ROCm build runs on a target's AMD GPU only with the "
                "HSA_OVERRIDE_GFX_VERSION a source documents for it",
                "docs/checks.md#hsa-override-needed"},
    FindingKind{"cpu-build-on-gpu-target", Severity::Warning, Reporter::Both, true,
                "a CPU build is pinned for a target machine that has a GPU",
                "docs/checks.md#cpu-build-on-gpu-target"},
    FindingKind{"known-issue", Severity::Error, Reporter::Check, true,
                "the pinned torch has a known install or load failure on a target's OS",
                "docs/checks.md#known-issue"},
    FindingKind{"companion-built-for-other-torch", Severity::Error, Reporter::Check, false,
                "a package built against torch (xformers, flash-attn, PyG, torchao, ...) is a "
                "release or file built for another torch than the one pinned",
                "docs/checks.md#companion-built-for-other-torch"},
    FindingKind{"companion-variant-differs", Severity::Error, Reporter::Check, false,
                "a package built against torch is built for another CUDA, ROCm or CPU variant "
                "than the pinned torch",
                "docs/checks.md#companion-variant-differs"},
    FindingKind{"companion-no-wheel-for-target", Severity::Error, Reporter::Check, false,
                "the pinned release of a package built against torch has no wheel for a "
                "platform or Python the file is for (its markers, or a target machine)",
                "docs/checks.md#companion-no-wheel-for-target"},
    FindingKind{"companion-metadata-wrong", Severity::Error, Reporter::Check, false,
                "the wheel metadata of a package built against torch admits the pinned torch, "
                "but a curated source shows its binaries fail with it",
                "docs/checks.md#companion-metadata-wrong"},
    FindingKind{"companion-retired", Severity::Error, Reporter::Check, false,
                "a retired package built against torch is pinned beside a torch newer than its "
                "last release accepts",
                "docs/checks.md#companion-retired"},
    FindingKind{"torch-not-installed", Severity::Error, Reporter::Doctor, false,
                "no torch distribution in the site-packages folders",
                "docs/doctor.md#torch-not-installed"},
    FindingKind{"several-installs", Severity::Error, Reporter::Doctor, false,
                "two dist-infos of one package: an uninstall or upgrade did not finish",
                "docs/doctor.md#several-installs"},
    FindingKind{"uninstall-leftover", Severity::Warning, Reporter::Doctor, false,
                "what pip renames a package to while uninstalling it (~orch), left by an "
                "interrupted uninstall",
                "docs/doctor.md#uninstall-leftover"},
    FindingKind{"unreadable-metadata", Severity::Warning, Reporter::Doctor, false,
                "a dist-info whose METADATA, RECORD or direct_url.json does not parse",
                "docs/doctor.md#unreadable-metadata"},
    FindingKind{"driver-minor-version", Severity::Warning, Reporter::Doctor, false,
                "the installed CUDA build runs on this driver only through CUDA minor version "
                "compatibility",
                "docs/doctor.md#driver-minor-version"},
    FindingKind{"installed-companion-other-torch", Severity::Error, Reporter::Doctor, false,
                "a package built against torch (xformers, flash-attn, a PyG extension) was built "
                "for another torch than the installed one",
                "docs/doctor.md#installed-companion-other-torch"},
    FindingKind{"installed-companion-other-variant", Severity::Error, Reporter::Doctor, false,
                "a package built against torch is built for another kind of build or CUDA major "
                "than the installed torch",
                "docs/doctor.md#installed-companion-other-variant"},
    FindingKind{"companion-unknown-release", Severity::Warning, Reporter::Doctor, false,
                "a release of a package built against torch that the matrix does not know, so "
                "whether it fits the installed torch is unknown",
                "docs/doctor.md#companion-unknown-release"},
    FindingKind{"companion-missing-torch-symbol", Severity::Error, Reporter::Doctor, false,
                "an extension module of a package built against torch imports a torch symbol "
                "that the installed torch's libraries do not export",
                "docs/doctor.md#companion-missing-torch-symbol"},
    FindingKind{"missing-library", Severity::Error, Reporter::Doctor, false,
                "a library the loader finds in none of the folders it searches",
                "docs/doctor.md#missing-library"},
    FindingKind{"missing-delay-loaded-library", Severity::Warning, Reporter::Doctor, false,
                "a delay-loaded DLL is missing: the import works, the first call fails",
                "docs/doctor.md#missing-delay-loaded-library"},
    FindingKind{"missing-symbol-version", Severity::Error, Reporter::Doctor, false,
                "the copy of a library the loader takes lacks a symbol version another needs",
                "docs/doctor.md#missing-symbol-version"},
    FindingKind{"library-only-on-path", Severity::Warning, Reporter::Doctor, false,
                "a DLL only PATH provides: torch's first load fails and its fallback finds it",
                "docs/doctor.md#library-only-on-path"},
    FindingKind{"unreadable-library", Severity::Warning, Reporter::Doctor, false,
                "a .dll, .pyd or .so that is no readable PE or ELF file",
                "docs/doctor.md#unreadable-library"},
    FindingKind{"vc-runtime-too-old", Severity::Error, Reporter::Doctor, false,
                "the msvcp140.dll torch's DLLs get is older than a known issue allows for the "
                "installed torch",
                "docs/doctor.md#vc-runtime-too-old"},
    FindingKind{"older-runtime-copy", Severity::Warning, Reporter::Doctor, false,
                "another package bundles an older Visual C++ runtime DLL, which wins when "
                "imported before torch",
                "docs/doctor.md#older-runtime-copy"},
    FindingKind{"smoke-step-failed", Severity::Error, Reporter::Doctor, false,
                "a step of the smoke test raised", "docs/doctor.md#smoke-step-failed"},
    FindingKind{"smoke-did-not-finish", Severity::Error, Reporter::Doctor, false,
                "the smoke test timed out or crashed", "docs/doctor.md#smoke-did-not-finish"},
};

namespace catalog_detail {

constexpr bool reports(Reporter entry, Reporter who) {
    return entry == who || entry == Reporter::Both;
}

// Declared and never defined: constructing an id the catalog lacks reaches this call, which is
// not a constant expression, so the compiler stops there and names this function
// (tests/catalog/probes.cmake checks that it does).
void finding_id_not_in_catalog();

consteval std::size_t index_of(std::string_view id, Reporter who) {
    for (std::size_t i = 0; i < finding_catalog.size(); ++i) {
        if (finding_catalog[i].id == id && reports(finding_catalog[i].reported_by, who)) {
            return i;
        }
    }
    finding_id_not_in_catalog();
    return finding_catalog.size();
}

// How many entries check reports; they come first, so a RuleId's catalog index is its index
// among check's rules (SARIF's ruleIndex).
constexpr std::size_t check_rule_count() {
    std::size_t count = 0;
    for (const FindingKind& kind : finding_catalog) {
        count += reports(kind.reported_by, Reporter::Check) ? 1 : 0;
    }
    return count;
}

constexpr bool check_rules_come_first() {
    for (std::size_t i = 0; i < check_rule_count(); ++i) {
        if (!reports(finding_catalog[i].reported_by, Reporter::Check)) {
            return false;
        }
    }
    return true;
}
static_assert(check_rules_come_first(), "finding_catalog lists check's rules first");

} // namespace catalog_detail

// An id of the catalog that `Who` reports. `RuleId{"unpaired-companion"}` compiles;
// `RuleId{"no-such-rule"}` and `RuleId{"missing-library"}` (doctor's, not check's) do not.
template <Reporter Who>
class CatalogId {
public:
    // Implicit, so that a literal reads as an id where one is expected: make_finding("yanked-file",
    // …), DoctorFinding{"missing-library"}.
    consteval CatalogId(const char* id)
        : index_(catalog_detail::index_of(id, Who)) {}

    constexpr const FindingKind& kind() const noexcept { return finding_catalog[index_]; }
    constexpr std::string_view name() const noexcept { return kind().id; }
    constexpr std::size_t index() const noexcept { return index_; } // in finding_catalog

    // The same id as `Other` reports it, if it does: check's mixed-backends is also a doctor
    // finding, its label-without-index is not.
    template <Reporter Other>
    std::optional<CatalogId<Other>> as() const noexcept {
        if (!catalog_detail::reports(kind().reported_by, Other)) {
            return std::nullopt;
        }
        return CatalogId<Other>(index_);
    }

    friend bool operator==(CatalogId, CatalogId) = default;

private:
    template <Reporter>
    friend class CatalogId;
    constexpr explicit CatalogId(std::size_t index) noexcept
        : index_(index) {}

    std::size_t index_;
};

using RuleId = CatalogId<Reporter::Check>;           // check's rules
using DoctorFindingId = CatalogId<Reporter::Doctor>; // doctor's findings, its own and check's

// check's rules, in the order docs/checks.md lists them; a RuleId's index() is its place here.
constexpr std::span<const FindingKind> check_rules() noexcept {
    return std::span(finding_catalog).first<catalog_detail::check_rule_count()>();
}

} // namespace torchpin
