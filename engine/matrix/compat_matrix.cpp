// Lookups over the in-memory matrix: release, backend CUDA, driver minimums, arch lists, which
// wheel files answers may pin and which builds they show.
#include "engine/matrix/compat_matrix.hpp"

#include "engine/pep/platform_tag.hpp"

#include <algorithm>

namespace torchpin {

const ReleaseFact* CompatMatrix::release(const Version& torch) const {
    const auto it = std::find_if(releases.begin(), releases.end(),
                                 [&](const ReleaseFact& r) { return r.torch == torch; });
    return it == releases.end() ? nullptr : &*it;
}

std::optional<CudaVersion> CompatMatrix::cuda_of(const Backend& backend, const Version& torch,
                                                 std::optional<OperatingSystem> os) const {
    for (const ReleaseCuda& r : release_cuda) {
        if (r.backend == backend && r.torch == torch && (!r.os || r.os == os)) {
            return r.cuda;
        }
    }
    for (const auto& [b, cuda] : backend_cuda) {
        if (b == backend) {
            return cuda;
        }
    }
    return backend.cuda_version(); // the label alone: cu121 is some CUDA 12.1
}

const CudaDriverFact* CompatMatrix::cuda_driver(const CudaVersion& cuda, OperatingSystem os) const {
    // The exact toolkit release, else the newest known update of the same major.minor not newer
    // than it (12.1.1 when asked for 12.1.2), else the minor's X.Y.0 row. Rows are keyed by the
    // toolkit's own version number, which is no update count from 13.4 on (13.4 GA is 13.4.1):
    // a minor without an X.Y.0 row answers a bare "13.4" with nothing, and the caller takes the
    // minor's driver branch (direct_requirement).
    const CudaDriverFact* best = nullptr;
    for (const CudaDriverFact& fact : cuda_drivers) {
        if (fact.os != os || fact.cuda.major() != cuda.major() ||
            fact.cuda.minor() != cuda.minor() || !fact.minimum) {
            continue;
        }
        if (fact.cuda == cuda) {
            return &fact;
        }
        const bool not_newer = !(cuda < fact.cuda);
        if (not_newer && (best == nullptr || best->cuda < fact.cuda)) {
            best = &fact;
        }
    }
    if (best != nullptr) {
        return best;
    }
    for (const CudaDriverFact& fact : cuda_drivers) {
        if (fact.os == os && fact.minimum && fact.cuda.major() == cuda.major() &&
            fact.cuda.minor() == cuda.minor() && (!fact.cuda.patch() || *fact.cuda.patch() == 0)) {
            return &fact;
        }
    }
    return nullptr;
}

const CudaBranch* CompatMatrix::cuda_branch(const CudaVersion& cuda) const {
    const auto it =
        std::find_if(cuda_branches.begin(), cuda_branches.end(), [&](const CudaBranch& b) {
            return b.cuda.major() == cuda.major() && b.cuda.minor() == cuda.minor();
        });
    return it == cuda_branches.end() ? nullptr : &*it;
}

std::optional<DirectRequirement> CompatMatrix::direct_requirement(const CudaVersion& cuda,
                                                                  OperatingSystem os) const {
    if (const CudaDriverFact* fact = cuda_driver(cuda, os)) {
        return DirectRequirement{*fact->minimum, false};
    }
    if (const CudaBranch* branch = cuda_branch(cuda)) {
        return DirectRequirement{branch->branch, true};
    }
    return std::nullopt;
}

const CompatFloor* CompatMatrix::compat_floor(std::uint32_t cuda_major, OperatingSystem os) const {
    const auto it =
        std::find_if(compat_floors.begin(), compat_floors.end(), [&](const CompatFloor& f) {
            return f.cuda_major == cuda_major && f.os == os;
        });
    return it == compat_floors.end() ? nullptr : &*it;
}

const ArchListFact* CompatMatrix::arch_list(const Version& torch, const Backend& backend,
                                            OperatingSystem os, CpuArch arch) const {
    const auto it = std::find_if(arch_lists.begin(), arch_lists.end(), [&](const ArchListFact& a) {
        return a.backend == backend && a.os == os && a.arch == arch &&
               a.torch.contains(torch, true);
    });
    return it == arch_lists.end() ? nullptr : &*it;
}

std::optional<CudaVersion> CompatMatrix::first_cuda_for(ComputeCapability gpu) const {
    for (const auto& [capability, cuda] : first_cuda) {
        if (capability == gpu) {
            return cuda;
        }
    }
    return std::nullopt;
}

const RocmTargets* CompatMatrix::rocm(const Backend& backend, const Version& torch) const {
    const RocmTargets* every_release = nullptr;
    for (const RocmTargets& r : *rocm_targets) {
        if (r.backend != backend) {
            continue;
        }
        if (!r.torch) {
            every_release = &r;
        } else if (r.torch->contains(torch, true)) {
            return &r;
        }
    }
    return every_release;
}

const HsaOverrideFact* CompatMatrix::hsa_override(std::string_view gfx) const {
    const auto& overrides = *hsa_overrides;
    const auto it = std::find_if(overrides.begin(), overrides.end(),
                                 [&](const HsaOverrideFact& o) { return o.gfx == gfx; });
    return it == overrides.end() ? nullptr : &*it;
}

std::optional<Backend> CompatMatrix::pypi_build(const Version& torch, OperatingSystem os,
                                                CpuArch arch) const {
    for (const PublishedBackend& p : *pypi_builds) {
        if (p.torch == torch && p.os == os && p.arch == arch) {
            return p.backend;
        }
    }
    return std::nullopt;
}

const PublishedBackend* CompatMatrix::publication(const Version& torch, const Backend& backend,
                                                  OperatingSystem os, CpuArch arch) const {
    const auto it =
        std::find_if(published.begin(), published.end(), [&](const PublishedBackend& p) {
            return p.torch == torch && p.backend == backend && p.os == os && p.arch == arch;
        });
    return it == published.end() ? nullptr : &*it;
}

bool CompatMatrix::lists_every_file(const IndexFile& file) const {
    return file.provenance == Provenance::Observed && !wheel_lists.contains(file.listing);
}

bool CompatMatrix::on_pytorch_index(const IndexFile& file) const {
    return torchpin::on_pytorch_index(file, wheel_lists.contains(file.listing));
}

bool on_pytorch_index(const IndexFile& file, bool from_wheel_list) {
    if (!from_wheel_list) {
        return true;
    }
    const auto folder = Backend::parse_index_url(file.url);
    return file.backend && folder && *folder == *file.backend;
}

std::optional<PublishedBackend> build_shown_by(const IndexFile& file) {
    return file.provenance == Provenance::Observed ? build_of(file) : std::nullopt;
}

std::optional<PublishedBackend> build_of(const IndexFile& file) {
    const auto& platforms = file.wheel.tag_set().platforms();
    if (file.wheel.name().normalized() != "torch" || !file.backend || platforms.size() != 1) {
        return std::nullopt;
    }
    const PlatformTag platform = PlatformTag::parse(platforms.front());
    std::optional<OperatingSystem> os;
    switch (platform.family()) {
    case PlatformFamily::Linux:
    case PlatformFamily::Manylinux:
    case PlatformFamily::Musllinux:
        os = OperatingSystem::Linux;
        break;
    case PlatformFamily::Windows:
        os = OperatingSystem::Windows;
        break;
    case PlatformFamily::Macos:
        os = OperatingSystem::Macos;
        break;
    case PlatformFamily::Any:
    case PlatformFamily::Other:
        break;
    }
    const auto arch = parse_cpu_arch(platform.arch());
    if (!os || !arch) {
        return std::nullopt;
    }
    return PublishedBackend{file.wheel.version().public_version(), *file.backend, *os, *arch,
                            Projection::None};
}

bool is_torch_family(std::string_view package) noexcept {
    return package == "torch" || package == "torchvision" || package == "torchaudio";
}

} // namespace torchpin
