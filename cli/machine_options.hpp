// The options that describe a machine (--machine, --os, --arch, --python, --glibc, --driver,
// --gpu, --rocm-gfx, --cpu-only), shared by detect, resolve, which, explain, check and doctor.
#pragma once

#include "cli/global_options.hpp"
#include "engine/machine.hpp"

#include <optional>
#include <string>
#include <vector>

#include <CLI/App.hpp>

namespace torchpin::cli {

struct MachineOptions {
    std::vector<std::string> machine_files; // --machine FILE ("-": stdin); repeatable for check
    std::optional<std::string> os;          // --os linux|windows|macos
    std::optional<std::string> arch;        // --arch x86_64|aarch64|arm64|amd64
    std::optional<std::string> python;      // --python 3.11|3.13t
    std::optional<std::string> glibc;       // --glibc 2.28
    std::optional<std::string> driver;      // --driver 535.104.05|none
    std::vector<std::string> gpus;          // --gpu 8.6|sm_86|"RTX 3090"|10de:2204
    std::vector<std::string> rocm_gfx;      // --rocm-gfx gfx1100
    bool cpu_only = false;                  // --cpu-only
    std::optional<std::string> python_exe;  // --python-exe PATH: the interpreter to detect

    // Whether any option describes the machine (then nothing is probed but the OS part);
    // --python-exe only steers detection.
    bool describes_machine() const;
};

// Adds the options to `command`, each taking one value per use; `many_machines` lets --machine
// repeat (check).
void add_machine_options(CLI::App& command, MachineOptions& options, bool many_machines = false);

// The machine the options describe: the --machine profile, else this machine's OS facts when
// other options are given, else this machine detected; then each option overrides its facts
// with source "option --X". Throws InputError for a malformed profile, UsageError for an
// invalid option value (an unknown --gpu names the nearest known ones).
Machine build_machine(const MachineOptions& options, const GlobalOptions& global);

// One machine per --machine file, each with the options applied; one built as above without.
std::vector<Machine> build_machines(const MachineOptions& options, const GlobalOptions& global);

} // namespace torchpin::cli
