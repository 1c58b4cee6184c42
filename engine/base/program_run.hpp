// Running a probe's helper program (nvidia-smi, python) with a deadline, capturing its output.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// How a run ended. A program that outlives its deadline is killed with its whole process group.
struct ProgramRun {
    enum class Outcome { Exited, Signalled, TimedOut, NotStarted };
    Outcome outcome = Outcome::NotStarted;
    int exit_code = -1; // Exited: the status; Signalled: the signal number
    std::string out;
    std::string err;
    std::string problem; // NotStarted: why ("No such file or directory")

    bool succeeded() const noexcept { return outcome == Outcome::Exited && exit_code == 0; }
    // For notes: "exited with status 9", "timed out after 2 s and was killed".
    std::string describe(std::chrono::milliseconds timeout) const;
};

// Runs `program` with `args` (no shell), stdin from /dev/null, until it exits or `timeout`
// passes: run_program("/usr/bin/nvidia-smi", {"--query-gpu=name", "--format=csv"}, 2s).
ProgramRun run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout);

// The first executable `name` in the directories of a PATH value:
// find_on_path("nvidia-smi", "/usr/local/bin:/usr/bin"). Empty entries are skipped.
std::optional<std::filesystem::path> find_on_path(std::string_view name, std::string_view path);

} // namespace torchpin
