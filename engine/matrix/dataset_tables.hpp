// Every revisioned table of the matrix, declared once: the wheel files of the index pages, their
// metadata, and the curated dataset tables (releases, backends, CUDA drivers, arch lists, GPUs,
// Windows facts, known issues, HSA overrides, the packages built against torch). Each declaration
// gives the columns' engine types and the member of the C++ row each decodes into; docs/data.md
// describes each table's meaning.
#pragma once

#include "engine/hardware/gpu_catalog.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/index_build.hpp"
#include "engine/matrix/table_declaration.hpp"
#include "engine/matrix/wheel_group.hpp"

#include <string_view>
#include <vector>

namespace torchpin {

// Rows of the tables that no engine fact has the shape of.
struct CitationRow {
    std::string citation; // "torch-stable-html"
    std::string what;
    std::string location;
};

struct WindowsRuntimeRow {
    SpecifierSet torch;
    std::string item; // "msvc_toolset", "dll:msvcp140.dll", "min_version:msvcp140.dll"
    std::string value;
};

// gpu_pci keeps the two halves of the PCI id apart (pci.ids' layout).
struct GpuPciEntry {
    std::uint16_t vendor = 0;
    std::uint16_t device = 0;
    std::string name;
    bool discrete = false;
};

namespace row_placeholders {

// Placeholders for the seeds below: each is overwritten by a required column.
const Backend& placeholder_backend();
const CudaVersion& placeholder_cuda();
const DriverVersion& placeholder_driver();
const ComputeCapability& placeholder_capability();

} // namespace row_placeholders

// clang-format off
template <> struct RowSeed<PublishedBackend> {
    static PublishedBackend make() {
        return {Version{}, row_placeholders::placeholder_backend(), OperatingSystem::Linux,
                CpuArch::X86_64};
    }
};
template <> struct RowSeed<BackendCuda> {
    static BackendCuda make() {
        return {row_placeholders::placeholder_backend(), row_placeholders::placeholder_cuda()};
    }
};
template <> struct RowSeed<ReleaseCuda> {
    static ReleaseCuda make() {
        return {Version{}, row_placeholders::placeholder_backend(), row_placeholders::placeholder_cuda()};
    }
};
template <> struct RowSeed<CudaDriverFact> {
    static CudaDriverFact make() {
        return {row_placeholders::placeholder_cuda(), OperatingSystem::Linux, std::nullopt};
    }
};
template <> struct RowSeed<CompatFloor> {
    static CompatFloor make() {
        return {0, OperatingSystem::Linux, row_placeholders::placeholder_driver(), std::nullopt};
    }
};
template <> struct RowSeed<CudaBranch> {
    static CudaBranch make() {
        return {row_placeholders::placeholder_cuda(), row_placeholders::placeholder_driver()};
    }
};
template <> struct RowSeed<ArchListFact> {
    static ArchListFact make() {
        return {SpecifierSet{}, row_placeholders::placeholder_backend(), OperatingSystem::Linux,
                CpuArch::X86_64, {}, {}};
    }
};
template <> struct RowSeed<FirstCuda> {
    static FirstCuda make() {
        return {row_placeholders::placeholder_capability(), row_placeholders::placeholder_cuda()};
    }
};
template <> struct RowSeed<NvidiaGpuRow> {
    static NvidiaGpuRow make() { return {{}, row_placeholders::placeholder_capability(), {}, {}, {}}; }
};
template <> struct RowSeed<RocmTargets> {
    static RocmTargets make() { return {row_placeholders::placeholder_backend(), {}}; }
};
// clang-format on

namespace dataset_columns {

using enum ValueType;
using namespace table_columns;

// The evidence words of release_backend; "projected": only expected from nightlies and plans;
// "possible": built by nightlies, but the sources disagree whether the release has it.
inline constexpr std::string_view release_evidence =
    "install-command index-page build-matrix release-notes projected possible";

// A build whose only evidence is "projected" or "possible"; any other word shows it published.
inline Projection projection_of(const std::vector<std::string>& evidence) {
    if (evidence.size() != 1) {
        return Projection::None;
    }
    return evidence.front() == "projected"  ? Projection::Expected
           : evidence.front() == "possible" ? Projection::Possible
                                            : Projection::None;
}

inline Provenance provenance_of(const std::string& text) {
    return parse_provenance(text).value_or(Provenance::Observed); // the Enum column checked it
}

// clang-format off
inline constexpr auto wheel_file = table<IndexFile>("wheel_file", 1,
    key<Text>("url", &IndexFile::url),
    required<WheelFile>("file_name", &IndexFile::wheel),
    stored<Text>("package"),
    stored<Version>("version"),
    optional<Backend>("backend", &IndexFile::backend),
    stored<Text>("python_tags"),
    stored<Text>("abi_tags"),
    stored<Text>("platform_tags"),
    optional<Sha256>("sha256", &IndexFile::sha256),
    optional<Text>("requires_python", &IndexFile::requires_python),
    required<Flag>("yanked", &IndexFile::yanked),
    required<Text>("yanked_reason", &IndexFile::yanked_reason),
    optional<Text>("core_metadata", &IndexFile::core_metadata),
    optional<Text>("upload_time", &IndexFile::upload_time),
    converted<Enum>("provenance", &IndexFile::provenance, provenance_of).of("observed derived"),
    optional<Text>("seen_in", &IndexFile::seen_in).added_in(8));

// What one wheel's core metadata says of torch (PEP 658), one listing per index page, read by
// `update` beside the page (its listing name is the page's).
inline constexpr auto wheel_metadata = table<WheelMetadataFact>("wheel_metadata", 14,
    key<Text>("url", &WheelMetadataFact::url),
    required<Text>("package", &WheelMetadataFact::package),
    required<Version>("version", &WheelMetadataFact::version),
    optional<Specifier>("requires_torch", &WheelMetadataFact::requires_torch),
    required<Sha256>("metadata_sha256", &WheelMetadataFact::metadata_sha256));

inline constexpr auto citation = table<CitationRow>("citation", 2,
    key<Text>("citation", &CitationRow::citation),
    required<Text>("what", &CitationRow::what),
    required<Text>("location", &CitationRow::location),
    stored<Text>("note", false));

inline constexpr auto torch_release = table<ReleaseFact>("torch_release", 2,
    key<Version>("torch", &ReleaseFact::torch),
    optional<Date>("release_date", &ReleaseFact::release_date),
    optional<Version>("torchvision", &ReleaseFact::torchvision),
    optional<Text>("torchvision_series", &ReleaseFact::torchvision_series),
    stored<Text>("torchvision_note", false),
    optional<Version>("torchaudio", &ReleaseFact::torchaudio),
    optional<Text>("torchaudio_series", &ReleaseFact::torchaudio_series),
    optional<Text>("torchaudio_note", &ReleaseFact::torchaudio_note),
    optional<PythonList>("python", &ReleaseFact::python),
    optional<Enum>("install_style", &ReleaseFact::install_style).of("local-label index-url"),
    stored<Citations>("cites"));

inline constexpr auto release_backend = table<PublishedBackend>("release_backend", 2,
    key<Version>("torch", &PublishedBackend::torch),
    key<Backend>("backend", &PublishedBackend::backend),
    key<Os>("os", &PublishedBackend::os),
    key<CpuArch>("arch", &PublishedBackend::arch),
    converted<EnumList>("evidence", &PublishedBackend::projection, projection_of)
        .of(release_evidence),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto pypi_backend = table<PublishedBackend>("pypi_backend", 2,
    key<Version>("torch", &PublishedBackend::torch),
    key<Os>("os", &PublishedBackend::os),
    key<CpuArch>("arch", &PublishedBackend::arch),
    required<Backend>("backend", &PublishedBackend::backend),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto backend_cuda = table<BackendCuda>("backend_cuda", 2,
    key<Backend>("backend", &BackendCuda::first),
    required<CudaVersion>("cuda", &BackendCuda::second),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto cuda_driver = table<CudaDriverFact>("cuda_driver", 2,
    key<CudaVersion>("cuda", &CudaDriverFact::cuda),
    key<Os>("os", &CudaDriverFact::os),
    stored<DriverVersion>("toolkit_minimum", false),
    stored<DriverVersion>("installer_driver", false),
    optional<DriverVersion>("used", &CudaDriverFact::minimum),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto cuda_compat = table<CompatFloor>("cuda_compat", 2,
    key<Natural>("cuda_major", &CompatFloor::cuda_major),
    key<Os>("os", &CompatFloor::os),
    required<DriverVersion>("minimum_driver", &CompatFloor::minimum),
    optional<DriverVersion>("below_driver", &CompatFloor::below),
    stored<Text>("note", false),
    stored<Citations>("cites"));

// NVIDIA's driver branch per CUDA toolkit minor (13.3: R610), for every system.
inline constexpr auto cuda_branch = table<CudaBranch>("cuda_branch", 15,
    key<CudaVersion>("cuda", &CudaBranch::cuda),
    required<DriverVersion>("branch", &CudaBranch::branch),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto cuda_arch_list = table<ArchListFact>("cuda_arch_list", 2,
    key<Specifier>("torch", &ArchListFact::torch),
    key<Backend>("backend", &ArchListFact::backend),
    key<Os>("os", &ArchListFact::os),
    key<CpuArch>("arch", &ArchListFact::arch),
    required<ArchList>("arch_list", &ArchListFact::arch_list),
    required<Enum>("basis", &ArchListFact::basis)
        .of("build-script release-rules release-matrix conda-measured"),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto compute_capability = table<FirstCuda>("compute_capability", 2,
    key<ComputeCapability>("sm", &FirstCuda::first),
    required<CudaVersion>("first_cuda", &FirstCuda::second),
    stored<Text>("architecture", false),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto rocm_target = table<RocmTargets>("rocm_target", 2,
    key<Backend>("backend", &RocmTargets::backend),
    required<GfxList>("gfx", &RocmTargets::gfx),
    stored<Text>("note", false),
    stored<Citations>("cites"),
    optional_key<Specifier>("torch", &RocmTargets::torch).added_in(12));

inline constexpr auto gpu_pci = table<GpuPciEntry>("gpu_pci", 2,
    key<PciHalf>("vendor", &GpuPciEntry::vendor),
    key<PciHalf>("device", &GpuPciEntry::device),
    required<Text>("name", &GpuPciEntry::name),
    required<Flag>("discrete", &GpuPciEntry::discrete),
    stored<Citations>("cites"));

inline constexpr auto gpu_model = table<NvidiaGpuRow>("gpu_model", 2,
    key<Text>("name", &NvidiaGpuRow::name),
    required<ComputeCapability>("compute_capability", &NvidiaGpuRow::compute_capability),
    optional<Words>("codename", &NvidiaGpuRow::codenames),
    stored<Text>("note", false),
    stored<Citations>("cites"),
    optional<PciIdList>("pci_ids", &NvidiaGpuRow::pci_ids).added_in(9),
    optional<Text>("inferred_from", &NvidiaGpuRow::inferred_from).added_in(9),
    stored<Text>("architecture", false).added_in(9),
    stored<Text>("segment", false).added_in(9),
    stored<Text>("derivation", false).added_in(9));

inline constexpr auto windows_runtime = table<WindowsRuntimeRow>("windows_runtime", 2,
    key<Specifier>("torch", &WindowsRuntimeRow::torch),
    key<Text>("item", &WindowsRuntimeRow::item),
    required<Text>("value", &WindowsRuntimeRow::value),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto known_issue = table<KnownIssueFact>("known_issue", 2,
    key<Text>("issue", &KnownIssueFact::issue),
    required<Enum>("os", &KnownIssueFact::os).of("windows linux macos any"),
    required<Specifier>("torch", &KnownIssueFact::torch),
    optional<Backend>("backend", &KnownIssueFact::backend),
    required<Enum>("severity", &KnownIssueFact::severity).of("error warning"),
    required<Text>("error", &KnownIssueFact::error),
    required<Text>("cause", &KnownIssueFact::cause),
    required<Text>("fix", &KnownIssueFact::fix),
    required<Urls>("links", &KnownIssueFact::links),
    stored<Citations>("cites"),
    optional<Text>("summary", &KnownIssueFact::summary).added_in(5),
    optional<Text>("fix_summary", &KnownIssueFact::fix_summary).added_in(5),
    optional<VcRuntimeVersion>("unless_vc_runtime", &KnownIssueFact::unless_vc_runtime)
        .added_in(5),
    optional<Lines>("patterns", &KnownIssueFact::patterns).added_in(10),
    optional<Text>("message_source", &KnownIssueFact::message_source).added_in(10),
    optional<Flag>("message_only", &KnownIssueFact::message_only).added_in(10),
    // The facts engine/diagnosis/issue_checks.cpp can weigh.
    optional<Enum>("decided_by", &KnownIssueFact::decided_by)
        .of("gpu-arch driver torchvision-pairing cuda-build").added_in(10));

inline constexpr auto release_cuda = table<ReleaseCuda>("release_cuda", 6,
    key<Version>("torch", &ReleaseCuda::torch),
    key<Backend>("backend", &ReleaseCuda::backend),
    required<CudaVersion>("cuda", &ReleaseCuda::cuda),
    stored<Text>("note", false),
    stored<Citations>("cites"),
    optional_key<Os>("os", &ReleaseCuda::os).added_in(13));

inline constexpr auto companion_range = table<CompanionRange>("companion_range", 6,
    key<Text>("package", &CompanionRange::package),
    key<Version>("version", &CompanionRange::version),
    required<Specifier>("torch", &CompanionRange::torch),
    required<Version>("released_with", &CompanionRange::released_with),
    stored<Text>("note", false),
    stored<Citations>("cites"));

inline constexpr auto hsa_override = table<HsaOverrideFact>("hsa_override", 7,
    key<GfxTarget>("gfx", &HsaOverrideFact::gfx),
    required<Text>("chip", &HsaOverrideFact::chip),
    required<Text>("hsa_version", &HsaOverrideFact::hsa_version),
    required<GfxTarget>("runs_as", &HsaOverrideFact::runs_as),
    optional<RocmVersion>("rocm_up_to", &HsaOverrideFact::rocm_up_to),
    required<Text>("statement", &HsaOverrideFact::statement),
    required<Citations>("cites", &HsaOverrideFact::cites));

inline constexpr auto amd_gpu_model = table<AmdGpuRow>("amd_gpu_model", 9,
    key<Text>("name", &AmdGpuRow::name),
    optional_key<PciId>("pci_id", &AmdGpuRow::pci_id),
    required<GfxTarget>("gfx_target", &AmdGpuRow::gfx_target),
    optional<Text>("inferred_from", &AmdGpuRow::inferred_from),
    stored<Text>("hsa_override", false),
    stored<Text>("segment"),
    stored<Text>("derivation"),
    stored<Citations>("cites"));

inline constexpr auto intel_gpu_model = table<IntelGpuRow>("intel_gpu_model", 9,
    key<PciId>("pci_id", &IntelGpuRow::id),
    required<Text>("name", &IntelGpuRow::name),
    required<Text>("family", &IntelGpuRow::family),
    required<Flag>("xpu_listed", &IntelGpuRow::xpu_listed),
    required<Text>("xpu_support", &IntelGpuRow::xpu_support),
    stored<Text>("derivation"),
    stored<Citations>("cites"));

// A package built against torch (xformers, flash-attn, torchao, PyG, ...), one release: how it
// pairs with torch (`pairing`), the torch its binaries accept at run time as curated from its
// sources (`torch`) beside what its wheel metadata declares (`metadata_says`), and where its files
// live. docs/ecosystem.md lists the packages; data/ecosystem.toml holds the rows.
inline constexpr auto companion_package = table<CompanionPackageFact>("companion_package", 16,
    key<Text>("package", &CompanionPackageFact::package),
    key<Version>("version", &CompanionPackageFact::version),
    required<Enum>("pairing", &CompanionPackageFact::pairing)
        .of("exact floor minor-series none pinned-by-torch"),
    optional<Specifier>("torch", &CompanionPackageFact::torch),
    optional<Words>("built_against", &CompanionPackageFact::built_against),
    optional<Specifier>("metadata_says", &CompanionPackageFact::metadata_says),
    optional<Words>("backends", &CompanionPackageFact::backends),
    optional<Text>("python", &CompanionPackageFact::python),
    optional<Words>("platforms", &CompanionPackageFact::platforms),
    required<EnumList>("files_on", &CompanionPackageFact::files_on)
        .of("pytorch-index pypi find-links release-assets source-only"),
    optional<Text>("files_url", &CompanionPackageFact::files_url),
    optional<Text>("label", &CompanionPackageFact::label).added_in(17),
    required<Flag>("retired", &CompanionPackageFact::retired),
    optional<Text>("retired_note", &CompanionPackageFact::retired_note),
    optional<Text>("note", &CompanionPackageFact::note),
    stored<Text>("derivation"),
    stored<Citations>("cites"));

// The columns of index_build and index_build_union: one torch release on one OS and CPU, and the
// backends of its builds.
constexpr auto index_builds_table(std::string_view name, int since) {
    return table<IndexBuilds>(name, since,
        key<Version>("torch", &IndexBuilds::torch),
        key<Os>("os", &IndexBuilds::os),
        key<CpuArch>("arch", &IndexBuilds::arch),
        required<BackendList>("backends", &IndexBuilds::backends));
}

// Derived: the builds that each wheel_file listing's observed torch files of the PyTorch index
// show, one row per torch release, OS and CPU with its backends, one listing per wheel_file
// listing, written by every import in the same revision (engine/matrix/derived_listings.hpp), so
// that a command reads a few rows per release instead of scanning every file (schema version 20;
// 11's table had one row per backend: 1,379 rows to read on a full-size matrix instead of 821).
inline constexpr auto index_build = index_builds_table("index_build", 20);

// Derived: index_build's rows merged over every listing, one row per torch release, OS and CPU,
// in one listing (`index_build_union`) that an import rewrites when an index_build listing changes
// (engine/matrix/merged_listings.hpp), so that a command reads each build once however many pages
// list its files (schema version 21: /whl/torch/ and /whl/<backend>/torch/ list every file twice;
// 821 rows on a full-size matrix become 190).
inline constexpr auto index_build_union = index_builds_table("index_build_union", 21);

// Derived: each wheel_file listing's files grouped by release, backend, OS and standing, with
// their platforms and each file's tags, one listing per wheel_file listing, written with every
// import (engine/matrix/derived_listings.hpp), so that a question about a release reads a few
// groups instead of its files.
inline constexpr auto wheel_group = table<WheelGroup>("wheel_group", 19,
    key<Text>("package", &WheelGroup::package),
    key<Version>("version", &WheelGroup::version),
    optional_key<Backend>("backend", &WheelGroup::backend),
    key<Text>("os", &WheelGroup::os),
    key<Flag>("variant", &WheelGroup::variant),
    key<Flag>("on_pytorch_index", &WheelGroup::on_pytorch_index),
    key<Flag>("lists_every_file", &WheelGroup::lists_every_file),
    required<Text>("platform_tags", &WheelGroup::platforms),
    required<Text>("tags", &WheelGroup::tags));

// Derived: wheel_group's rows merged over every listing, the groups of one key one group with
// their files' platforms and tags together, and those of one release, OS and standing with the
// same platforms and tags one row with their builds (WheelGroupSet), in one listing
// (`wheel_group_union`) rewritten like index_build_union's, so that a question about a release
// reads a few rows however many pages list its files and however many builds it has (schema
// version 21 merged the listings: 3,406 groups on a full-size matrix became 1,866; version 25 the
// builds: 1,866 rows became 767).
inline constexpr auto wheel_group_union = table<WheelGroupSet>("wheel_group_union", 25,
    key<Text>("package", &WheelGroupSet::package),
    key<Version>("version", &WheelGroupSet::release),
    key<Text>("os", &WheelGroupSet::os),
    key<Flag>("variant", &WheelGroupSet::variant),
    key<Flag>("on_pytorch_index", &WheelGroupSet::on_pytorch_index),
    key<Flag>("lists_every_file", &WheelGroupSet::lists_every_file),
    key<BuildList>("builds", &WheelGroupSet::builds),
    required<Text>("platform_tags", &WheelGroupSet::platforms),
    required<Text>("tags", &WheelGroupSet::tags));
// clang-format on

} // namespace dataset_columns

// The runtime views of the declarations above.
const TableSpec& wheel_file_table();
const TableSpec& wheel_metadata_table();
const TableSpec& citation_table();
const TableSpec& torch_release_table();
const TableSpec& release_backend_table();
const TableSpec& pypi_backend_table();
const TableSpec& backend_cuda_table();
const TableSpec& release_cuda_table();
const TableSpec& companion_range_table();
const TableSpec& cuda_driver_table();
const TableSpec& cuda_compat_table();
const TableSpec& cuda_branch_table();
const TableSpec& cuda_arch_list_table();
const TableSpec& compute_capability_table();
const TableSpec& rocm_target_table();
const TableSpec& gpu_pci_table();
const TableSpec& gpu_model_table();
const TableSpec& amd_gpu_model_table();
const TableSpec& intel_gpu_model_table();
const TableSpec& windows_runtime_table();
const TableSpec& known_issue_table();
const TableSpec& hsa_override_table();
const TableSpec& companion_package_table();
const TableSpec& index_build_table();
const TableSpec& index_build_union_table();
const TableSpec& wheel_group_table();
const TableSpec& wheel_group_union_table();

// The tables the data files of data/ fill ([[name]] entries), in the order above.
const std::vector<const TableSpec*>& dataset_tables();
// The curated table named `name`, or nullptr.
const TableSpec* find_dataset_table(std::string_view name);
// Every revisioned table an import or data/ states: wheel_file, wheel_metadata, then the dataset
// tables.
const std::vector<const TableSpec*>& revisioned_tables();
// The revisioned tables derived from those by every import (index_build, wheel_group and their
// unions): not content of their own, so left out of revision digests, diffs and exports.
const std::vector<const TableSpec*>& derived_tables();
// Every table with listings: revisioned_tables(), then derived_tables().
const std::vector<const TableSpec*>& stored_tables();

} // namespace torchpin
