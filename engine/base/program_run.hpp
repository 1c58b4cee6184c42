// Running a probe's helper program (nvidia-smi, python) with a deadline, capturing its output.
#pragma once

#include "engine/base/host_system.hpp"
#include "engine/base/utf8_path.hpp"

#include <chrono>
#include <filesystem>
#include <map>
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

// What a run may give the program besides its arguments.
struct ProgramInput {
    std::string text;                               // its standard input; empty: /dev/null (NUL)
    std::map<std::string, std::string> environment; // added to (or replacing) this process's
};

// Runs `program` with `args` (no shell; on Windows one command line quoted as
// CommandLineToArgvW splits it), stdin from /dev/null (NUL), until it exits or `timeout`
// passes: run_program("/usr/bin/nvidia-smi", {"--query-gpu=name", "--format=csv"}, 2s).
ProgramRun run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout, const ProgramInput& input = {});

// The first program `name` in the directories of a PATH value, by the rules of `host`:
// find_on_path("nvidia-smi", "/usr/local/bin:/usr/bin") takes an executable file;
// on Windows the entries are ';'-separated and "nvidia-smi" also matches nvidia-smi.exe (.com,
// .bat, .cmd). Empty entries are skipped.
std::optional<std::filesystem::path> find_on_path(std::string_view name, std::string_view path,
                                                  HostKind host = host_kind());

// Whether `candidate` is a program file: a regular file, on POSIX with an execute bit.
bool is_program_file(const std::filesystem::path& candidate, HostKind host = host_kind());

// The names a program `name` may have on `host`: POSIX only the name itself; Windows the name
// with .exe, .com, .bat, .cmd appended, after the bare name when it already has a suffix.
std::vector<std::string> program_suffixes(std::string_view name, HostKind host);

} // namespace torchpin
