// `torchpin doctor`: what is installed in a Python environment, whether it pairs and fits the
// machine, and whether its native libraries load; `--smoke` also imports it in a child Python.
#include "cli/commands.hpp"
#include "cli/doctor_output.hpp"
#include "cli/machine_options.hpp"
#include "cli/matrix_access.hpp"
#include "cli/resolution_output.hpp"
#include "cli/resolver_session.hpp"
#include "detect/detection_context.hpp"
#include "detect/python_discovery.hpp"
#include "detect/python_probe.hpp"
#include "doctor/doctor.hpp"
#include "engine/base/program_search.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/target_machine.hpp"

#include <iostream>
#include <memory>

namespace torchpin::cli {

namespace {

struct DoctorOptions {
    MachineDescription machine;
    std::string site_packages;
    std::string windows_root;
    bool smoke = false;
    int smoke_timeout_seconds = 120;
};

// `--python` names an interpreter when its value is a path ("C:\venv\Scripts\python.exe",
// "./.venv/bin/python"), and the machine's Python version otherwise ("3.12").
void separate_interpreter(MachineDescription& machine) {
    if (machine.python && machine.python->find_first_of("/\\") != std::string::npos) {
        machine.python_exe = std::move(machine.python);
        machine.python.reset();
    }
}

PythonEnvironment environment_to_examine(const DoctorOptions& options,
                                         std::optional<PythonDescription>& probed) {
    if (!options.site_packages.empty()) {
        PythonEnvironment environment =
            environment_of_site_packages(path_from_utf8(options.site_packages));
        if (options.machine.python_exe) {
            environment.interpreter = path_from_utf8(*options.machine.python_exe); // for --smoke
        }
        return environment;
    }
    const DetectionContext context = DetectionContext::this_machine();
    std::vector<std::string> notes;
    for (const PythonCandidate& candidate :
         python_candidates(context, options.machine.python_exe, notes)) {
        probed = run_python_probe(candidate, std::chrono::seconds(10), notes);
        if (probed && !probed->site_packages.empty()) {
            return environment_of(*probed);
        }
    }
    std::string why = options.machine.python_exe
                          ? "cannot describe the interpreter " + *options.machine.python_exe
                          : std::string("found no Python interpreter");
    for (const std::string& note : notes) {
        why += "; " + note;
    }
    throw UsageError(why + " (name one with --python EXE, or a folder with --site-packages DIR)");
}

// The machine doctor weighs the environment against: the options' or this one, with the
// examined interpreter as its Python unless --python gave a version.
Machine machine_to_weigh(const DoctorOptions& options, const GlobalOptions& global,
                         const std::optional<PythonDescription>& probed) {
    MachineDescription description = options.machine;
    description.python_exe.reset();
    Machine machine = build_machine(description, global);
    if (probed && !options.machine.python) {
        machine.pythons = {probed->interpreter};
    }
    return machine;
}

std::string install_command(const ResolverSession& session) {
    const ResolveRequest request = parse_resolve_request({}, "auto", false);
    const Resolution resolution =
        resolve(session.matrix, session.target, request, Evaluation::UntilAnswer);
    if (!resolution.solution) {
        return "";
    }
    std::string command = format_pip_command({session, resolution, false});
    while (!command.empty() && command.back() == '\n') {
        command.pop_back();
    }
    return command;
}

// What the environment is weighed against: the matrix (every platform's, for the known issues
// and check's rules), the machine as the resolver sees it, and the resolver's install command.
struct Weighing {
    CompatMatrix every_platform;
    std::optional<CheckTarget> target; // none when the machine is not fully known
    std::string install_command;
    std::vector<std::string> warnings; // assumptions about the machine, stale data
};

Weighing weighing_for(const Machine& machine, const GlobalOptions& global) {
    auto store = std::make_shared<MatrixStore>(open_matrix_for_reading(global));
    const std::int64_t revision = revision_to_read(*store, global.revision);
    Weighing weighing{load_compat_matrix_every_platform_on_demand(store, revision), {}, "", {}};
    if (auto stale = stale_data_warning(weighing.every_platform.data_as_of, today())) {
        weighing.warnings.push_back(stale->message);
    }
    auto resolver = resolver_target(machine);
    if (!resolver) {
        weighing.warnings.push_back("the machine is not fully known (" + resolver.error().message +
                                    "): the installed builds are not weighed against it");
        return weighing;
    }
    weighing.target =
        CheckTarget{"this machine", resolver->machine,
                    narrowed_to_platform(weighing.every_platform, resolver->machine.tags)};
    const ResolverSession session{
        machine, resolver->machine,
        load_compat_matrix_wheels_on_demand(store, revision, resolver->machine.tags),
        resolver->assumptions};
    weighing.install_command = install_command(session);
    const std::vector<std::string> assumptions = messages(resolver->assumptions);
    weighing.warnings.insert(weighing.warnings.begin(), assumptions.begin(), assumptions.end());
    return weighing;
}

// Where a Windows environment's system DLLs are: --windows-root, or this Windows' own.
std::filesystem::path windows_root(const DoctorOptions& options, const DetectionContext& host) {
    if (!options.windows_root.empty()) {
        return path_from_utf8(options.windows_root);
    }
    if (host.host == HostKind::Windows) {
        const std::string root = host.variable("SystemRoot");
        return path_from_utf8(root.empty() ? "C:\\Windows" : root);
    }
    return {};
}

int run_doctor_command(const GlobalOptions& global, DoctorOptions options) {
    require_format(global, "doctor", {"text", "json"});
    separate_interpreter(options.machine);
    std::optional<PythonDescription> probed;
    DoctorRequest request;
    request.environment = environment_to_examine(options, probed);
    if (options.smoke && !request.environment.interpreter) {
        throw UsageError("--smoke runs the environment's Python: name it with --python EXE");
    }

    const Machine machine = machine_to_weigh(options, global, probed);
    const Weighing weighing = weighing_for(machine, global);
    request.matrix = &weighing.every_platform;
    request.target = weighing.target ? &*weighing.target : nullptr;
    request.machine = &machine;
    request.install_command = weighing.install_command;

    const DetectionContext host = DetectionContext::this_machine();
    const bool windows_environment = is_windows_environment(request.environment);
    request.windows_root = windows_root(options, host);
    if (windows_environment && request.windows_root.empty()) {
        throw UsageError("this is a Windows environment: give --windows-root DIR (a copy of "
                         "C:\\Windows, or a folder holding its System32) to check its DLLs "
                         "against");
    }
    // This process's PATH and LD_LIBRARY_PATH are the environment's only on its own system: a
    // Windows tree checked on Linux gets no PATH, a Linux tree checked on Windows none either.
    if (windows_environment == (host.host == HostKind::Windows)) {
        request.path_folders = path_directories(host.variable("PATH"), host.host);
        if (!windows_environment) {
            request.ld_library_path =
                path_directories(host.variable("LD_LIBRARY_PATH"), HostKind::Posix);
        }
    }
    if (options.smoke) {
        request.smoke_timeout = std::chrono::seconds(options.smoke_timeout_seconds);
    }
    const DoctorReport report = run_doctor(request);
    if (global.format == "json") {
        std::cout << doctor_json(report);
    } else {
        std::cout << doctor_text(report, use_color(global, std::cout));
    }
    if (!global.quiet()) {
        for (const std::string& warning : weighing.warnings) {
            std::cerr << "torchpin: warning: " << warning << '\n';
        }
    }
    return report.findings.empty() ? 0 : 1;
}

} // namespace

void setup_doctor(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& doctor) {
        auto options = std::make_shared<DoctorOptions>();
        doctor
            .add_option("--site-packages", options->site_packages,
                        "The site-packages folder to check instead of an interpreter's")
            ->type_name("DIR");
        doctor
            .add_option("--windows-root", options->windows_root,
                        "The Windows folder whose System32 a Windows environment's DLLs are "
                        "checked against (default: this Windows')")
            ->type_name("DIR");
        doctor.add_flag("--smoke", options->smoke,
                        "Also import torch and its companions in the environment's Python and run "
                        "a tiny operation on each GPU");
        doctor
            .add_option("--smoke-timeout", options->smoke_timeout_seconds,
                        "Seconds the smoke test may take (default 120)")
            ->check(CLI::PositiveNumber);
        add_machine_options(doctor, options->machine);
        doctor.footer("--python EXE (a path) names the interpreter whose environment is checked; "
                      "--python 3.12 (a version) describes the machine, as in resolve.");
        doctor.callback([&global, &result, options] {
            result.exit_code = run_doctor_command(global, *options);
        });
    };
    add_command(app, "doctor",
                "Check an installed torch: its pairing, its fit to the machine and whether its "
                "native libraries load, without importing it",
                define);
}

} // namespace torchpin::cli
