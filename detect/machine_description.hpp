// What a command line says about the machine to answer for (profiles to read, facts to set), and
// the machines that makes: detected, read or built, each fact with its source ("option --gpu").
#pragma once

#include "engine/hardware/gpu_catalog.hpp"
#include "engine/hardware/machine.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// The values of the machine options, as typed; checked only by describe_machines.
struct MachineDescription {
    std::vector<std::string> machine_files; // --machine FILE ("-": stdin); repeatable for check
    std::optional<std::string> os;          // --os linux|windows|macos
    std::optional<std::string> arch;        // --arch x86_64|aarch64|arm64|amd64
    std::optional<std::string> python;      // --python 3.11|3.13t
    std::optional<std::string> glibc;       // --glibc 2.28
    std::optional<std::string> driver;      // --driver 535.104.05|none
    std::vector<std::string> gpus;          // --gpu 8.6|sm_86|gfx1031|"RTX 3090"|10de:2204
    std::vector<std::string> rocm_gfx;      // --rocm-gfx gfx1100
    bool cpu_only = false;                  // --cpu-only
    std::optional<std::string> vc_runtime;  // --vc-runtime 14.44.35211: Windows' VC++ runtime
    std::optional<std::string> python_exe;  // --python-exe PATH: the interpreter to detect

    // Whether any option describes the machine (then nothing is probed but the OS part and,
    // unless --python or another --os is given, the Python interpreters); --python-exe only
    // steers detection.
    bool describes_machine() const;
};

// The GPU tables that --gpu names and PCI ids are looked up in, opened on the first call; it
// throws UsageError or InputError when there are none (no matrix to read).
using GpuTablesSource = std::function<const GpuCatalog&()>;

// One machine per --machine profile, each with the options applied; without a profile, this
// machine's OS facts (and its interpreters, see describes_machine) completed by the options
// when any option is given, else this machine detected. Each option overrides its facts with
// source "option --X". Throws InputError for a malformed profile, UsageError for an invalid
// option value (an unknown --gpu names the nearest known ones).
std::vector<Machine> describe_machines(const MachineDescription& description,
                                       const GpuTablesSource& gpu_tables);

} // namespace torchpin
