// What would make an unsolvable request solvable, as values: a stable code, the facts it names and
// its sentence, written here from those facts (the one place hints' text lives).
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/pep/version.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchpin {

enum class HintCode : std::uint8_t {
    NewerDriver,         // a newer NVIDIA driver would allow a build
    RequirementExcludes, // a build fits, but a requirement excludes it
    PythonWithWheels,    // the release has wheels for these Pythons
    LeaveCompanionOut,   // a companion is not released for the newest fitting torch
    AllowCpuFallback,    // --allow-cpu-fallback would install a CPU build
    NoCpuBuildRecorded,  // the matrix records no CPU build for the OS and CPU
    BuildsForGpu,        // the first and the newest build that carry the GPU
};

std::string_view name(HintCode code) noexcept; // "newer-driver", ...
const std::vector<HintCode>& every_hint_code();

struct AnswerHint {
    HintCode code;
    std::vector<std::pair<std::string, std::string>> facts;
    std::string message;

    friend bool operator==(const AnswerHint&, const AnswerHint&) = default;
};

namespace hints_made {

// `build`: "2.4.1+cu118"
AnswerHint newer_driver(const DriverVersion& needed, std::string_view build);
AnswerHint requirement_excludes(std::string_view build, std::string_view requirement);
AnswerHint python_with_wheels(std::string_view build, const std::vector<std::string>& pythons);
AnswerHint leave_companion_out(std::string_view package, const Version& torch,
                               std::string_view build);
AnswerHint allow_cpu_fallback(std::string_view build);
AnswerHint no_cpu_build_recorded(std::string_view os, std::string_view arch);
// `newest` empty: the first is the only one.
AnswerHint builds_for_gpu(std::string_view gpu, std::string_view sm, std::string_view first,
                          std::string_view newest);

} // namespace hints_made

} // namespace torchpin
