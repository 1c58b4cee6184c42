// The options that describe a machine (--machine, --os, --arch, --python, --glibc, --driver,
// --gpu, --rocm-gfx, --cpu-only), shared by detect, resolve, which, explain, check and doctor:
// CLI11 wiring around detect/machine_description.hpp.
#pragma once

#include "cli/global_options.hpp"
#include "detect/machine_description.hpp"

#include <vector>

#include <CLI/App.hpp>

namespace torchpin::cli {

// Adds the options to `command`, each taking one value per use; `many_machines` lets --machine
// repeat (check).
void add_machine_options(CLI::App& command, MachineDescription& options,
                         bool many_machines = false);

// The machine the options describe (describe_machines), --gpu names looked up in the GPU tables
// of the matrix that `global` names. Throws InputError for a malformed profile, UsageError for
// an invalid option value.
Machine build_machine(const MachineDescription& options, const GlobalOptions& global);

// One machine per --machine file, each with the options applied; one as above without.
std::vector<Machine> build_machines(const MachineDescription& options, const GlobalOptions& global);

} // namespace torchpin::cli
