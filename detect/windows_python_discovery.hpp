// Which Python interpreters a Windows user would install torch into: the active environment, the
// py launcher's list, PEP 514's registry keys, then python.exe on PATH.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/python_discovery.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One interpreter `py -0p` lists: {"-V:3.12", R"(C:\Python312\python.exe)", true}.
struct PyLauncherEntry {
    std::string tag;         // "-V:3.12", "-3.9-64", "(venv)"; "*" for the active venv of py 3.11+
    std::string path;        // as printed; may hold spaces
    bool is_default = false; // marked '*': what a bare `py` runs
    friend bool operator==(const PyLauncherEntry&, const PyLauncherEntry&) = default;
};

// Parses `py -0p` as the launchers print it. Python 3.11's and later:
//    -V:3.12 *        C:\Users\me\AppData\Local\Programs\Python\Python312\python.exe
//    -V:3.11          C:\Users\me\AppData\Local\Programs\Python\Python311\python.exe
// (an active venv is a line "  *  <path>"); older ones, after a header line, with the default's
// '*' after the path:
//    -3.9-64        C:\Program Files\Python39\python.exe *
//    (venv)         D:\project\env\Scripts\python.exe *
// Lines without a path (`py -0`) and other text are left out.
std::vector<PyLauncherEntry> parse_py_launcher_list(std::string_view output);

// py.exe in %SystemRoot% (an all-users install), %LOCALAPPDATA%\Programs\Python\Launcher (a
// per-user one), then on PATH.
std::optional<std::filesystem::path> find_py_launcher(const DetectionContext& context);

// The interpreters to describe on Windows, best first, each path once (in any case):
// %VIRTUAL_ENV%\Scripts\python.exe, %CONDA_PREFIX%\python.exe, what `py -0p` lists (its default
// first), PEP 514's HKCU then HKLM Software\Python\<Company>\<Tag>\InstallPath (ExecutablePath,
// else the folder's python.exe; the PyLauncher company is no interpreter), then the first
// python.exe on PATH that is not the Microsoft Store's alias in ...\Microsoft\WindowsApps.
// Interpreters that are named but missing, and a launcher that fails, are notes.
std::vector<PythonCandidate> windows_python_candidates(const DetectionContext& context,
                                                       std::vector<std::string>& notes);

} // namespace torchpin
