// The hints' codes and sentences.
#include "engine/solver/answer_hint.hpp"

#include "engine/solver/stated_codes.hpp"

namespace torchpin {

namespace {

constexpr std::array code_names{
    std::pair{HintCode::NewerDriver, "newer-driver"},
    std::pair{HintCode::RequirementExcludes, "requirement-excludes"},
    std::pair{HintCode::PythonWithWheels, "python-with-wheels"},
    std::pair{HintCode::LeaveCompanionOut, "leave-companion-out"},
    std::pair{HintCode::AllowCpuFallback, "allow-cpu-fallback"},
    std::pair{HintCode::NoCpuBuildRecorded, "no-cpu-build-recorded"},
    std::pair{HintCode::BuildsForGpu, "builds-for-gpu"},
};

} // namespace

std::string_view name(HintCode code) noexcept {
    return code_name(code_names, code);
}

const std::vector<HintCode>& every_hint_code() {
    static const std::vector<HintCode> all = codes_of(code_names);
    return all;
}

namespace hints_made {

AnswerHint newer_driver(const DriverVersion& needed, std::string_view build) {
    return {HintCode::NewerDriver,
            {{"driver", needed.to_string()}, {"build", std::string(build)}},
            "an NVIDIA driver >= " + needed.to_string() + " would allow torch " +
                std::string(build)};
}

AnswerHint requirement_excludes(std::string_view build, std::string_view requirement) {
    return {HintCode::RequirementExcludes,
            {{"build", std::string(build)}, {"requirement", std::string(requirement)}},
            "torch " + std::string(build) + " fits this machine but " + std::string(requirement) +
                " excludes it"};
}

AnswerHint python_with_wheels(std::string_view build, const std::vector<std::string>& pythons) {
    std::string list;
    for (const std::string& p : pythons) {
        list += (list.empty() ? "" : " ") + p;
    }
    return {HintCode::PythonWithWheels,
            {{"build", std::string(build)}, {"pythons", list}},
            "torch " + std::string(build) + " has wheels for Python " + join_words(pythons)};
}

AnswerHint leave_companion_out(std::string_view package, const Version& torch,
                               std::string_view build) {
    return {HintCode::LeaveCompanionOut,
            {{"package", std::string(package)},
             {"torch", torch.to_string()},
             {"build", std::string(build)}},
            std::string(package) + " is not released for torch " + torch.to_string() + ": leave " +
                std::string(package) + " out of the request to get torch " + std::string(build)};
}

AnswerHint allow_cpu_fallback(std::string_view build) {
    return {HintCode::AllowCpuFallback,
            {{"build", std::string(build)}},
            "--allow-cpu-fallback would install torch " + std::string(build) +
                " (no GPU acceleration)"};
}

AnswerHint no_cpu_build_recorded(std::string_view os, std::string_view arch) {
    return {HintCode::NoCpuBuildRecorded,
            {{"os", std::string(os)}, {"arch", std::string(arch)}},
            "the matrix records no CPU build for " + std::string(os) + " " + std::string(arch) +
                " (unknown, not necessarily unpublished): --backend cpu asks for one anyway, "
                "'torchpin update' may add them"};
}

AnswerHint builds_for_gpu(std::string_view gpu, std::string_view sm, std::string_view first,
                          std::string_view newest) {
    return {HintCode::BuildsForGpu,
            {{"gpu", std::string(gpu)},
             {"first", std::string(first)},
             {"newest", std::string(newest.empty() ? first : newest)}},
            "the first build for " + std::string(gpu) + " is " + std::string(first) +
                (newest.empty() ? "" : "; the newest is " + std::string(newest)) +
                " (builds that carry " + std::string(sm) + ")"};
}

} // namespace hints_made

} // namespace torchpin
