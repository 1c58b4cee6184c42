// Small in-memory matrices for resolver tests: releases, backends, drivers and arch lists built
// from literals, so each test states exactly the facts it reasons about.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/solver/solver.hpp"

#include <string>
#include <vector>

namespace torchpin::test {

class MatrixBuilder {
public:
    // A release with its paired versions and Python list ("3.10 3.11 3.12").
    MatrixBuilder& release(const std::string& torch, const std::string& torchvision,
                           const std::string& torchaudio, const std::string& python);
    // How the release's install commands select a variant: "local-label" (release()'s default),
    // "index-url" (bare versions and --index-url).
    MatrixBuilder& install_style(const std::string& torch, const std::string& style);
    // Only the series of a companion is known for `torch` ("torchvision", "0.26").
    MatrixBuilder& companion_series(const std::string& torch, const std::string& package,
                                    const std::string& series);
    // Published for Linux x86_64 unless os/arch say otherwise.
    MatrixBuilder& published(const std::string& torch, const std::string& backend,
                             OperatingSystem os = OperatingSystem::Linux,
                             CpuArch arch = CpuArch::X86_64);
    // Published as expected from nightlies only (release_backend evidence "projected").
    MatrixBuilder& projected(const std::string& torch, const std::string& backend);
    MatrixBuilder& cuda(const std::string& backend, const std::string& cuda_version,
                        const std::string& linux_minimum_driver);
    // A toolkit release's Linux driver minimum alone (no backend is built with it).
    MatrixBuilder& driver(const std::string& cuda_version, const std::string& linux_minimum_driver);
    // The toolkit of one release's build where it is not the backend's, with its Linux minimum;
    // `os`: that system's build only.
    MatrixBuilder& release_cuda(const std::string& torch, const std::string& backend,
                                const std::string& cuda_version,
                                const std::string& linux_minimum_driver,
                                std::optional<OperatingSystem> os = std::nullopt);
    // A companion release requiring a torch range, published with `released_with`.
    MatrixBuilder& companion_range(const std::string& package, const std::string& version,
                                   const std::string& torch_spec, const std::string& released_with);
    MatrixBuilder& compat_floor(std::uint32_t major, const std::string& minimum,
                                OperatingSystem os = OperatingSystem::Linux);
    MatrixBuilder& arch_list(const std::string& torch_spec, const std::string& backend,
                             const std::string& archs);
    MatrixBuilder& first_cuda(const std::string& sm, const std::string& cuda_version);
    // `torch`: the releases the list is for (">=2.14,<2.15"); empty: every other release.
    MatrixBuilder& rocm(const std::string& backend, const std::string& gfx,
                        const std::string& torch = "");
    // HSA_OVERRIDE_GFX_VERSION=`hsa_version` runs a `gfx` GPU as `runs_as` ("" rocm_up_to: any
    // ROCm); its chip is "chip of <gfx>".
    MatrixBuilder& hsa_override(const std::string& gfx, const std::string& hsa_version,
                                const std::string& runs_as, const std::string& rocm_up_to = "");
    MatrixBuilder& known_issue(const std::string& id, const std::string& os,
                               const std::string& torch_spec);
    // A wheel file of the given name, listed as PyTorch lists it on the backend's folder.
    MatrixBuilder& wheel(const std::string& file_name, const std::string& backend);
    // A file of a wheel list ("data/wheels/list.json": files a lockfile pins, some of an index's)
    // at `url`; its backend is its local label's, else its URL folder's, as the importer reads it.
    MatrixBuilder& listed_wheel(const std::string& url);

    const CompatMatrix& matrix() const { return matrix_; }

private:
    CompatMatrix matrix_;
};

// A Linux x86_64 machine with CPython `python` ("3.11", "3.13t"), glibc 2.35, and the driver and
// GPUs given ("535.104.05", {"8.6"}).
TargetMachine linux_machine(const std::string& python, const std::string& driver,
                            const std::vector<std::string>& gpu_capabilities);

// "torch torchvision torchaudio" -> requirements.
ResolveRequest request_for(const std::vector<std::string>& requirements);

} // namespace torchpin::test
