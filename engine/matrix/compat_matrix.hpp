// The facts the resolver reasons over, typed and in memory: one revision of the matrix's
// releases, backends, wheels, CUDA drivers, arch lists, ROCm targets, HSA overrides and known
// issues.
#pragma once

#include "engine/hardware/arch_list.hpp"
#include "engine/hardware/backend.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/rocm_version.hpp"
#include "engine/hardware/vc_runtime_version.hpp"
#include "engine/matrix/index_file.hpp"
#include "engine/matrix/on_demand.hpp"
#include "engine/matrix/wheel_group.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/version.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

struct ReleaseFact {
    Version torch{};
    std::optional<Version> torchvision{};
    std::optional<Version> torchaudio{};
    std::optional<std::string> torchvision_series{}; // "0.23" when the exact release is unknown
    std::optional<std::string> torchaudio_series{};  // "2.8" likewise
    std::string torchaudio_note{};                   // why torchaudio is absent, when it is
    std::vector<std::string> python{};               // "3.9", "3.13t"; empty: unknown
    std::optional<std::string> install_style{};      // "local-label" or "index-url"
    std::optional<std::string> release_date{};
    // Known only from the files an imported index listing shows (no curated row): its builds,
    // files and labels are the index's, its companions their metadata's, and every curated fact
    // it borrows (an arch list) is an assumption the answer states (docs/solver.md).
    bool from_index = false;
    // The wheel whose metadata pins `torchvision` or `torchaudio` to this release, where the
    // pairing was learned from the index rather than curated; empty otherwise.
    std::string torchvision_metadata_of{};
    std::string torchaudio_metadata_of{};

    friend bool operator==(const ReleaseFact&, const ReleaseFact&) = default;
};

// How a build is known when no source shows it published: `Expected` from nightlies and plans
// (evidence "projected"), `Possible` built by nightlies while the sources disagree whether the
// release has it (evidence "possible": 2.15.0's cu134). Neither is answered with until an index
// listing shows the build's files.
enum class Projection : std::uint8_t { None, Expected, Possible };

// The backend was published for this torch release on this OS and CPU, or, with a projection,
// is only expected (or possible) and not yet seen published.
struct PublishedBackend {
    Version torch;
    Backend backend;
    OperatingSystem os;
    CpuArch arch;
    Projection projection = Projection::None;

    bool projected() const noexcept { return projection != Projection::None; }

    friend bool operator==(const PublishedBackend&, const PublishedBackend&) = default;
};

// The toolkit a backend is built with for one torch release, where it is not the backend's; `os`:
// only that system's build (2.14.1's cu132 moved to 13.2.2 on Linux only), absent: every system.
struct ReleaseCuda {
    Version torch;
    Backend backend;
    CudaVersion cuda;
    std::optional<OperatingSystem> os = {};

    friend bool operator==(const ReleaseCuda&, const ReleaseCuda&) = default;
};

// A companion release that requires a range of torch (torchvision 0.29.1: torch>=2.14); its
// builds are those of the torch release it was published with.
struct CompanionRange {
    std::string package;
    Version version;
    SpecifierSet torch;
    Version released_with;
    // The wheel whose metadata stated the range (WheelMetadataFact::url); empty: curated data.
    std::string stated_by_metadata_of{};

    friend bool operator==(const CompanionRange&, const CompanionRange&) = default;
};

// torch, torchvision or torchaudio (a normalized project name): the family the matrix pairs; every
// other package it knows is built against torch (CompanionPackageFact).
bool is_torch_family(std::string_view package) noexcept;

// A package built against torch, one release (data/ecosystem.toml, docs/ecosystem.md): xformers
// 0.0.29.post3 pairs "exact" with torch==2.6.0, torchao 0.17.0 is a "floor" (torch>=2.11),
// pyg-lib 0.8.0 a "minor-series" (one file per torch minor, 2.10 ... 2.13), bitsandbytes "none",
// triton "pinned-by-torch" (torch's own metadata pins it; built_against names those releases).
struct CompanionPackageFact {
    std::string package; // normalized: "flash-attn", "pyg-lib"
    Version version;
    std::string pairing; // "exact", "floor", "minor-series", "none", "pinned-by-torch"
    // The torch its binaries accept at run time, curated from its sources; for "minor-series",
    // every minor it has files for, each file fitting its own minor only. Absent for "none" and
    // "pinned-by-torch", and where the minors with files are not one range (torch-scatter).
    std::optional<SpecifierSet> torch;
    std::vector<std::string> built_against; // torch releases or minors: "2.10.0"; "2.4" "2.5"
    // The torch requirement its wheel metadata declares (what pip and uv enforce) where it
    // differs from or confirms `torch`: torchtext 0.18.0 says ">=2.3.0" yet fails on 2.4.
    // Absent: no torch requirement, or no source says (the note tells which).
    std::optional<SpecifierSet> metadata_says;
    std::vector<std::string> backends;  // "cu126" "rocm7.1" "cpu"
    std::string python;                 // as the source gives it: "cp39-abi3", ">=3.10,<=3.14"
    std::vector<std::string> platforms; // "linux_x86_64" "win_amd64" "macos_arm64"
    // "pytorch-index", "pypi", "find-links", "release-assets", "source-only"
    std::vector<std::string> files_on;
    std::string
        files_url; // the URL scheme: "https://data.pyg.org/whl/torch-{T.M}.0+{variant}.html"
    // The local label its files carry, as a scheme: "pt{TM}{variant}" (PyG: +pt212cu130 is torch
    // 2.12, cu130); empty where the files carry none or the sources do not say.
    std::string label;
    bool retired = false; // no release for newer torch will come
    std::string retired_note;
    std::string note; // caveats, with the sources' INFERENCE and UNCERTAIN marks
    // Learned from the imported index (engine/matrix/learned_companions.hpp), no curated row: the
    // wheel whose metadata stated its torch requirement; empty for a curated row.
    std::string learned_from{};
};

// What one wheel's core metadata (PEP 658: "<file URL>.metadata") says of torch, as `update` read
// it: a companion release's pairing with torch, stated by the index itself.
struct WheelMetadataFact {
    std::string url;     // the wheel's, without a fragment
    std::string package; // normalized: "torchvision"
    Version version;     // the wheel's, label included: 0.30.0+cu130
    // Its Requires-Dist on torch ("==2.15.0", ">=2.11"); none: it declares no torch dependency.
    std::optional<SpecifierSet> requires_torch;
    std::string metadata_sha256; // of the metadata file read
};

// The CUDA toolkit release a backend is built with, and the driver it needs.
struct CudaDriverFact {
    CudaVersion cuda;
    OperatingSystem os;
    std::optional<DriverVersion> minimum; // the one torchpin uses ("used" in data/cuda.toml)

    friend bool operator==(const CudaDriverFact&, const CudaDriverFact&) = default;
};

// The toolkit release a backend label is built with (cu121: 12.1.1).
using BackendCuda = std::pair<Backend, CudaVersion>;
// The oldest CUDA toolkit that compiles for a compute capability (sm_120: 12.8).
using FirstCuda = std::pair<ComputeCapability, CudaVersion>;

// The NVIDIA driver branch of a CUDA toolkit minor (13.4: R615), the same on every system. NVIDIA
// names one branch per major.minor ("Update releases within a CUDA minor version use the same
// driver branch"), so the key has no third number: 13.4 GA, versioned 13.4.1, and 13.4 Update 1
// (13.4.2) both take 13.4's row.
struct CudaBranch {
    CudaVersion cuda;     // major.minor
    DriverVersion branch; // "615": drivers 615 and newer are of that branch or a later one

    friend bool operator==(const CudaBranch&, const CudaBranch&) = default;
};

// What a driver must be to run a toolkit release directly: the release's own minimum, or, where
// NVIDIA publishes none for the system (Windows from 13.0), its minor's driver branch.
struct DirectRequirement {
    DriverVersion driver;
    bool branch_only = false; // `driver` is the branch, not a per-release minimum
};

// With only a driver of this major's floor or newer, CUDA minor version compatibility applies.
struct CompatFloor {
    std::uint32_t cuda_major = 0;
    OperatingSystem os = OperatingSystem::Linux;
    DriverVersion minimum;
    std::optional<DriverVersion> below; // exclusive upper bound, when the floor has one

    friend bool operator==(const CompatFloor&, const CompatFloor&) = default;
};

struct ArchListFact {
    SpecifierSet torch;
    Backend backend;
    OperatingSystem os;
    CpuArch arch;
    std::vector<ArchTarget> arch_list;
    std::string basis; // "build-script", "release-rules", "conda-measured", "release-matrix"

    friend bool operator==(const ArchListFact&, const ArchListFact&) = default;
};

// The gfx targets of a ROCm build; `torch`: only for the torch releases it holds (the list changed
// between releases), absent: for every release whose build has no such row.
struct RocmTargets {
    Backend backend;
    std::vector<std::string> gfx;
    std::optional<SpecifierSet> torch = {};
};

// HSA_OVERRIDE_GFX_VERSION=`hsa_version` makes ROCm run a GPU of target `gfx` as `runs_as`, as a
// source documents for the GPU's chip; where the source limits it, only up to ROCm `rocm_up_to`.
struct HsaOverrideFact {
    std::string gfx;         // "gfx1031"
    std::string chip;        // "Navi 22"
    std::string hsa_version; // "10.3.0"
    std::string runs_as;     // "gfx1030"
    std::optional<RocmVersion> rocm_up_to;
    std::string statement; // what the source says, naming it
    std::vector<std::string> cites;
};

struct KnownIssueFact {
    std::string issue;
    std::string os; // "windows", "linux", "macos" or "any"
    SpecifierSet torch;
    std::optional<Backend> backend;
    std::string severity; // "error" or "warning"
    std::string error;
    std::string cause;
    std::string fix;
    std::vector<std::string> links;
    std::string summary;     // one line: "torch 2.4.0 on Windows needs libomp140.x86_64.dll, …"
    std::string fix_summary; // "torch 2.4.1"; empty: `fix` is short enough
    // Not shown for a machine whose Visual C++ runtime is known to be at least this version.
    std::optional<VcRuntimeVersion> unless_vc_runtime;
    // What identifies the message in a pasted error (engine/diagnosis/message_pattern.hpp):
    // "[WinError 126] ... fbgemm.dll"; one match of any is enough.
    std::vector<std::string> patterns = {};
    std::string message_source = {}; // a link that shows the message verbatim
    // Known only by its message, not by a build or machine that has it: explain-error matches
    // it; resolve, explain and check never warn of it.
    bool message_only = false;
    // The fact of the machine or the install that confirms or rules out the issue once its
    // message matched ("gpu-arch", "driver", "torchvision-pairing", "cuda-build": the names
    // engine/diagnosis/issue_checks.hpp weighs); empty for none beyond OS, torch and runtime.
    std::string decided_by = {};

    friend bool operator==(const KnownIssueFact&, const KnownIssueFact&) = default;
};

// Called on files one by one; false: no more are wanted.
using FileVisitor = std::function<bool(const IndexFile&)>;

// Where a matrix loaded without its wheel files reads them, one release at a time, from where the
// matrix came from; it keeps each file it decoded for as long as any copy of it lives. Files come
// in the matrix's order.
class WheelReader {
public:
    virtual ~WheelReader() = default;

    // The files of one package (normalized name) at one public version, every local label
    // included ("torch", 2.9.1: 2.9.1+cpu, 2.9.1+cu128, ...).
    virtual std::vector<const IndexFile*> files(std::string_view package,
                                                const Version& public_version) = 0;
    // What those files are, as groups (the derived wheel_group table), without the files.
    virtual std::vector<WheelGroup> groups(std::string_view package,
                                           const Version& public_version) = 0;
    // Calls `visit` on those of the package's files whose version and tags are one of `wanted`,
    // in the matrix's order, until it returns false: a file past that is not decoded.
    virtual void visit_tagged(std::string_view package, const std::vector<WheelTagColumns>& wanted,
                              const FileVisitor& visit) = 0;
};

// The wheel_file listings that are wheel lists (the files a lockfile, hash file or script pins),
// not index pages: each names some files of an index, never all of them.
using WheelLists = std::set<std::string, std::less<>>;

struct CompatMatrix {
    std::int64_t revision = 0;
    std::optional<std::string> data_as_of;
    std::vector<ReleaseFact> releases; // newest first
    std::vector<PublishedBackend> published;
    std::vector<BackendCuda> backend_cuda;
    std::vector<ReleaseCuda> release_cuda;
    std::vector<CompanionRange> companion_ranges; // curated, then learned from metadata
    std::vector<CudaDriverFact> cuda_drivers;
    std::vector<CompatFloor> compat_floors;
    std::vector<CudaBranch> cuda_branches;
    std::vector<ArchListFact> arch_lists;
    std::vector<FirstCuda> first_cuda; // per capability
    // A matrix loaded on demand reads these two when first asked: only for a machine with an AMD
    // GPU (rocm(), hsa_override()).
    OnDemand<std::vector<RocmTargets>> rocm_targets;
    std::vector<KnownIssueFact> known_issues;
    OnDemand<std::vector<HsaOverrideFact>> hsa_overrides;
    // Curated (data/ecosystem.toml), then learned from the imported index (`learned_from` set).
    // A matrix loaded on demand reads them when first asked: only a question about a package
    // built against torch, `check` and `doctor` do.
    OnDemand<std::vector<CompanionPackageFact>> companion_packages;
    std::vector<IndexFile> wheels; // torch, torchvision, torchaudio wheels for the target OS/CPU
    // Set instead of `wheels`: reads them per release (ReleaseWheels).
    std::shared_ptr<WheelReader> read_wheels;
    // The build `pip install torch==V` gets from PyPI. A matrix loaded on demand reads them when
    // first asked: only `check`, `doctor` and `explain-error` do.
    OnDemand<std::vector<PublishedBackend>> pypi_builds;
    WheelLists wheel_lists;

    const ReleaseFact* release(const Version& torch) const;
    // The toolkit of `backend` for `torch` on `os`: the release's own where the matrix has one
    // for that system (or for every system), else the backend's. An unknown `os` takes only the
    // rows for every system.
    std::optional<CudaVersion> cuda_of(const Backend& backend, const Version& torch,
                                       std::optional<OperatingSystem> os) const;
    // The cuda_driver row of a toolkit release on `os` that has a minimum: the release's own,
    // else the newest of its major.minor not newer than it, else the minor's X.Y.0. nullptr: none.
    const CudaDriverFact* cuda_driver(const CudaVersion& cuda, OperatingSystem os) const;
    // The driver branch of `cuda`'s major.minor (its third number is ignored); nullptr: unknown.
    const CudaBranch* cuda_branch(const CudaVersion& cuda) const;
    // The release's own minimum (cuda_driver), else its minor's branch (cuda_branch); nullopt:
    // neither is known, and only the major's minor-version floor (compat_floor) applies.
    std::optional<DirectRequirement> direct_requirement(const CudaVersion& cuda,
                                                        OperatingSystem os) const;
    const CompatFloor* compat_floor(std::uint32_t cuda_major, OperatingSystem os) const;
    const ArchListFact* arch_list(const Version& torch, const Backend& backend, OperatingSystem os,
                                  CpuArch arch) const;
    std::optional<CudaVersion> first_cuda_for(ComputeCapability gpu) const;
    // The gfx list of `backend`'s build of `torch`: the row whose torch range holds it, else the
    // backend's row without a range; nullptr: none known.
    const RocmTargets* rocm(const Backend& backend, const Version& torch) const;
    const HsaOverrideFact* hsa_override(std::string_view gfx) const; // nullptr: none documented
    // The build PyPI's torch `torch` is for this OS and CPU (cu126 for 2.7.1 on Linux x86_64),
    // where a source says so.
    std::optional<Backend> pypi_build(const Version& torch, OperatingSystem os, CpuArch arch) const;
    // The build of this release and backend for this OS and CPU, where the matrix records one.
    const PublishedBackend* publication(const Version& torch, const Backend& backend,
                                        OperatingSystem os, CpuArch arch) const;

    // Whether the file's listing is an index page that lists every file of its folder: then a
    // Python none of its files is for has no file there. False for a wheel list and for
    // derived rows (the naming rules leave the Pythons they cannot name unnamed).
    bool lists_every_file(const IndexFile& file) const;
    // on_pytorch_index (below) with the file's listing looked up in `wheel_lists`.
    bool on_pytorch_index(const IndexFile& file) const;
};

// Whether `file` is one of the PyTorch index's own files, which answers that install from
// https://download.pytorch.org/whl/<variant> may pin: every file of an index page or of the
// naming rules; a file of a wheel list (`from_wheel_list`) only when its URL is in the variant
// folder of its backend (…/whl/cu130/torch-2.13.0%2Bcu130-…, or a mirror that keeps the layout),
// which leaves out PyPI's files (torch-2.11.0-…-manylinux_2_28_x86_64.whl is PyPI's CUDA 13.0
// build, not /whl/cpu's) and other vendors' indexes (AMD's Windows ROCm torch on repo.radeon.com).
bool on_pytorch_index(const IndexFile& file, bool from_wheel_list);

// The build a torch file is of: its release, its backend and the OS and CPU of its platform tag
// (torch-2.8.0-cp310-none-macosx_11_0_arm64.whl in /whl/cpu/: 2.8.0, cpu, macos, aarch64).
// nullopt for other packages, files without a backend and platforms without one OS and CPU
// (any, universal2).
std::optional<PublishedBackend> build_of(const IndexFile& file);

// build_of an observed file: a build the file shows was published. nullopt for derived rows.
std::optional<PublishedBackend> build_shown_by(const IndexFile& file);

} // namespace torchpin
