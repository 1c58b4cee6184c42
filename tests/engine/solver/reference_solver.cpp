// reference_resolve: every combination, every rule written out once more in the plainest way.
#include "tests/engine/solver/reference_solver.hpp"

#include <algorithm>
#include <tuple>

namespace torchpin::test {

namespace {

struct Combination {
    const ReleaseFact* release;
    Backend backend;
    int driver_rank; // 0 direct, 1 minor-version, 2 not needed
    bool unverified; // no arch or gfx list known for the build
    bool same_minor; // minor-version, but the driver meets another release of its CUDA minor
    int gfx_rank;    // 0 every AMD GPU built (or none), 1 HSA override, 2 no gfx list known
};

std::optional<CudaVersion> toolkit(const CompatMatrix& m, const Backend& backend) {
    std::optional<CudaVersion> cuda = backend.cuda_version();
    for (const auto& [b, c] : m.backend_cuda) {
        if (b == backend) {
            cuda = c;
        }
    }
    return cuda;
}

bool driver_meets_some_release_of_the_minor(const CompatMatrix& m, const TargetMachine& machine,
                                            const Backend& backend) {
    const auto cuda = toolkit(m, backend);
    for (const CudaDriverFact& f : m.cuda_drivers) {
        if (cuda && f.os == machine.tags.os && f.cuda.major() == cuda->major() &&
            f.cuda.minor() == cuda->minor() && f.minimum && machine.nvidia_driver &&
            !(*machine.nvidia_driver < *f.minimum)) {
            return true;
        }
    }
    return false;
}

bool has_arch_list(const CompatMatrix& m, const TargetMachine& machine, const Version& torch,
                   const Backend& backend) {
    return std::any_of(m.arch_lists.begin(), m.arch_lists.end(), [&](const ArchListFact& a) {
        return a.backend == backend && a.os == machine.tags.os && a.arch == machine.tags.arch &&
               a.torch.contains(torch, true);
    });
}

bool requirement_allows(const ResolveRequest& request, const std::string& package,
                        const Version& version) {
    for (const Requirement& r : request.requirements) {
        if (r.name().normalized() == package && !r.specifier().contains(version, true)) {
            return false;
        }
    }
    return true;
}

bool wanted(const ResolveRequest& request, const std::string& package) {
    return std::any_of(request.requirements.begin(), request.requirements.end(),
                       [&](const Requirement& r) { return r.name().normalized() == package; });
}

// 0 direct, 1 minor-version, -1 too old.
int driver_rank(const CompatMatrix& m, const TargetMachine& machine, const Backend& backend) {
    std::optional<CudaVersion> cuda = backend.cuda_version();
    for (const auto& [b, c] : m.backend_cuda) {
        if (b == backend) {
            cuda = c;
        }
    }
    if (!machine.nvidia_driver || !cuda) {
        return -1;
    }
    std::optional<DriverVersion> minimum;
    for (const CudaDriverFact& f : m.cuda_drivers) {
        if (f.os == machine.tags.os && f.cuda == *cuda) {
            minimum = f.minimum;
        }
    }
    for (const CudaBranch& b : m.cuda_branches) { // no release minimum: the minor's branch
        if (!minimum && b.cuda.major() == cuda->major() && b.cuda.minor() == cuda->minor()) {
            minimum = b.branch;
        }
    }
    if (minimum && !(*machine.nvidia_driver < *minimum)) {
        return 0;
    }
    for (const CompatFloor& f : m.compat_floors) {
        if (f.os == machine.tags.os && f.cuda_major == cuda->major() &&
            !(*machine.nvidia_driver < f.minimum)) {
            return 1;
        }
    }
    return -1;
}

bool listed(const std::vector<std::string>& list, const std::string& gfx) {
    return std::find(list.begin(), list.end(), gfx) != list.end();
}

// 0 every AMD GPU in the build's list, 1 the rest run under one HSA override value, 2 no list
// known; -1 the build cannot run them.
int gfx_rank(const CompatMatrix& m, const TargetMachine& machine, const Version& torch,
             const Backend& backend) {
    const RocmTargets* targets = nullptr; // the row for this release, else the unranged one
    for (const RocmTargets& t : *m.rocm_targets) {
        if (t.backend == backend && t.torch && t.torch->contains(torch, true)) {
            targets = &t;
        }
    }
    for (const RocmTargets& t : *m.rocm_targets) {
        targets = targets == nullptr && t.backend == backend && !t.torch ? &t : targets;
    }
    if (machine.rocm_gfx.empty()) {
        return 0;
    }
    if (targets == nullptr) {
        return 2;
    }
    std::vector<std::string> values;  // the override value each GPU outside the list needs
    std::vector<std::string> runs_as; // and the target it runs as
    for (const std::string& gfx : machine.rocm_gfx) {
        if (listed(targets->gfx, gfx)) {
            continue;
        }
        const HsaOverrideFact* fact = nullptr;
        for (const HsaOverrideFact& o : *m.hsa_overrides) {
            fact = o.gfx == gfx ? &o : fact;
        }
        if (fact == nullptr || machine.tags.os != OperatingSystem::Linux ||
            !listed(targets->gfx, fact->runs_as) ||
            (fact->rocm_up_to && *fact->rocm_up_to < *backend.rocm_version())) {
            return -1;
        }
        values.push_back(fact->hsa_version);
        runs_as.push_back(fact->runs_as);
    }
    if (values.empty()) {
        return 0;
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] != values.front()) {
            return -1;
        }
    }
    for (const std::string& gfx : machine.rocm_gfx) {
        if (listed(targets->gfx, gfx) && gfx != runs_as.front()) {
            return -1;
        }
    }
    return 1;
}

bool gpus_run(const CompatMatrix& m, const TargetMachine& machine, const Version& torch,
              const Backend& backend) {
    const ArchListFact* list = nullptr;
    for (const ArchListFact& a : m.arch_lists) {
        if (list == nullptr && a.backend == backend && a.os == machine.tags.os &&
            a.arch == machine.tags.arch && a.torch.contains(torch, true)) {
            list = &a;
        }
    }
    if (list == nullptr) {
        return true; // unverified, as the real resolver warns
    }
    std::optional<CudaVersion> cuda;
    for (const auto& [b, c] : m.backend_cuda) {
        if (b == backend) {
            cuda = c;
        }
    }
    for (const auto& gpu : machine.nvidia_gpus) {
        std::optional<CudaVersion> first;
        for (const auto& [cc, c] : m.first_cuda) {
            if (cc == gpu.capability) {
                first = c;
            }
        }
        bool runs = false;
        for (const ArchTarget& t : list->arch_list) {
            runs = runs || (t.capability.major() == gpu.capability.major() &&
                            t.capability.minor() <= gpu.capability.minor());
        }
        if (!runs) {
            for (const ArchTarget& t : list->arch_list) {
                runs = runs ||
                       (t.ptx && t.capability <= gpu.capability && (!first || !(*cuda < *first)));
            }
        }
        if (!runs) {
            return false;
        }
    }
    return true;
}

bool python_ok(const ReleaseFact& release, const TargetMachine& machine) {
    const PythonTarget& p = machine.tags.python;
    const std::string label =
        std::to_string(p.major) + "." + std::to_string(p.minor) + (p.is_free_threaded() ? "t" : "");
    return release.python.empty() ||
           std::find(release.python.begin(), release.python.end(), label) != release.python.end();
}

} // namespace

std::optional<ReferenceAnswer> reference_resolve(const CompatMatrix& m,
                                                 const TargetMachine& machine,
                                                 const ResolveRequest& request) {
    std::vector<Combination> ok;
    for (const ReleaseFact& release : m.releases) {
        for (const PublishedBackend& p : m.published) {
            if (p.torch != release.torch || p.os != machine.tags.os ||
                p.arch != machine.tags.arch) {
                continue;
            }
            const Backend& b = p.backend;
            if (request.backend && !(*request.backend == b)) {
                continue;
            }
            const bool gpu = machine.has_gpu();
            if (!request.backend) {
                if (b.kind() == BackendKind::Cpu && gpu && !request.allow_cpu_fallback)
                    continue;
                if (b.kind() == BackendKind::Cuda && machine.nvidia_gpus.empty() &&
                    !machine.nvidia_driver)
                    continue;
                if (b.kind() == BackendKind::Rocm && machine.rocm_gfx.empty())
                    continue;
                if (b.kind() == BackendKind::Xpu && !machine.intel_xpu_gpu)
                    continue;
            }
            const Version torch_pin =
                release.install_style == std::optional<std::string>("local-label")
                    ? release.torch.with_local(b.to_string())
                    : release.torch;
            if (!requirement_allows(request, "torch", torch_pin) || !python_ok(release, machine))
                continue;
            bool companions_ok = true;
            for (const std::string package : {"torchvision", "torchaudio"}) {
                if (!wanted(request, package))
                    continue;
                const auto& paired =
                    package == "torchvision" ? release.torchvision : release.torchaudio;
                if (!paired) {
                    companions_ok = false;
                    continue;
                }
                const Version pin =
                    release.install_style == std::optional<std::string>("local-label")
                        ? paired->with_local(b.to_string())
                        : *paired;
                companions_ok = companions_ok && requirement_allows(request, package, pin);
            }
            if (!companions_ok)
                continue;
            int amd_rank = 0;
            if (b.kind() == BackendKind::Rocm) {
                amd_rank = gfx_rank(m, machine, release.torch, b);
                if (amd_rank < 0)
                    continue;
            }
            int rank = 2;
            bool unverified = false;
            if (b.kind() == BackendKind::Cuda) {
                rank = driver_rank(m, machine, b);
                if (rank < 0 || !gpus_run(m, machine, release.torch, b))
                    continue;
                unverified =
                    !machine.nvidia_gpus.empty() && !has_arch_list(m, machine, release.torch, b);
            }
            if (b.kind() == BackendKind::Rocm) {
                unverified = amd_rank == 2;
            }
            const bool same_minor =
                rank == 1 && driver_meets_some_release_of_the_minor(m, machine, b);
            ok.push_back({&release, b, rank, unverified, same_minor, amd_rank});
        }
    }
    if (ok.empty()) {
        return std::nullopt;
    }
    const auto key = [&](const Combination& c) {
        const bool fallback = machine.has_gpu() && c.backend.kind() == BackendKind::Cpu;
        return std::tuple(fallback, c.driver_rank);
    };
    const Combination best =
        *std::min_element(ok.begin(), ok.end(), [&](const Combination& a, const Combination& b) {
            if (std::get<0>(key(a)) != std::get<0>(key(b)))
                return std::get<0>(key(a)) < std::get<0>(key(b));
            if (a.release->torch != b.release->torch)
                return b.release->torch < a.release->torch;
            if (a.unverified != b.unverified)
                return b.unverified;
            if (a.driver_rank != b.driver_rank)
                return a.driver_rank < b.driver_rank;
            if (a.same_minor != b.same_minor)
                return a.same_minor;
            if (a.gfx_rank != b.gfx_rank)
                return a.gfx_rank < b.gfx_rank;
            return b.backend < a.backend;
        });
    static constexpr const char* fits[] = {"direct", "minor-version", "not-needed"};
    return ReferenceAnswer{best.release->torch.to_string(), best.backend.to_string(),
                           fits[best.driver_rank]};
}

} // namespace torchpin::test
