// OS facts from uname, /etc/os-release, the C library, /proc and container marker files.
#include "detect/os_detection.hpp"

#include "detect/windows_detection.hpp"
#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"

#include <map>

namespace torchpin {

namespace {

std::string lowercase(std::string_view text) {
    std::string out;
    for (char c : text) {
        out += ascii_lower(c);
    }
    return out;
}

// os-release's KEY=value lines, quotes removed.
std::map<std::string, std::string, std::less<>> os_release_values(std::string_view content) {
    std::map<std::string, std::string, std::less<>> values;
    while (!content.empty()) {
        const std::size_t end = content.find('\n');
        const std::string_view line = trim_ascii(content.substr(0, end));
        content = end == std::string_view::npos ? std::string_view() : content.substr(end + 1);
        const std::size_t equals = line.find('=');
        if (line.starts_with('#') || equals == std::string_view::npos) {
            continue;
        }
        std::string_view value = line.substr(equals + 1);
        if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
            value.back() == value.front()) {
            value = value.substr(1, value.size() - 2);
        }
        values.emplace(line.substr(0, equals), value);
    }
    return values;
}

void detect_c_library(const DetectionContext& context, Machine& machine) {
    if (context.glibc) {
        machine.glibc = Fact<OsVersion>{*context.glibc, "gnu_get_libc_version()"};
        return;
    }
    for (const auto& name : context.root.list("/lib")) {
        if (!name.starts_with("ld-musl-") || !name.ends_with(".so.1")) {
            continue;
        }
        const std::string loader = "/lib/" + name;
        const ProgramRun run = run_program(context.root.resolve(loader), {}, context.timeout);
        if (auto version = parse_musl_loader_output(run.err)) {
            machine.musl = Fact<OsVersion>{*version, loader};
        } else {
            machine.notes.push_back(loader + ": no musl version in its output (" +
                                    run.describe(context.timeout) + ")");
        }
        return;
    }
    machine.notes.push_back("C library: neither glibc nor a musl loader in /lib was found");
}

void detect_container(const DetectionContext& context, Machine& machine) {
    if (context.root.exists("/.dockerenv")) {
        machine.container.push_back({"docker", "/.dockerenv"});
    }
    if (context.root.exists("/run/.containerenv")) {
        machine.container.push_back({"podman", "/run/.containerenv"});
    }
    const FileText cgroup = context.root.read("/proc/1/cgroup");
    if (cgroup.text) {
        if (auto kind = container_from_cgroup(*cgroup.text)) {
            machine.container.push_back({*kind, "/proc/1/cgroup"});
        }
    }
}

} // namespace

std::optional<std::string> parse_os_release(std::string_view content) {
    const auto values = os_release_values(content);
    if (const auto pretty = values.find("PRETTY_NAME"); pretty != values.end()) {
        return pretty->second;
    }
    const auto name = values.find("NAME");
    if (name == values.end()) {
        return std::nullopt;
    }
    const auto version = values.find("VERSION_ID");
    return version == values.end() ? name->second : name->second + " " + version->second;
}

std::optional<OsVersion> parse_musl_loader_output(std::string_view output) {
    if (output.find("musl libc") == std::string_view::npos) {
        return std::nullopt;
    }
    constexpr std::string_view marker = "Version ";
    const std::size_t at = output.find(marker);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    std::string_view version = output.substr(at + marker.size());
    version = version.substr(0, version.find('\n'));
    // "1.2.4": musllinux tags name major.minor only.
    const std::size_t second_dot = version.find('.', version.find('.') + 1);
    auto parsed = OsVersion::parse(trim_ascii(version.substr(0, second_dot)));
    return parsed ? std::optional(*parsed) : std::nullopt;
}

bool is_wsl_kernel_release(std::string_view release) {
    const std::string lower = lowercase(release);
    return lower.find("microsoft") != std::string::npos || lower.find("wsl") != std::string::npos;
}

std::optional<std::string> container_from_cgroup(std::string_view content) {
    const std::string lower = lowercase(content);
    static const std::pair<std::string_view, std::string_view> markers[] = {
        {"kubepods", "kubernetes"}, {"/docker", "docker"}, {"docker-", "docker"},
        {"libpod", "podman"},       {"/lxc", "lxc"},       {"containerd", "containerd"}};
    for (const auto& [marker, kind] : markers) {
        if (lower.find(marker) != std::string::npos) {
            return std::string(kind);
        }
    }
    return std::nullopt;
}

void detect_os(const DetectionContext& context, Machine& machine) {
    if (context.host == HostKind::Windows) {
        detect_windows_os(context, machine);
        return;
    }
    machine.os = Fact<OperatingSystem>{OperatingSystem::Linux, "uname"};
    if (auto arch = parse_cpu_arch(context.uname_machine)) {
        machine.arch = Fact<CpuArch>{*arch, "uname"};
    } else {
        machine.notes.push_back("uname: unknown CPU architecture '" + context.uname_machine + "'");
    }
    for (const char* file : {"/etc/os-release", "/usr/lib/os-release"}) {
        const FileText release = context.root.read(file);
        if (release.text) {
            if (auto name = parse_os_release(*release.text)) {
                machine.os_version = Fact<std::string>{*name, file};
            }
            break;
        }
    }
    detect_c_library(context, machine);
    const FileText kernel = context.root.read("/proc/sys/kernel/osrelease");
    if (kernel.text) {
        machine.wsl = Fact<bool>{is_wsl_kernel_release(*kernel.text), "/proc/sys/kernel/osrelease"};
    } else {
        machine.notes.push_back("/proc/sys/kernel/osrelease: " + kernel.problem +
                                " (WSL not checked)");
    }
    detect_container(context, machine);
}

} // namespace torchpin
