// Interpreter candidates on Windows from the environment, py -0p, PEP 514 keys and PATH.
#include "detect/windows_python_discovery.hpp"

#include "engine/base/program_run.hpp"
#include "engine/base/program_search.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// Candidates in order, each path once; Windows paths compare in any case.
class CandidateList {
public:
    explicit CandidateList(std::vector<std::string>& notes)
        : notes_(notes) {}

    // Adds `path` if it is a file; a missing one is a note naming `source`.
    void add(const std::filesystem::path& path, const std::string& source) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error)) {
            notes_.push_back(source + ": " + utf8_of(path) + " does not exist");
            return;
        }
        const std::filesystem::path normal = path.lexically_normal();
        const bool known = std::any_of(list_.begin(), list_.end(), [&](const auto& candidate) {
            return iequals(utf8_of(candidate.path), utf8_of(normal));
        });
        if (!known) {
            list_.push_back({normal, source});
        }
    }
    std::vector<PythonCandidate> take() { return std::move(list_); }

private:
    std::vector<PythonCandidate> list_;
    std::vector<std::string>& notes_;
};

void add_environment(const DetectionContext& context, CandidateList& candidates) {
    if (const std::string venv = context.variable("VIRTUAL_ENV"); !venv.empty()) {
        candidates.add(path_from_utf8(venv) / "Scripts" / "python.exe", "%VIRTUAL_ENV%");
    }
    if (const std::string conda = context.variable("CONDA_PREFIX"); !conda.empty()) {
        candidates.add(path_from_utf8(conda) / "python.exe", "%CONDA_PREFIX%");
    }
}

void add_py_launcher_list(const DetectionContext& context, CandidateList& candidates,
                          std::vector<std::string>& notes) {
    const auto launcher = find_py_launcher(context);
    if (!launcher) {
        notes.push_back("py.exe: not in %SystemRoot%, %LOCALAPPDATA%\\Programs\\Python\\Launcher "
                        "or on PATH");
        return;
    }
    const ProgramRun run = run_program(*launcher, {"-0p"}, context.timeout);
    if (!run.succeeded()) {
        notes.push_back("py -0p (" + launcher->string() + ") " + run.describe(context.timeout));
        return;
    }
    auto entries = parse_py_launcher_list(run.out);
    std::stable_partition(entries.begin(), entries.end(),
                          [](const PyLauncherEntry& entry) { return entry.is_default; });
    for (const auto& entry : entries) {
        candidates.add(path_from_utf8(entry.path),
                       "py -0p: " + entry.tag + (entry.is_default ? " (its default)" : ""));
    }
}

void add_pep514_keys(const Registry& registry, CandidateList& candidates) {
    for (const char* hive : {"HKCU", "HKLM"}) {
        const std::string base = std::string(hive) + R"(\Software\Python)";
        for (const auto& company : registry.subkeys(base)) {
            if (iequals(company, "PyLauncher")) {
                continue;
            }
            for (const auto& tag : registry.subkeys(base + "\\" + company)) {
                const std::string key = base + "\\" + company + "\\" + tag + R"(\InstallPath)";
                if (auto executable = registry.text(key, "ExecutablePath")) {
                    candidates.add(path_from_utf8(*executable), "registry: " + key);
                } else if (auto folder = registry.text(key, "")) {
                    candidates.add(path_from_utf8(*folder) / "python.exe", "registry: " + key);
                }
            }
        }
    }
}

// The Microsoft Store's python.exe alias, which opens the Store where Python is not installed.
bool is_store_alias(const std::filesystem::path& program) {
    const auto folder = program.parent_path();
    return iequals(utf8_of(folder.filename()), "WindowsApps") &&
           iequals(utf8_of(folder.parent_path().filename()), "Microsoft");
}

void add_first_on_path(const DetectionContext& context, CandidateList& candidates,
                       std::vector<std::string>& notes) {
    bool skipped_alias = false;
    for (const auto& folder : path_directories(context.path, HostKind::Windows)) {
        const auto program = find_file_in("python.exe", {folder});
        if (!program) {
            continue;
        }
        if (is_store_alias(*program)) {
            notes.push_back(program->string() + " is the Microsoft Store's alias, skipped");
            skipped_alias = true;
            continue;
        }
        candidates.add(*program, "PATH");
        return;
    }
    if (!skipped_alias) {
        notes.push_back("python.exe: not found on PATH");
    }
}

// The rest of a line after its first word, trimmed.
std::string_view after_word(std::string_view line) {
    const std::size_t space = line.find_first_of(" \t");
    return space == std::string_view::npos ? std::string_view() : trim_ascii(line.substr(space));
}

} // namespace

std::vector<PyLauncherEntry> parse_py_launcher_list(std::string_view output) {
    std::vector<PyLauncherEntry> entries;
    while (!output.empty()) {
        const std::size_t end = output.find('\n');
        const std::string_view line = trim_ascii(output.substr(0, end));
        output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
        if (line.empty() || (line[0] != '-' && line[0] != '(' && line[0] != '*')) {
            continue;
        }
        PyLauncherEntry entry;
        entry.tag = line.substr(0, line.find_first_of(" \t"));
        std::string_view rest = after_word(line);
        if (entry.tag == "*") {
            entry.is_default = true; // py 3.11+: the active venv
        } else if (rest.starts_with("* ") || rest.starts_with("*\t")) {
            entry.is_default = true; // py 3.11+: the default after the tag
            rest = trim_ascii(rest.substr(1));
        } else if (rest.ends_with(" *") || rest.ends_with("\t*")) {
            entry.is_default = true; // older launchers: the default after the path
            rest = trim_ascii(rest.substr(0, rest.size() - 1));
        }
        if (!rest.empty() && rest != "*") {
            entry.path = rest;
            entries.push_back(std::move(entry));
        }
    }
    return entries;
}

std::optional<std::filesystem::path> find_py_launcher(const DetectionContext& context) {
    std::vector<std::filesystem::path> folders;
    if (const std::string root = context.variable("SystemRoot"); !root.empty()) {
        folders.emplace_back(root);
    }
    if (const std::string local = context.variable("LOCALAPPDATA"); !local.empty()) {
        folders.push_back(path_from_utf8(local) / "Programs" / "Python" / "Launcher");
    }
    for (auto& folder : path_directories(context.path, HostKind::Windows)) {
        folders.push_back(std::move(folder));
    }
    return find_file_in("py.exe", folders);
}

std::vector<PythonCandidate> windows_python_candidates(const DetectionContext& context,
                                                       std::vector<std::string>& notes) {
    CandidateList candidates(notes);
    add_environment(context, candidates);
    add_py_launcher_list(context, candidates, notes);
    add_pep514_keys(*context.registry, candidates);
    add_first_on_path(context, candidates, notes);
    return candidates.take();
}

} // namespace torchpin
