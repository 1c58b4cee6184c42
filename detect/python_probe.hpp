// Asking a Python interpreter to describe itself: one small script that prints one JSON object.
#pragma once

#include "detect/python_discovery.hpp"
#include "engine/base/expected.hpp"
#include "engine/hardware/machine.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// What the script reports beyond the profile's fields: sys.executable and sys.prefix tell two
// paths to one environment apart from two environments.
struct PythonDescription {
    PythonInterpreter interpreter; // path and source left empty
    std::string executable;        // "/usr/bin/python3.11"
    std::string prefix;            // "/home/me/.venv"
    std::string base_prefix;       // "/usr": the installation a virtual environment is made from
    std::vector<std::string> site_packages; // purelib, platlib, site.getsitepackages(), each once
};

// The script, run as `python -I -c SCRIPT`: version, implementation, ABI flags,
// Py_GIL_DISABLED, sysconfig.get_platform(), glibc (os.confstr, else platform.libc_ver()).
std::string_view python_probe_script();

// Parses the script's output:
// {"executable": "/usr/bin/python3", "prefix": "/usr", "implementation": "cpython",
//  "version": [3, 11, 2], "abiflags": "", "gil_disabled": null, "platform": "linux-x86_64",
//  "glibc": "glibc 2.36", "base_prefix": "/usr",
//  "site_packages": ["/usr/lib/python3/dist-packages"]} (the last two optional)
Expected<PythonDescription> parse_python_probe_output(std::string_view output);

// Runs the script with `candidate` once; nullopt, with a note saying why, when it fails.
// `output`, when given, receives what the script printed.
std::optional<PythonDescription> run_python_probe(const PythonCandidate& candidate,
                                                  std::chrono::milliseconds timeout,
                                                  std::vector<std::string>& notes,
                                                  std::string* output = nullptr);

} // namespace torchpin
