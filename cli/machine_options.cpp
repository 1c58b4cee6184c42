// The machine options on the command line: CLI11 wiring, and the matrix's GPU tables for
// detect/'s describe_machines.
#include "cli/machine_options.hpp"

#include "cli/matrix_access.hpp"
#include "engine/matrix/gpu_catalog_store.hpp"

#include <memory>

namespace torchpin::cli {

namespace {

// The GPU tables of the matrix, opened on first use.
class LazyGpuCatalog {
public:
    explicit LazyGpuCatalog(const GlobalOptions& global)
        : global_(global) {}

    const GpuCatalog& get() {
        if (!catalog_) {
            auto store = open_matrix_for_reading(global_);
            catalog_ = std::make_unique<GpuCatalog>(
                load_gpu_catalog(store.database(), revision_to_read(store, global_.revision)));
        }
        return *catalog_;
    }

private:
    const GlobalOptions& global_;
    std::unique_ptr<GpuCatalog> catalog_;
};

} // namespace

void add_machine_options(CLI::App& command, MachineDescription& options, bool many_machines) {
    auto* machine = command
                        .add_option("--machine", options.machine_files,
                                    "A profile from 'torchpin detect --format json' ('-': stdin)")
                        ->type_name("FILE")
                        ->group("Machine")
                        ->allow_extra_args(false); // one file per --machine, then positionals
    if (!many_machines) {
        machine->expected(1);
    }
    command.add_option("--os", options.os, "Operating system: linux, windows, macos")
        ->type_name("OS")
        ->group("Machine");
    command.add_option("--arch", options.arch, "CPU: x86_64 (amd64), aarch64 (arm64), ...")
        ->type_name("ARCH")
        ->group("Machine");
    command.add_option("--python", options.python, "Python version: 3.11, 3.13t (free-threaded)")
        ->type_name("VERSION")
        ->group("Machine");
    command.add_option("--glibc", options.glibc, "glibc version (Linux): 2.28")
        ->type_name("VERSION")
        ->group("Machine");
    command.add_option("--driver", options.driver, "NVIDIA driver version, or 'none'")
        ->type_name("VERSION")
        ->group("Machine");
    command
        .add_option("--gpu", options.gpus,
                    "A GPU: a name (\"GTX 1080 Ti\", \"RX 6800 XT\", \"Arc B580\"), a PCI id "
                    "(10de:1b06), a compute capability (6.1, sm_61) or a gfx target (gfx1031); "
                    "repeatable")
        ->type_name("GPU")
        ->group("Machine")
        ->allow_extra_args(false);
    command.add_option("--rocm-gfx", options.rocm_gfx, "An AMD GPU target: gfx1100 (repeatable)")
        ->type_name("TARGET")
        ->group("Machine")
        ->allow_extra_args(false);
    command.add_flag("--cpu-only", options.cpu_only, "Describe the machine as having no GPU")
        ->group("Machine");
    command
        .add_option("--vc-runtime", options.vc_runtime,
                    "Windows: the Visual C++ runtime installed, 14.44.35211 (drops the known "
                    "issues it rules out)")
        ->type_name("VERSION")
        ->group("Machine");
    command
        .add_option("--python-exe", options.python_exe,
                    "Detect this interpreter instead of the ones on PATH")
        ->type_name("PATH")
        ->group("Machine");
}

Machine build_machine(const MachineDescription& options, const GlobalOptions& global) {
    return build_machines(options, global).front(); // --machine cannot repeat here
}

std::vector<Machine> build_machines(const MachineDescription& options,
                                    const GlobalOptions& global) {
    LazyGpuCatalog catalog(global);
    return describe_machines(options, [&catalog]() -> const GpuCatalog& { return catalog.get(); });
}

} // namespace torchpin::cli
