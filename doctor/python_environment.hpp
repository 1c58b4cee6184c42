// The Python environment doctor examines: where its packages are, which interpreter runs it, and
// the folders its loader searches; from the interpreter's own description or from a
// site-packages folder alone.
#pragma once

#include "detect/python_probe.hpp"

#include <filesystem>
#include <optional>
#include <vector>

namespace torchpin {

struct PythonEnvironment {
    std::vector<std::filesystem::path> site_packages; // purelib, platlib, the site module's
    std::optional<std::filesystem::path> interpreter; // sys.executable, when known
    std::filesystem::path prefix;                     // sys.prefix
    std::filesystem::path base_prefix; // sys.base_prefix: the installation behind a venv
};

// From the interpreter probe (`--python EXE`, or the interpreter detection chose).
PythonEnvironment environment_of(const PythonDescription& description);

// From a site-packages folder (`--site-packages DIR`): the prefix from the folder's place
// (<prefix>\Lib\site-packages on Windows, <prefix>/lib/pythonX.Y/site-packages elsewhere) and,
// in a virtual environment, the base installation from pyvenv.cfg's `home`.
PythonEnvironment environment_of_site_packages(const std::filesystem::path& folder);

} // namespace torchpin
