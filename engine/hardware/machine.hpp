// The profile of a machine torch is installed on: OS, CPU, C library, Python interpreters, GPUs
// and drivers, each fact with how it was found.
#pragma once

#include "engine/hardware/compute_capability.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/pci_id.hpp"
#include "engine/hardware/rocm_version.hpp"
#include "engine/pep/platform_tag.hpp"
#include "engine/pep/tag_environment.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// A fact and where it came from: Fact<DriverVersion>{DriverVersion::from("535.104.05"),
// "nvidia-smi"}. Sources name a probe ("nvml", "/proc/driver/nvidia/version"), a command line
// option ("option --driver") or a profile file.
template <class T>
struct Fact {
    T value;
    std::string source;
    friend bool operator==(const Fact&, const Fact&) = default;
};

// An interpreter wheels are installed into, as it described itself (or as --python gave it).
struct PythonInterpreter {
    std::string path;   // "/home/me/.venv/bin/python"; empty for "option --python"
    std::string source; // how it was found: "$VIRTUAL_ENV", "PATH", "option --python-exe"
    PythonImplementation implementation = PythonImplementation::CPython;
    std::string version;   // "3.11.7" as the interpreter reports it; "3.13" from --python 3.13t
    std::string abi_flags; // sys.abiflags: "", "t" (free-threaded), "d" (debug), "m" (3.7)
    bool free_threaded = false; // built with Py_GIL_DISABLED
    std::string
        platform; // sysconfig.get_platform(): "linux-x86_64", "win-amd64", "macosx-11.0-arm64"
    std::optional<OsVersion> glibc; // the glibc it runs on, from os.confstr
    friend bool operator==(const PythonInterpreter&, const PythonInterpreter&) = default;

    // The interpreter wheels must fit: "3.13" with free_threaded is PythonTarget cp3.13t.
    // nullopt when `version` is not "X.Y" or "X.Y.Z".
    std::optional<PythonTarget> target() const;
};

// One NVIDIA GPU: name "NVIDIA GeForce RTX 3090", pci_id 10de:2204, compute capability 8.6.
struct NvidiaGpu {
    std::string name;
    std::optional<PciId> pci_id;
    std::string bus_id; // "00000000:01:00.0" as NVML and nvidia-smi print it; empty if unknown
    std::optional<Fact<ComputeCapability>> compute_capability;
    std::optional<std::uint64_t> memory_mib;
    std::optional<bool> mig; // MIG mode enabled; nullopt where unknown or not supported
    std::string source;      // "nvml", "nvidia-smi", "option --gpu"
    friend bool operator==(const NvidiaGpu&, const NvidiaGpu&) = default;
};

struct NvidiaFacts {
    // The driver, or the finding that there is none: {nullopt, "option --driver"}. Absent when
    // nothing is known either way.
    std::optional<Fact<std::optional<DriverVersion>>> driver;
    std::optional<Fact<CudaVersion>> cuda; // the newest CUDA the driver supports ("12.4")
    std::vector<NvidiaGpu> gpus;
    friend bool operator==(const NvidiaFacts&, const NvidiaFacts&) = default;
};

// One AMD GPU by its LLVM target: gfx_target "gfx1100" is a Radeon RX 7900 XTX.
struct AmdGpu {
    std::string gfx_target;
    std::string source; // "/sys/class/kfd/kfd/topology/nodes/1/properties", "option --rocm-gfx"
    friend bool operator==(const AmdGpu&, const AmdGpu&) = default;
};

struct AmdFacts {
    std::optional<Fact<RocmVersion>> rocm; // the installed ROCm release ("6.2.0")
    std::vector<AmdGpu> gpus;
    friend bool operator==(const AmdFacts&, const AmdFacts&) = default;
};

// One Intel GPU: 8086:e20b (an Arc B580) is of a family on PyTorch's XPU hardware list,
// 8086:9a49 (Iris Xe) is in no GPU table and integrated.
struct IntelGpu {
    std::optional<PciId> pci_id; // unknown for a --gpu name several ids share
    std::string name;            // "Arc B580" from the GPU tables; empty when they lack the id
    // torchruntime's flag for the id, else the PCI slot; unknown for --gpu names.
    std::optional<Fact<bool>> discrete;
    // Whether PyTorch's XPU hardware list names its family (the Intel GPU table); unknown for a
    // GPU the table does not have.
    std::optional<Fact<bool>> xpu;
    std::string source; // "/sys/bus/pci/devices/0000:03:00.0", "option --gpu"
    friend bool operator==(const IntelGpu&, const IntelGpu&) = default;

    // Whether PyTorch's XPU builds are for it: its family is on PyTorch's list; for a GPU the
    // table does not have, it is discrete.
    bool xpu_target() const noexcept;
};

// A DLL's file version in System32: {"msvcp140.dll", "14.40.33810.0", "System32"}.
struct DllVersion {
    std::string name;
    std::string version;
    std::string source;
    friend bool operator==(const DllVersion&, const DllVersion&) = default;
};

// A display adapter Windows lists under its display class key, with the driver version in
// Windows' own form: {"AMD Radeon RX 6800 XT", 1002:73bf, {"31.0.24033.1003",
// "HKLM\SYSTEM\CurrentControlSet\Control\Class\{4d36e968-…}\0001"}}.
struct WindowsDisplayAdapter {
    std::string name; // the driver's DriverDesc
    PciId pci_id;
    std::optional<Fact<std::string>> driver_version;
    friend bool operator==(const WindowsDisplayAdapter&, const WindowsDisplayAdapter&) = default;
};

// Facts only a Windows machine has: detected there, or read from profiles made there.
struct WindowsFacts {
    std::optional<Fact<std::string>> vc_redist; // installed VC++ redistributable, "14.40.33810.0"
    std::vector<DllVersion> system32_dlls;
    std::vector<WindowsDisplayAdapter> display_adapters;
    friend bool operator==(const WindowsFacts&, const WindowsFacts&) = default;
};

struct Machine {
    std::optional<Fact<OperatingSystem>> os;
    std::optional<Fact<std::string>> os_version; // "Debian GNU/Linux 12 (bookworm)", "10.0.22631"
    std::optional<Fact<CpuArch>> arch;
    std::optional<Fact<OsVersion>> glibc;
    std::optional<Fact<OsVersion>> musl;
    std::optional<Fact<OsVersion>> macos_version;
    std::optional<Fact<bool>> apple_silicon;
    std::optional<Fact<bool>> wsl;
    std::vector<Fact<std::string>> container; // hints: {"docker", "/.dockerenv"}
    std::vector<PythonInterpreter> pythons;   // the first is the one wheels are chosen for
    NvidiaFacts nvidia;
    AmdFacts amd;
    std::vector<IntelGpu> intel_gpus;
    WindowsFacts windows;
    std::vector<std::string> notes; // what could not be found out, and why
    friend bool operator==(const Machine&, const Machine&) = default;
};

// The CPU an interpreter runs as, from its sysconfig platform: "linux-x86_64" -> X86_64,
// "win32" -> I686, "macosx-11.0-arm64" -> Aarch64; nullopt for "macosx-10.9-universal2" and
// unknown spellings.
std::optional<CpuArch> python_platform_arch(std::string_view platform);

// What wheels `python` accepts on `machine`: its target, its CPU (else the machine's), the
// machine's C library (else the one the interpreter reported) and macOS version. nullopt when
// the OS, the CPU, the Python version, or on macOS the macOS version, is unknown.
std::optional<TagEnvironment> tag_environment(const Machine& machine,
                                              const PythonInterpreter& python);

} // namespace torchpin
