// Interpreter candidates from --python-exe, $VIRTUAL_ENV, $CONDA_PREFIX, PATH (pyenv), or Windows'.
#include "detect/python_discovery.hpp"

#include "detect/windows_python_discovery.hpp"
#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <fstream>
#include <sstream>

namespace torchpin {

namespace {

// The version names a pyenv version file lists, in order ("3.11.7\n3.10.13\n", comments out).
std::vector<std::string> version_file_names(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::vector<std::string> names;
    for (std::string word; in >> word;) {
        if (word.starts_with('#')) {
            std::getline(in, word);
            continue;
        }
        names.push_back(word);
    }
    return names;
}

std::vector<std::string> pyenv_version_names(const DetectionContext& context,
                                             const std::filesystem::path& pyenv_root,
                                             const std::filesystem::path& working_directory) {
    if (const std::string variable = context.variable("PYENV_VERSION"); !variable.empty()) {
        std::vector<std::string> names;
        std::istringstream in(variable);
        for (std::string name; std::getline(in, name, ':');) {
            names.push_back(name);
        }
        return names;
    }
    std::error_code error;
    for (auto directory = working_directory; !directory.empty();
         directory = directory.parent_path()) {
        const auto file = directory / ".python-version";
        if (std::filesystem::is_regular_file(file, error)) {
            return version_file_names(file);
        }
        if (directory == directory.parent_path()) {
            break;
        }
    }
    return version_file_names(pyenv_root / "version");
}

void add(std::vector<PythonCandidate>& candidates, std::filesystem::path path, std::string source) {
    path = path.lexically_normal();
    for (const auto& candidate : candidates) {
        if (candidate.path == path) {
            return;
        }
    }
    candidates.push_back({std::move(path), std::move(source)});
}

void add_environment(const DetectionContext& context, const char* variable,
                     std::vector<PythonCandidate>& candidates, std::vector<std::string>& notes) {
    const std::string prefix = context.variable(variable);
    if (prefix.empty()) {
        return;
    }
    const auto python = path_from_utf8(prefix) / "bin" / "python";
    if (is_program_file(python)) {
        add(candidates, python, std::string("$") + variable);
    } else {
        notes.push_back(std::string("$") + variable + " is set, but " + utf8_of(python) +
                        " is not an executable");
    }
}

} // namespace

std::optional<std::filesystem::path>
resolve_pyenv_shim(const std::filesystem::path& shim, const DetectionContext& context,
                   const std::filesystem::path& working_directory) {
    const auto shims = shim.parent_path();
    if (shims.filename() != "shims") {
        return std::nullopt;
    }
    const auto pyenv_root = shims.parent_path();
    std::error_code error;
    if (!std::filesystem::is_directory(pyenv_root / "versions", error)) {
        return std::nullopt;
    }
    for (const auto& name : pyenv_version_names(context, pyenv_root, working_directory)) {
        if (name == "system") {
            return std::nullopt;
        }
        const auto command = pyenv_root / "versions" / name / "bin" / shim.filename();
        if (is_program_file(command)) {
            return command;
        }
    }
    return std::nullopt;
}

std::vector<PythonCandidate> python_candidates(const DetectionContext& context,
                                               const std::optional<std::string>& python_exe,
                                               std::vector<std::string>& notes) {
    std::vector<PythonCandidate> candidates;
    if (python_exe) {
        add(candidates, std::filesystem::absolute(*python_exe), "option --python-exe");
        return candidates;
    }
    if (context.host == HostKind::Windows) {
        return windows_python_candidates(context, notes);
    }
    add_environment(context, "VIRTUAL_ENV", candidates, notes);
    add_environment(context, "CONDA_PREFIX", candidates, notes);
    const auto on_path = find_on_path("python3", context.path);
    if (!on_path) {
        notes.push_back("python3: not found on PATH");
        return candidates;
    }
    std::error_code error;
    const auto working_directory = std::filesystem::current_path(error);
    if (auto resolved = resolve_pyenv_shim(*on_path, context, working_directory)) {
        add(candidates, *resolved, "pyenv shim " + on_path->string() + " on PATH");
    } else {
        add(candidates, *on_path, "PATH");
    }
    return candidates;
}

} // namespace torchpin
