// MatrixBuilder and the machine/request helpers for resolver tests.
#include "tests/support/synthetic_matrix.hpp"

#include <algorithm>
#include <sstream>

namespace torchpin::test {

namespace {

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

} // namespace

MatrixBuilder& MatrixBuilder::release(const std::string& torch, const std::string& torchvision,
                                      const std::string& torchaudio, const std::string& python) {
    ReleaseFact r;
    r.torch = Version::from(torch);
    r.python = split(python);
    r.install_style = "local-label";
    if (!torchvision.empty()) {
        r.torchvision = Version::from(torchvision);
    }
    if (!torchaudio.empty()) {
        r.torchaudio = Version::from(torchaudio);
    } else {
        r.torchaudio_note = "torchaudio is not released for this torch";
    }
    matrix_.releases.push_back(std::move(r));
    std::sort(matrix_.releases.begin(), matrix_.releases.end(),
              [](const ReleaseFact& a, const ReleaseFact& b) { return b.torch < a.torch; });
    return *this;
}

MatrixBuilder& MatrixBuilder::published(const std::string& torch, const std::string& backend,
                                        OperatingSystem os, CpuArch arch) {
    matrix_.published.push_back(
        PublishedBackend{Version::from(torch), Backend::from(backend), os, arch});
    return *this;
}

MatrixBuilder& MatrixBuilder::install_style(const std::string& torch, const std::string& style) {
    for (ReleaseFact& r : matrix_.releases) {
        if (r.torch == Version::from(torch)) {
            r.install_style = style;
        }
    }
    return *this;
}

MatrixBuilder& MatrixBuilder::companion_series(const std::string& torch, const std::string& package,
                                               const std::string& series) {
    for (ReleaseFact& r : matrix_.releases) {
        if (r.torch == Version::from(torch)) {
            (package == "torchvision" ? r.torchvision : r.torchaudio).reset();
            (package == "torchvision" ? r.torchvision_series : r.torchaudio_series) = series;
        }
    }
    return *this;
}

MatrixBuilder& MatrixBuilder::projected(const std::string& torch, const std::string& backend) {
    published(torch, backend);
    matrix_.published.back().projection = Projection::Expected;
    return *this;
}

MatrixBuilder& MatrixBuilder::driver(const std::string& cuda_version,
                                     const std::string& linux_minimum_driver) {
    matrix_.cuda_drivers.push_back(CudaDriverFact{CudaVersion::from(cuda_version),
                                                  OperatingSystem::Linux,
                                                  DriverVersion::from(linux_minimum_driver)});
    return *this;
}

MatrixBuilder& MatrixBuilder::release_cuda(const std::string& torch, const std::string& backend,
                                           const std::string& cuda_version,
                                           const std::string& linux_minimum_driver,
                                           std::optional<OperatingSystem> os) {
    matrix_.release_cuda.push_back(ReleaseCuda{Version::from(torch), Backend::from(backend),
                                               CudaVersion::from(cuda_version), os});
    return driver(cuda_version, linux_minimum_driver);
}

MatrixBuilder& MatrixBuilder::companion_range(const std::string& package,
                                              const std::string& version,
                                              const std::string& torch_spec,
                                              const std::string& released_with) {
    matrix_.companion_ranges.push_back(CompanionRange{package, Version::from(version),
                                                      SpecifierSet::from(torch_spec),
                                                      Version::from(released_with)});
    return *this;
}

MatrixBuilder& MatrixBuilder::cuda(const std::string& backend, const std::string& cuda_version,
                                   const std::string& linux_minimum_driver) {
    matrix_.backend_cuda.emplace_back(Backend::from(backend), CudaVersion::from(cuda_version));
    matrix_.cuda_drivers.push_back(CudaDriverFact{CudaVersion::from(cuda_version),
                                                  OperatingSystem::Linux,
                                                  DriverVersion::from(linux_minimum_driver)});
    return *this;
}

MatrixBuilder& MatrixBuilder::compat_floor(std::uint32_t major, const std::string& minimum,
                                           OperatingSystem os) {
    matrix_.compat_floors.push_back(
        CompatFloor{major, os, DriverVersion::from(minimum), std::nullopt});
    return *this;
}

MatrixBuilder& MatrixBuilder::arch_list(const std::string& torch_spec, const std::string& backend,
                                        const std::string& archs) {
    matrix_.arch_lists.push_back(
        ArchListFact{SpecifierSet::from(torch_spec), Backend::from(backend), OperatingSystem::Linux,
                     CpuArch::X86_64, parse_arch_list(archs).value(), "build-script"});
    return *this;
}

MatrixBuilder& MatrixBuilder::first_cuda(const std::string& sm, const std::string& cuda_version) {
    matrix_.first_cuda.emplace_back(ComputeCapability::from(sm), CudaVersion::from(cuda_version));
    return *this;
}

MatrixBuilder& MatrixBuilder::rocm(const std::string& backend, const std::string& gfx,
                                   const std::string& torch) {
    std::vector<RocmTargets> targets = *matrix_.rocm_targets;
    targets.push_back(
        RocmTargets{Backend::from(backend), split(gfx),
                    torch.empty() ? std::nullopt : std::optional(SpecifierSet::from(torch))});
    matrix_.rocm_targets = std::move(targets);
    return *this;
}

MatrixBuilder& MatrixBuilder::hsa_override(const std::string& gfx, const std::string& hsa_version,
                                           const std::string& runs_as,
                                           const std::string& rocm_up_to) {
    std::vector<HsaOverrideFact> overrides = *matrix_.hsa_overrides;
    overrides.push_back(HsaOverrideFact{
        gfx,
        "chip of " + gfx,
        hsa_version,
        runs_as,
        rocm_up_to.empty() ? std::nullopt : std::optional(RocmVersion::from(rocm_up_to)),
        "a source sets " + hsa_version + " for " + gfx,
        {"a-source"}});
    matrix_.hsa_overrides = std::move(overrides);
    return *this;
}

MatrixBuilder& MatrixBuilder::known_issue(const std::string& id, const std::string& os,
                                          const std::string& torch_spec) {
    matrix_.known_issues.push_back(KnownIssueFact{id,
                                                  os,
                                                  SpecifierSet::from(torch_spec),
                                                  std::nullopt,
                                                  "error",
                                                  "an error",
                                                  "a cause",
                                                  "a fix",
                                                  {},
                                                  "",
                                                  "",
                                                  std::nullopt});
    return *this;
}

MatrixBuilder& MatrixBuilder::wheel(const std::string& file_name, const std::string& backend) {
    const std::string folder = "https://download.pytorch.org/whl/" + backend + "/";
    matrix_.wheels.push_back(IndexFile{folder, WheelFilename::from(file_name),
                                       Backend::from(backend), folder + file_name, std::nullopt,
                                       std::nullopt, false, "", std::nullopt, std::nullopt,
                                       Provenance::Observed, std::nullopt});
    return *this;
}

MatrixBuilder& MatrixBuilder::listed_wheel(const std::string& url) {
    const std::string list = "data/wheels/list.json";
    std::string file_name = url.substr(url.rfind('/') + 1);
    if (const auto plus = file_name.find("%2B"); plus != std::string::npos) {
        file_name.replace(plus, 3, "+");
    }
    const WheelFilename wheel = WheelFilename::from(file_name);
    const std::string label = wheel.version().local_label();
    const auto folder = Backend::parse_index_url(url);
    matrix_.wheels.push_back(
        IndexFile{list, wheel,
                  !label.empty() ? std::optional(Backend::from(label))
                                 : (folder ? std::optional(*folder) : std::nullopt),
                  url, std::string(64, 'a'), std::nullopt, false, "", std::nullopt, std::nullopt,
                  Provenance::Observed, "a lockfile"});
    matrix_.wheel_lists.insert(list);
    return *this;
}

TargetMachine linux_machine(const std::string& python, const std::string& driver,
                            const std::vector<std::string>& gpu_capabilities) {
    TargetMachine m;
    m.tags.python = PythonTarget::parse("cp" + python).value();
    m.tags.glibc = OsVersion{2, 35};
    if (!driver.empty()) {
        m.nvidia_driver = DriverVersion::from(driver);
    }
    for (const std::string& cc : gpu_capabilities) {
        m.nvidia_gpus.push_back({"", ComputeCapability::from(cc)});
    }
    return m;
}

ResolveRequest request_for(const std::vector<std::string>& requirements) {
    ResolveRequest request;
    for (const std::string& r : requirements) {
        request.requirements.push_back(Requirement::from(r));
    }
    return request;
}

} // namespace torchpin::test
