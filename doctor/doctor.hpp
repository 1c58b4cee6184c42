// `torchpin doctor` without its command line: read an installed environment (metadata and
// native libraries, never importing anything) and report what keeps torch from loading or
// running on the machine.
#pragma once

#include "detect/host_root.hpp"
#include "doctor/doctor_report.hpp"
#include "doctor/python_environment.hpp"
#include "engine/check/lock_target_rules.hpp"
#include "engine/hardware/machine.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

struct DoctorRequest {
    PythonEnvironment environment;
    const CompatMatrix* matrix = nullptr; // every platform's: releases, wheels, known issues
    const CheckTarget* target = nullptr;  // the machine, when it is known
    const Machine* machine = nullptr;     // the same, as facts for the known issues
    std::string install_command;          // the resolver's answer for the machine; "" for none

    // What a Windows environment's loader sees beyond the environment's own folders.
    std::filesystem::path windows_root;              // C:\Windows, or --windows-root
    std::vector<std::filesystem::path> path_folders; // PATH

    // What ld.so sees: the root holding /etc/ld.so.cache and the default folders, and
    // LD_LIBRARY_PATH.
    HostRoot root{"/"};
    std::vector<std::filesystem::path> ld_library_path;

    // --smoke: the time the environment's interpreter may take to import torch and run.
    std::optional<std::chrono::milliseconds> smoke_timeout;
};

// The site-packages folder that holds torch (the first of the environment's that does, else its
// first).
std::filesystem::path torch_site_packages(const PythonEnvironment& environment);

// Whether the environment's torch is a Windows build (then its DLLs are checked against a
// Windows folder, DoctorRequest::windows_root).
bool is_windows_environment(const PythonEnvironment& environment);

// Throws InputError when the site-packages folder cannot be listed.
DoctorReport run_doctor(const DoctorRequest& request);

} // namespace torchpin
