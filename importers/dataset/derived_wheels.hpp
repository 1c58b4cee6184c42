// Wheel files the build matrix implies where no index page survives ("derived" rows), named only
// by rules that were read from observed file names of the same release and variant.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/hardware/backend.hpp"
#include "engine/matrix/index_file.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/version.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace torchpin {

// How PyTorch named the torch wheels of some releases on one (backend, os, arch), as observed:
//
//     [[rule]]
//     torch = ">=2.9.0,<=2.10.0"        # the releases it covers (a PEP 440 specifier set)
//     backend = "cu128"                 # exactly this variant: cu126 may be tagged differently
//     os = "windows"                    # linux, windows, macos
//     arch = "x86_64"                   # x86_64 (amd64), aarch64 (arm64)
//     python = "<3.14"                  # optional: the Pythons it names (default: all)
//     local_label = true                # torch-2.9.0+cu128-…; false: torch-2.9.0-…
//     abi = "cp"                        # "cp": the interpreter's own tag (cp311-cp311); "none"
//     platform = "win_amd64"
//     evidence = ["torch-2.9.0+cu128-cp311-cp311-win_amd64.whl",
//                 "torch-2.10.0+cu128-cp310-cp310-win_amd64.whl"]   # observed names it is read
//                 from
//     cites = ["observed-wheels"]
//
// A rule names a file for a CPython whose ABI tag is its interpreter tag (3.8 and later), and
// for a free-threaded one (cp314-cp314t) only within the releases of its free-threaded
// evidence: no source shows how PyTorch tagged cp37m files, nor free-threaded ones elsewhere. It
// names files only for releases from its oldest to its newest evidence (derive_wheel_files
// refuses a rule whose `torch` reaches beyond them).
struct WheelNamingRule {
    SpecifierSet torch;
    Backend backend = Backend::from("cpu");
    OperatingSystem os = OperatingSystem::Linux;
    CpuArch arch = CpuArch::X86_64;
    SpecifierSet pythons; // the "python" key; empty: every Python
    bool local_label = true;
    bool abi_none = false;
    std::string platform;
    std::vector<std::string> evidence;
    std::string cites;   // space-separated citation ids
    Diagnostic position; // where the rule is written (message empty), for errors about it
    Version oldest_evidence = Version::from("0");
    Version newest_evidence = Version::from("0");
    // The releases of the free-threaded evidence; none: the rule names no free-threaded file.
    std::optional<std::pair<Version, Version>> free_threaded_evidence;

    // The file name for torch `version` (a plain release: "2.7.1") and `python`, or nullopt
    // when the python's ABI tag carries a flag (cp37m) the rule cannot know, or is free-threaded
    // for an "abi = none" rule. file_name(2.7.1, cp3.11) of the rule above is
    // "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl"; for cp3.14t "…-cp314-cp314t-win_amd64.whl".
    std::optional<std::string> file_name(const Version& version, const PythonTarget& python) const;
    bool covers(const Version& torch, const Backend& backend, OperatingSystem os,
                CpuArch arch) const;
    // Whether `target` is among the rule's `pythons`; says nothing about its ABI.
    bool covers_python(const PythonTarget& target) const;
    // Whether the rule names a file for `target` in release `version` as far as free-threading
    // goes: a Python with the GIL always, a free-threaded one within free_threaded_evidence.
    bool names_free_threaded(const Version& version, const PythonTarget& target) const;
};

// Reads rules from a TOML file of [[rule]] entries as above. Each cited id must be in
// `known_citations`. Throws InputError at the entry for a missing or unknown key, a bad
// specifier, backend, os, arch or abi, a platform that makes no valid wheel name, and for
// evidence the rule does not reproduce exactly (evidence of another variant, platform or form).
std::vector<WheelNamingRule> read_wheel_naming_rules(const std::filesystem::path& path,
                                                     const std::set<std::string>& known_citations);

// Throws InputError at the rule when one of its evidence names is not among `observed`: a rule
// is only as good as the files it was read from, and those must be in the matrix.
void check_rule_evidence(const std::vector<WheelNamingRule>& rules,
                         const std::vector<IndexFile>& observed);

// The published (release, backend, os, arch) combinations: rows of the release_backend table.
struct ReleaseBuild {
    Version torch;
    Backend backend;
    OperatingSystem os;
    CpuArch arch;
};

// The Pythons a release was built for: the python column of the torch_release table.
struct ReleasePythons {
    Version torch;
    std::vector<PythonTarget> pythons; // cp3.9 … cp3.13t
};

// Why a file the build matrix implies was not derived.
enum class GapReason : std::uint8_t {
    NoRule,       // no rule names files of this release, backend, os and arch (and python)
    NoPythonList, // the release has no usable python list
    FlaggedAbi,   // the python's ABI tag has a flag (cp37m, or cp313t beyond the rule's evidence)
};
std::string_view name(GapReason reason) noexcept; // "no-rule", "no-python-list", "flagged-abi"

struct DerivationGap {
    ReleaseBuild build;
    std::optional<PythonTarget> python; // set for FlaggedAbi, and for NoRule when rules cover
                                        // the build for other Pythons only
    GapReason reason;
};

struct DerivedWheels {
    std::vector<IndexFile> files; // provenance Derived, no hash, sorted by URL
    std::vector<DerivationGap> gaps;
    std::size_t already_observed = 0; // named by a rule, but an observed listing has the file
};

// For each build and each Python of its release, the rule that covers both names one file; a
// file that an observed listing already has (same wheel name, wherever listed) is left out. Each
// file is listed on https://download.pytorch.org/whl/<variant>/torch/ at
// https://download.pytorch.org/whl/<variant>/<name with '+' as %2B> (PyTorch's layout), with
// no hash, no requires-python, no upload time, and "named by the rule on line N" as seen_in.
// `observed` must be the PyTorch index's own files (on_pytorch_index). Throws InputError at a
// rule when two rules cover one build and Python, when it would name files of a release outside
// its evidence's, and when an observed file contradicts it: the observed file of that release,
// backend, OS, CPU and Python has another name (another platform tag or ABI form).
DerivedWheels derive_wheel_files(const std::vector<ReleasePythons>& releases,
                                 const std::vector<ReleaseBuild>& builds,
                                 const std::vector<WheelNamingRule>& rules,
                                 const std::vector<IndexFile>& observed);

// The builds the observed torch files of the PyTorch index show (build_shown_by), each once:
// published even where release_backend has no row for them.
std::vector<ReleaseBuild> builds_shown_by(const std::vector<IndexFile>& observed);

// The derivation's inputs from the dataset's torch_release and release_backend listings. Rows
// whose values cannot be read (a torch column that is not one version, an os or backend torchpin
// does not know, a python entry that is not "3.X" or "3.Xt") are skipped, each with a line in
// `problems`.
std::vector<ReleasePythons> release_pythons_from(const std::vector<ListingImport>& listings,
                                                 std::vector<std::string>& problems);
std::vector<ReleaseBuild> release_builds_from(const std::vector<ListingImport>& listings,
                                              std::vector<std::string>& problems);

// The derived files as wheel_file listings, one per index page, all from `source`.
std::vector<ListingImport> derived_listings(const DerivedWheels& derived, const SourceInfo& source);

// The step the dataset load runs for a "derived-wheels" manifest entry, after every other file:
// reads the rules at `rules_path`, checks their evidence against the wheel_file listings of
// `loaded`, derives from its torch_release and release_backend listings and the builds its
// observed files show (builds_shown_by; only files on_pytorch_index, a wheel list's files being
// those of a source of kind "wheel-list") and returns the derived listings. The source's digest
// covers the rules file and every input listing, so it changes whenever the output can. Input rows
// the derivation cannot read are reported in `warnings`.
std::vector<ListingImport> derive_dataset_wheels(const std::filesystem::path& rules_path,
                                                 SourceInfo source,
                                                 const std::set<std::string>& known_citations,
                                                 const std::vector<ListingImport>& loaded,
                                                 std::vector<std::string>& warnings);

} // namespace torchpin
