// The warnings' codes and sentences: every maker writes its facts and its sentence from them.
#include "engine/solver/answer_warning.hpp"

#include "engine/solver/stated_codes.hpp"

namespace torchpin {

namespace {

constexpr std::array code_names{
    std::pair{WarningCode::MachineAssumption, "machine-assumption"},
    std::pair{WarningCode::GpuCapabilityUnknown, "gpu-capability-unknown"},
    std::pair{WarningCode::DataStale, "data-stale"},
    std::pair{WarningCode::ReleaseFromIndex, "release-from-index"},
    std::pair{WarningCode::ArchListAssumed, "arch-list-assumed"},
    std::pair{WarningCode::PairedByMetadata, "paired-by-metadata"},
    std::pair{WarningCode::FilesUnknown, "files-unknown"},
    std::pair{WarningCode::CompanionSeries, "companion-series"},
    std::pair{WarningCode::CompanionNotReleased, "companion-not-released"},
    std::pair{WarningCode::CompanionAssumed, "companion-assumed"},
    std::pair{WarningCode::CompanionFromLabels, "companion-from-labels"},
    std::pair{WarningCode::DriverMinorVersion, "driver-minor-version"},
    std::pair{WarningCode::DriverFloorOnly, "driver-floor-only"},
    std::pair{WarningCode::ArchListUnknown, "arch-list-unknown"},
    std::pair{WarningCode::GpuRunsPtx, "gpu-runs-ptx"},
    std::pair{WarningCode::GfxListUnknown, "gfx-list-unknown"},
    std::pair{WarningCode::HsaOverride, "hsa-override"},
    std::pair{WarningCode::KnownIssue, "known-issue"},
    std::pair{WarningCode::ReleasesUnknownHere, "releases-unknown-here"},
    std::pair{WarningCode::NewerWithoutCompanion, "newer-without-companion"},
    std::pair{WarningCode::NewerNotVerified, "newer-not-verified"},
};

using Facts = std::vector<std::pair<std::string, std::string>>;

AnswerWarning make(WarningCode code, Facts facts, std::string message) {
    return AnswerWarning{code, std::move(facts), std::move(message)};
}

// "2.12.0", "2.12.0 to 2.14.1"
std::string span(const std::vector<Version>& releases) {
    return releases.size() == 1
               ? releases.front().to_string()
               : releases.front().to_string() + " to " + releases.back().to_string();
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (const std::string& item : items) {
        out += (out.empty() ? "" : std::string(separator)) + item;
    }
    return out;
}

std::string version_list(const std::vector<Version>& releases) {
    std::vector<std::string> texts;
    for (const Version& v : releases) {
        texts.push_back(v.to_string());
    }
    return joined(texts, ", ");
}

} // namespace

std::string_view name(WarningCode code) noexcept {
    return code_name(code_names, code);
}

const std::vector<WarningCode>& every_warning_code() {
    static const std::vector<WarningCode> all = codes_of(code_names);
    return all;
}

std::vector<std::string> messages(const std::vector<AnswerWarning>& list) {
    std::vector<std::string> out;
    for (const AnswerWarning& w : list) {
        out.push_back(w.message);
    }
    return out;
}

namespace warnings {

AnswerWarning machine_assumption(std::string_view fact, std::string_view assumed,
                                 std::string_view how_to_tell) {
    return make(WarningCode::MachineAssumption,
                {{"fact", std::string(fact)}, {"assumed", std::string(assumed)}},
                "the " + std::string(fact) + " is unknown: assuming " + std::string(assumed) +
                    (how_to_tell.empty() ? "" : " (" + std::string(how_to_tell) + ")"));
}

AnswerWarning gpu_capability_unknown(std::string_view gpu) {
    return make(WarningCode::GpuCapabilityUnknown, {{"gpu", std::string(gpu)}},
                "the compute capability of " + (gpu.empty() ? "an NVIDIA GPU" : std::string(gpu)) +
                    " is unknown, so no build is checked against it (pass --gpu)");
}

AnswerWarning data_stale(long long age_days, std::string_view data_as_of) {
    return make(WarningCode::DataStale,
                {{"age_days", std::to_string(age_days)}, {"data_as_of", std::string(data_as_of)}},
                "the matrix data is " + std::to_string(age_days) + " days old (as of " +
                    std::string(data_as_of) +
                    "): newer releases are missing; run 'torchpin update'");
}

AnswerWarning release_from_index(const Version& torch) {
    return make(WarningCode::ReleaseFromIndex, {{"torch", torch.to_string()}},
                "torch " + torch.to_string() +
                    " is not in the curated data: its builds, files and labels are the imported "
                    "index's");
}

AnswerWarning arch_list_assumed(const Version& torch, const Backend& backend,
                                const Version& taken_from, std::string_view arch_list) {
    return make(WarningCode::ArchListAssumed,
                {{"torch", torch.to_string()},
                 {"backend", backend.to_string()},
                 {"taken_from", taken_from.to_string()},
                 {"arch_list", std::string(arch_list)}},
                "torch " + torch.to_string() + " is not in the curated data: its " +
                    backend.to_string() + " arch list is assumed to be torch " +
                    taken_from.to_string() + "'s (" + std::string(arch_list) + ")");
}

AnswerWarning paired_by_metadata(std::string_view package, const Version& version,
                                 const Version& torch, std::string_view wheel_url,
                                 std::string_view torch_specifier) {
    const std::string metadata_url = std::string(wheel_url) + ".metadata";
    return make(WarningCode::PairedByMetadata,
                {{"package", std::string(package)},
                 {"version", version.to_string()},
                 {"torch", torch.to_string()},
                 {"metadata_url", metadata_url},
                 {"requires_torch", std::string(torch_specifier)}},
                std::string(package) + " " + version.to_string() + " pairs with torch " +
                    torch.to_string() + " by its metadata (" + metadata_url + ": torch" +
                    std::string(torch_specifier) + ")");
}

AnswerWarning files_unknown(std::string_view package, const Version& pinned,
                            std::string_view python, bool any_listed, bool python_listed) {
    return make(
        WarningCode::FilesUnknown,
        {{"package", std::string(package)},
         {"version", pinned.to_string()},
         {"python", std::string(python)}},
        "the matrix lists no " + std::string(package) + " " + pinned.to_string() +
            (any_listed ? " file for Python " + std::string(python) + " (only some files are known)"
                        : " files") +
            "; Python " + std::string(python) +
            (python_listed ? " support comes from the release matrix" : " support is unknown"));
}

AnswerWarning companion_series(std::string_view package, const Version& torch,
                               std::string_view series) {
    return make(WarningCode::CompanionSeries,
                {{"package", std::string(package)},
                 {"torch", torch.to_string()},
                 {"series", std::string(series)}},
                "the exact " + std::string(package) + " release for torch " + torch.to_string() +
                    " is not in the matrix; pinned its series " + std::string(series) +
                    ".* (pip takes the one whose metadata requires this torch)");
}

AnswerWarning companion_not_released(std::string_view package, const Version& torch) {
    return make(WarningCode::CompanionNotReleased,
                {{"package", std::string(package)}, {"torch", torch.to_string()}},
                std::string(package) + " is not pinned: none is released for torch " +
                    torch.to_string());
}

AnswerWarning companion_assumed(std::string_view package, const Version& version,
                                std::string_view what) {
    return make(WarningCode::CompanionAssumed,
                {{"package", std::string(package)},
                 {"version", version.to_string()},
                 {"assumption", std::string(what)}},
                std::string(package) + " " + version.to_string() +
                    " is pinned on an assumption: " + std::string(what));
}

AnswerWarning companion_from_labels(std::string_view package, const Version& version,
                                    std::string_view listing) {
    return make(WarningCode::CompanionFromLabels,
                {{"package", std::string(package)},
                 {"version", version.to_string()},
                 {"listing", std::string(listing)}},
                std::string(package) + " " + version.to_string() +
                    " is known only from the labels of its files on " + std::string(listing) +
                    ": each fits the torch minor and variant its label names");
}

AnswerWarning driver_minor_version(const DriverVersion& driver, const CudaVersion& cuda,
                                   const DriverVersion& minimum, bool branch) {
    const std::string minor = CudaVersion(cuda.major(), cuda.minor()).to_string(); // 13.4.2: 13.4
    return make(WarningCode::DriverMinorVersion,
                {{"driver", driver.to_string()},
                 {"cuda", cuda.to_string()},
                 {"minimum", minimum.to_string()},
                 {"basis", branch ? "driver-branch" : "toolkit-minimum"}},
                "driver " + driver.to_string() + " is below " +
                    (branch ? "CUDA " + minor + "'s driver branch R"
                            : "CUDA " + cuda.to_string() + "'s own minimum ") +
                    minimum.to_string() + " and runs it through CUDA minor version compatibility");
}

AnswerWarning driver_floor_only(OperatingSystem os, const CudaVersion& cuda,
                                const DriverVersion& driver, const DriverVersion& floor) {
    const std::string system(name(os));
    return make(WarningCode::DriverFloorOnly,
                {{"os", system},
                 {"cuda", cuda.to_string()},
                 {"driver", driver.to_string()},
                 {"floor", floor.to_string()}},
                "NVIDIA publishes no " + system + " driver minimum for CUDA " + cuda.to_string() +
                    "; driver " + driver.to_string() + " meets the " +
                    std::to_string(cuda.major()) + ".x floor " + floor.to_string() +
                    " (minor version compatibility)");
}

AnswerWarning arch_list_unknown(const Version& torch, const Backend& backend,
                                std::string_view gpu) {
    return make(
        WarningCode::ArchListUnknown,
        {{"torch", torch.to_string()}, {"backend", backend.to_string()}, {"gpu", std::string(gpu)}},
        "no arch list is known for torch " + torch.to_string() + "+" + backend.to_string() +
            ": support for " + std::string(gpu) + " is not verified");
}

AnswerWarning gpu_runs_ptx(std::string_view gpu) {
    return make(WarningCode::GpuRunsPtx, {{"gpu", std::string(gpu)}},
                std::string(gpu) +
                    " runs this build through PTX: kernels are compiled at first use");
}

AnswerWarning gfx_list_unknown(const Backend& backend, std::string_view gfx) {
    return make(WarningCode::GfxListUnknown,
                {{"backend", backend.to_string()}, {"gfx", std::string(gfx)}},
                "no gfx target list is known for " + backend.to_string() + ": support for " +
                    std::string(gfx) + " is not verified");
}

AnswerWarning hsa_override(const HsaOverrideFact& fact, const Backend& backend) {
    return make(WarningCode::HsaOverride,
                {{"variable", "HSA_OVERRIDE_GFX_VERSION"},
                 {"value", fact.hsa_version},
                 {"gfx", fact.gfx},
                 {"runs_as", fact.runs_as},
                 {"backend", backend.to_string()}},
                "assumes HSA_OVERRIDE_GFX_VERSION=" + fact.hsa_version +
                    " wherever torch runs: " + backend.to_string() + " has no " + fact.gfx + " (" +
                    fact.chip + ") kernels; the override runs the GPU as " + fact.runs_as);
}

AnswerWarning known_issue(const KnownIssueFact& issue) {
    std::string message;
    if (issue.summary.empty()) { // data imported before summaries existed
        message = "known issue " + issue.issue + ": " + issue.error + " (" + issue.cause + "); " +
                  issue.fix;
    } else {
        message = "[" + issue.issue + "] " + issue.summary +
                  " … fix: " + (issue.fix_summary.empty() ? issue.fix : issue.fix_summary);
    }
    return make(WarningCode::KnownIssue, {{"issue", issue.issue}, {"severity", issue.severity}},
                std::move(message));
}

AnswerWarning releases_unknown_here(std::string_view first, std::string_view last,
                                    OperatingSystem os, CpuArch arch) {
    const std::string releases =
        first == last ? std::string(first) : std::string(first) + " to " + std::string(last);
    return make(WarningCode::ReleasesUnknownHere,
                {{"first", std::string(first)},
                 {"last", std::string(last)},
                 {"os", std::string(name(os))},
                 {"arch", std::string(name(arch))}},
                "the matrix records no builds of torch " + releases + " for " +
                    std::string(name(os)) + " " + std::string(name(arch)) +
                    ": unknown, not necessarily unpublished ('torchpin update' may add them)");
}

AnswerWarning newer_without_companion(const std::vector<Version>& releases,
                                      const std::vector<std::string>& packages) {
    const std::string names = joined(packages, " and ");
    const std::string newest = releases.back().to_string();
    return make(WarningCode::NewerWithoutCompanion,
                {{"releases", version_list(releases)}, {"packages", joined(packages, ", ")}},
                "torch " + span(releases) + " would run here, but no " + names +
                    " is released for " + (releases.size() == 1 ? "it" : "them") + ": leave " +
                    names + " out of the request to get torch " + newest);
}

AnswerWarning newer_not_verified(const std::vector<Version>& releases) {
    const bool one = releases.size() == 1;
    return make(WarningCode::NewerNotVerified, {{"releases", version_list(releases)}},
                "torch " + version_list(releases) + (one ? " is" : " are") +
                    " released and would run here, but the matrix knows " +
                    (one ? "its" : "their") +
                    " builds only as projected from nightlies: 'torchpin update' reads the index "
                    "and confirms them");
}

} // namespace warnings

} // namespace torchpin
