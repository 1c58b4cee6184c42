// The warnings an answer carries (resolve, explain, which, doctor): each a stable code and the
// facts it names, with its sentence written here from those facts, the one place their text lives.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/version.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchpin {

enum class WarningCode : std::uint8_t {
    MachineAssumption,     // a fact of the machine is unknown and assumed
    GpuCapabilityUnknown,  // a GPU whose compute capability is unknown is not checked
    DataStale,             // the matrix data is older than stale_after_days
    ReleaseFromIndex,      // the release is known only from the index
    ArchListAssumed,       // its arch list is taken from an earlier release's
    PairedByMetadata,      // a companion is paired by its wheel metadata
    FilesUnknown,          // no file of the pinned version is listed for this Python
    CompanionSeries,       // only the companion's series is known: "==0.23.*"
    CompanionNotReleased,  // no companion is released for the torch (not pinned)
    CompanionAssumed,      // a package built against torch: a fact of its file is assumed
    CompanionFromLabels,   // a release known only from its listed files' labels
    DriverMinorVersion,    // the driver runs the toolkit by minor version compatibility
    DriverFloorOnly,       // no per-toolkit driver minimum on this OS: the major's floor
    ArchListUnknown,       // no arch list: the GPU's support is not verified
    GpuRunsPtx,            // the GPU runs the build through PTX
    GfxListUnknown,        // no gfx target list: the AMD GPU's support is not verified
    HsaOverride,           // the answer assumes HSA_OVERRIDE_GFX_VERSION
    KnownIssue,            // a known issue of the build
    ReleasesUnknownHere,   // newer releases have no builds recorded for this OS and CPU
    NewerWithoutCompanion, // newer releases run but for a requested companion
    NewerNotVerified,      // newer releases run but are only projected
};

// "machine-assumption", "driver-minor-version", ...: the code as JSON and docs name it.
std::string_view name(WarningCode code) noexcept;
// Every code, in declaration order (for docs and tests).
const std::vector<WarningCode>& every_warning_code();

struct AnswerWarning {
    WarningCode code;
    std::vector<std::pair<std::string, std::string>> facts; // in the order the sentence names them
    std::string message;

    friend bool operator==(const AnswerWarning&, const AnswerWarning&) = default;
};

namespace warnings {

AnswerWarning machine_assumption(std::string_view fact, std::string_view assumed,
                                 std::string_view how_to_tell);
AnswerWarning gpu_capability_unknown(std::string_view gpu);
AnswerWarning data_stale(long long age_days, std::string_view data_as_of);
AnswerWarning release_from_index(const Version& torch);
AnswerWarning arch_list_assumed(const Version& torch, const Backend& backend,
                                const Version& taken_from, std::string_view arch_list);
AnswerWarning paired_by_metadata(std::string_view package, const Version& version,
                                 const Version& torch, std::string_view wheel_url,
                                 std::string_view torch_specifier);
// `any_listed`: some files of the version are listed (for other Pythons); `python_listed`: the
// release's Python list names this Python (else it is unknown).
AnswerWarning files_unknown(std::string_view package, const Version& pinned,
                            std::string_view python, bool any_listed, bool python_listed);
AnswerWarning companion_series(std::string_view package, const Version& torch,
                               std::string_view series);
AnswerWarning companion_not_released(std::string_view package, const Version& torch);
// A package built against torch pinned on an assumption no source states: `what` says which
// ("which torch variants torch-scatter 2.1.2 is built for is not recorded; cu130 is assumed").
AnswerWarning companion_assumed(std::string_view package, const Version& version,
                                std::string_view what);
// A release of a package built against torch that no curated row names, known from the labels
// of its files on `listing` (a find-links page `torchpin import` read, release assets).
AnswerWarning companion_from_labels(std::string_view package, const Version& version,
                                    std::string_view listing);
// `branch`: `minimum` is the CUDA minor's driver branch (R615), NVIDIA giving no minimum of the
// toolkit's own on this system.
AnswerWarning driver_minor_version(const DriverVersion& driver, const CudaVersion& cuda,
                                   const DriverVersion& minimum, bool branch);
AnswerWarning driver_floor_only(OperatingSystem os, const CudaVersion& cuda,
                                const DriverVersion& driver, const DriverVersion& floor);
AnswerWarning arch_list_unknown(const Version& torch, const Backend& backend, std::string_view gpu);
AnswerWarning gpu_runs_ptx(std::string_view gpu);
AnswerWarning gfx_list_unknown(const Backend& backend, std::string_view gfx);
AnswerWarning hsa_override(const HsaOverrideFact& fact, const Backend& backend);
AnswerWarning known_issue(const KnownIssueFact& issue);
// `first` to `last` (the same for one release).
AnswerWarning releases_unknown_here(std::string_view first, std::string_view last,
                                    OperatingSystem os, CpuArch arch);
AnswerWarning newer_without_companion(const std::vector<Version>& releases,
                                      const std::vector<std::string>& packages);
AnswerWarning newer_not_verified(const std::vector<Version>& releases);

} // namespace warnings

// The messages of `list`, in order (for text output and the places that keep sentences).
std::vector<std::string> messages(const std::vector<AnswerWarning>& list);

} // namespace torchpin
