// Which Python interpreters a user would install torch into, and how each was found.
#pragma once

#include "detect/detection_context.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// An interpreter to ask: {"/home/me/.venv/bin/python", "$VIRTUAL_ENV"}.
struct PythonCandidate {
    std::filesystem::path path;
    std::string source;
};

// The interpreters to describe, best first, each path once: `python_exe` alone when given
// (--python-exe); otherwise the active virtualenv's ($VIRTUAL_ENV/bin/python), the active conda
// environment's ($CONDA_PREFIX/bin/python), then python3 on PATH, with a pyenv shim replaced by
// the interpreter it would run. A set variable whose interpreter is missing adds a note. On
// Windows, windows_python_candidates() instead of the variables and PATH.
std::vector<PythonCandidate> python_candidates(const DetectionContext& context,
                                               const std::optional<std::string>& python_exe,
                                               std::vector<std::string>& notes);

// The interpreter a pyenv shim would run, as pyenv chooses it: $PYENV_VERSION, else the
// nearest .python-version from `working_directory` up, else $PYENV_ROOT/version; the first
// listed version that has the command. nullopt for "system", for a version that is not
// installed, and for paths that are no pyenv shim (so the caller runs the shim itself).
std::optional<std::filesystem::path>
resolve_pyenv_shim(const std::filesystem::path& shim, const DetectionContext& context,
                   const std::filesystem::path& working_directory);

} // namespace torchpin
