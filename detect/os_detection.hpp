// The operating system part of a profile: distribution, CPU, C library, WSL and container hints.
#pragma once

#include "detect/detection_context.hpp"
#include "engine/hardware/machine.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

// /etc/os-release's PRETTY_NAME ("Debian GNU/Linux 12 (bookworm)"), else NAME and VERSION_ID;
// nullopt when it names neither.
std::optional<std::string> parse_os_release(std::string_view content);

// The musl dynamic loader run without arguments prints "musl libc (x86_64)\nVersion 1.2.4\n…"
// on stderr: 1.2.
std::optional<OsVersion> parse_musl_loader_output(std::string_view output);

// Whether /proc/sys/kernel/osrelease names a WSL kernel: "5.15.167.4-microsoft-standard-WSL2"
// (WSL 2) and "4.4.0-19041-Microsoft" (WSL 1) do.
bool is_wsl_kernel_release(std::string_view release);

// The container runtime a /proc/1/cgroup line names: "0::/docker/3f1c…" -> "docker",
// "…/kubepods/…" -> "kubernetes", "…/libpod-…" -> "podman", "…/lxc/…" -> "lxc"; nullopt for a
// host's "0::/init.scope" (and for cgroup v2 namespaces, which show only "0::/").
std::optional<std::string> container_from_cgroup(std::string_view content);

// Fills os, os_version, arch, glibc or musl, wsl and container hints; what cannot be read
// becomes a note. On Windows (context.host) detect_windows_os() instead.
void detect_os(const DetectionContext& context, Machine& machine);

} // namespace torchpin
