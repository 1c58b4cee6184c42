// weigh_facts: each check adds a sentence for or against an issue, naming the fact it read.
// Checks that know what an issue is about are chosen by the issue's id (data/known_issues.toml).
#include "engine/diagnosis/issue_checks.hpp"

#include "engine/hardware/arch_list.hpp"
#include "engine/matrix/known_issue_scope.hpp"
#include "engine/solver/target_machine.hpp"

#include <charconv>

namespace torchpin {

namespace {

// The installed torch build: its label's backend, else PyPI's build of the release here.
struct InstalledBuild {
    Version torch;   // as installed, label included
    Version release; // public version
    Backend backend;
    bool from_pypi = false; // no local label: the backend is PyPI's build for this OS and CPU
};

std::optional<CpuArch> arch_of(const ErrorFacts& facts) {
    if (facts.machine != nullptr && facts.machine->arch) {
        return facts.machine->arch->value;
    }
    return std::nullopt;
}

std::optional<OperatingSystem> os_of(const ErrorFacts& facts) {
    return facts.os ? parse_operating_system(*facts.os) : std::nullopt;
}

std::optional<InstalledBuild> installed_build(const ErrorFacts& facts) {
    if (!facts.torch) {
        return std::nullopt;
    }
    const Version release = facts.torch->public_version();
    if (facts.torch->has_local()) {
        auto backend = Backend::parse(facts.torch->local_label());
        if (!backend) {
            return std::nullopt;
        }
        return InstalledBuild{*facts.torch, release, *backend, false};
    }
    const auto os = os_of(facts);
    const auto arch = arch_of(facts);
    if (facts.matrix == nullptr || !os || !arch) {
        return std::nullopt;
    }
    if (auto backend = facts.matrix->pypi_build(release, *os, *arch)) {
        return InstalledBuild{*facts.torch, release, *backend, true};
    }
    return std::nullopt;
}

std::string build_text(const InstalledBuild& build) {
    return "torch " + build.torch.to_string() +
           (build.from_pypi ? " (PyPI's " + build.backend.to_string() + " build here)" : "");
}

void weigh_os(ErrorCause& cause, const ErrorFacts& facts) {
    const std::string& os = cause.issue.os;
    if (os == "any" || !facts.os) {
        return;
    }
    const auto machine_os = parse_operating_system(*facts.os);
    if (machine_os && issue_concerns_os(cause.issue, *machine_os)) {
        cause.evidence.push_back("it happens on " + os + ", where the message came from");
    } else {
        cause.doubts.push_back("it happens on " + os + " only; the message came from " + *facts.os);
    }
}

void weigh_torch_range(ErrorCause& cause, const ErrorFacts& facts) {
    const KnownIssueFact& issue = cause.issue;
    if (!facts.torch || issue.torch.empty()) {
        return;
    }
    const std::string installed = "torch " + facts.torch->to_string() + " is installed";
    if (issue_concerns_release(issue, facts.torch->public_version())) {
        cause.evidence.push_back(installed + " (affected: " + issue.torch.to_string() + ")");
    } else {
        cause.doubts.push_back(installed + "; the issue affects " + issue.torch.to_string());
    }
}

void weigh_backend(ErrorCause& cause, const ErrorFacts& facts) {
    const auto build = installed_build(facts);
    if (!cause.issue.backend || !build) {
        return;
    }
    const std::string affected = cause.issue.backend->to_string();
    if (issue_concerns_build(cause.issue, build->backend)) {
        cause.evidence.push_back(build_text(*build) + " is the affected " + affected + " build");
    } else {
        cause.doubts.push_back(build_text(*build) + " is not the affected " + affected + " build");
    }
}

void weigh_vc_runtime(ErrorCause& cause, const ErrorFacts& facts) {
    if (!cause.issue.unless_vc_runtime || facts.machine == nullptr) {
        return;
    }
    const auto runtime = vc_runtime_of(facts.machine->windows);
    if (!runtime) {
        return;
    }
    const std::string& needed = cause.issue.unless_vc_runtime->to_string();
    const std::string have = "this machine's Visual C++ runtime " + runtime->to_string();
    if (!issue_ruled_out_by(cause.issue, *runtime)) {
        cause.evidence.push_back(have + " is older than " + needed);
    } else {
        cause.doubts.push_back(have + " is " + needed + " or newer");
    }
}

std::string arch_list_text(const std::vector<ArchTarget>& list) {
    std::string text;
    for (const ArchTarget& target : list) {
        text += (text.empty() ? "" : " ") + target.capability.sm() + (target.ptx ? "+PTX" : "");
    }
    return text;
}

// "no kernel image": the machine's GPUs against the build's arch list.
void weigh_arch_list(ErrorCause& cause, const ErrorFacts& facts) {
    const auto build = installed_build(facts);
    const auto os = os_of(facts);
    const auto arch = arch_of(facts);
    if (!build || facts.machine == nullptr || facts.matrix == nullptr || !os || !arch) {
        return;
    }
    if (build->backend.kind() != BackendKind::Cuda) {
        cause.doubts.push_back(build_text(*build) + " is not a CUDA build");
        return;
    }
    const auto cuda = facts.matrix->cuda_of(build->backend, build->release, os);
    const ArchListFact* list = facts.matrix->arch_list(build->release, build->backend, *os, *arch);
    if (!cuda || list == nullptr) {
        return;
    }
    for (const NvidiaGpu& gpu : facts.machine->nvidia.gpus) {
        if (!gpu.compute_capability) {
            continue;
        }
        const ComputeCapability capability = gpu.compute_capability->value;
        const GpuFit fit = fit_on_gpu(list->arch_list, *cuda, capability,
                                      facts.matrix->first_cuda_for(capability));
        const std::string where = capability.sm() + (gpu.name.empty() ? "" : " (" + gpu.name + ")");
        const std::string of_build =
            build_text(*build) + "'s arch list (" + arch_list_text(list->arch_list) + ")";
        if (fit == GpuFit::NotBuilt) {
            cause.evidence.push_back(where + " is not in " + of_build);
        } else if (fit == GpuFit::CudaTooOld) {
            cause.evidence.push_back(where + " is newer than CUDA " + cuda->to_string() +
                                     ", which " + build_text(*build) + " is built with");
        } else {
            cause.doubts.push_back(where + " runs " + of_build);
        }
    }
}

// The CUDA version in "The NVIDIA driver on your system is too old (found version 11040)".
std::optional<CudaVersion> reported_driver_cuda(std::string_view message) {
    constexpr std::string_view marker = "found version ";
    const auto at = message.find(marker);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    const std::string_view digits = message.substr(at + marker.size());
    unsigned value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc{} || end == digits.data()) {
        return std::nullopt;
    }
    return CudaVersion(value / 1000, value % 1000 / 10);
}

// The driver messages: the machine's driver against the minimum of the build's CUDA.
void weigh_driver(ErrorCause& cause, std::string_view message, const ErrorFacts& facts) {
    const auto build = installed_build(facts);
    const auto os = os_of(facts);
    std::optional<CudaVersion> cuda;
    if (build && facts.matrix != nullptr && build->backend.kind() == BackendKind::Cuda) {
        cuda = facts.matrix->cuda_of(build->backend, build->release, os);
    }
    if (const auto reported = reported_driver_cuda(message)) {
        cause.evidence.push_back("the driver reports CUDA " + reported->to_string() +
                                 " as the newest it runs");
        if (cuda && *reported < *cuda) {
            cause.evidence.push_back(build_text(*build) + " is built with CUDA " +
                                     cuda->to_string());
        } else if (cuda) {
            cause.doubts.push_back(build_text(*build) + " is built with CUDA " + cuda->to_string() +
                                   ", which that driver runs");
        }
    }
    if (!cuda || !os || facts.machine == nullptr || !facts.machine->nvidia.driver ||
        !facts.machine->nvidia.driver->value) {
        return;
    }
    const auto needed = facts.matrix->direct_requirement(*cuda, *os);
    if (!needed) {
        return;
    }
    const DriverVersion& have = *facts.machine->nvidia.driver->value;
    const std::string text = "driver " + have.to_string() + " is ";
    const std::string minimum =
        (needed->branch_only ? "CUDA " + cuda->to_string() + "'s driver branch R"
                             : "CUDA " + cuda->to_string() + "'s minimum ") +
        needed->driver.to_string() + " (" + build_text(*build) + ")";
    if (have < needed->driver) {
        cause.evidence.push_back(text + "below " + minimum);
    } else {
        cause.doubts.push_back(text + "at least " + minimum);
    }
}

// torchvision::nms: the installed torchvision against torch's build and paired release.
void weigh_torchvision(ErrorCause& cause, const ErrorFacts& facts) {
    if (!facts.torch || !facts.torchvision) {
        return;
    }
    const Version& torch = *facts.torch;
    const Version& vision = *facts.torchvision;
    const auto label = [](const Version& v) {
        return v.has_local() ? v.local_label() : std::string("none");
    };
    const std::string pair =
        "torch " + torch.to_string() + " and torchvision " + vision.to_string();
    if (torch.local_label() != vision.local_label()) {
        cause.evidence.push_back(pair + " are of different builds (labels " + label(torch) +
                                 " and " + label(vision) + ")");
    } else {
        cause.doubts.push_back(pair + " are of the same build (label " + label(torch) + ")");
    }
    const ReleaseFact* release =
        facts.matrix != nullptr ? facts.matrix->release(torch.public_version()) : nullptr;
    if (release == nullptr || !release->torchvision) {
        return;
    }
    const std::string paired = "torch " + torch.public_version().to_string() +
                               " is released with torchvision " + release->torchvision->to_string();
    if (*release->torchvision == vision.public_version()) {
        cause.doubts.push_back(paired + ", the one installed");
    } else {
        cause.evidence.push_back(paired + ", not " + vision.public_version().to_string());
    }
}

// "Torch not compiled with CUDA enabled": whether the installed build has CUDA.
void weigh_cuda_build(ErrorCause& cause, const ErrorFacts& facts) {
    const auto build = installed_build(facts);
    if (!build) {
        return;
    }
    switch (build->backend.kind()) {
    case BackendKind::Cpu:
    case BackendKind::Xpu:
        cause.evidence.push_back(build_text(*build) + " is a " + build->backend.name() +
                                 " build, without CUDA");
        break;
    case BackendKind::Cuda:
        cause.doubts.push_back(build_text(*build) + " is a CUDA build");
        break;
    case BackendKind::Rocm:
        break;
    }
}

} // namespace

void weigh_facts(ErrorCause& cause, std::string_view message, const ErrorFacts& facts) {
    weigh_os(cause, facts);
    weigh_torch_range(cause, facts);
    weigh_backend(cause, facts);
    weigh_vc_runtime(cause, facts);
    const std::string& decided_by = cause.issue.decided_by;
    if (decided_by == "gpu-arch") {
        weigh_arch_list(cause, facts);
    } else if (decided_by == "driver") {
        weigh_driver(cause, message, facts);
    } else if (decided_by == "torchvision-pairing") {
        weigh_torchvision(cause, facts);
    } else if (decided_by == "cuda-build") {
        weigh_cuda_build(cause, facts);
    }
}

bool is_decisive_fact(std::string_view name) noexcept {
    return name == "gpu-arch" || name == "driver" || name == "torchvision-pairing" ||
           name == "cuda-build";
}

} // namespace torchpin
