// The doctor's steps: what is installed, how it pairs, how the packages built against torch fit
// it, whether its libraries load.
#include "doctor/doctor.hpp"

#include "doctor/installed_companions.hpp"
#include "doctor/installed_family.hpp"
#include "doctor/installed_pairing.hpp"
#include "doctor/linux_library_check.hpp"
#include "doctor/native_libraries.hpp"
#include "doctor/smoke_findings.hpp"
#include "doctor/vc_runtime_copies.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <system_error>

namespace torchpin {

namespace {

std::vector<std::string_view> installed_names(const InstalledFamily& family) {
    std::vector<std::string_view> names;
    for (std::string_view package : torch_family) {
        if (family.find(package) != nullptr) {
            names.push_back(package);
        }
    }
    return names;
}

// Folders that exist, in order, each once.
std::vector<std::filesystem::path> existing(const std::vector<std::filesystem::path>& folders) {
    std::vector<std::filesystem::path> kept;
    for (const std::filesystem::path& folder : folders) {
        std::error_code error;
        if (std::filesystem::is_directory(folder, error) &&
            std::find(kept.begin(), kept.end(), folder) == kept.end()) {
            kept.push_back(folder);
        }
    }
    return kept;
}

// site-packages/nvidia/<library>/<leaf>: the folders of the nvidia-* wheels.
std::vector<std::filesystem::path> nvidia_wheel_folders(const std::filesystem::path& site,
                                                        std::string_view leaf) {
    std::vector<std::filesystem::path> folders;
    std::error_code error;
    for (std::filesystem::directory_iterator it(site / "nvidia", error), end; !error && it != end;
         it.increment(error)) {
        folders.push_back(it->path() / std::string(leaf));
    }
    std::sort(folders.begin(), folders.end());
    return existing(folders);
}

// The folder that holds a file of this name, case-insensitively (System32 or system32).
std::filesystem::path child_named(const std::filesystem::path& folder, std::string_view name) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (lower_ascii(utf8_of(it->path().filename())) == lower_ascii(name)) {
            return it->path();
        }
    }
    return folder / std::string(name);
}

WindowsSearchFolders windows_folders(const DoctorRequest& request,
                                     const std::filesystem::path& site) {
    const PythonEnvironment& environment = request.environment;
    // torch's __init__ adds torch\lib and the environments' Library\bin (conda), then the
    // nvidia-* wheels' bin folders where they are installed.
    std::vector<std::filesystem::path> added{
        site / "torch" / "lib", environment.prefix / "Library" / "bin",
        environment.base_prefix / "Library" / "bin", environment.prefix / "bin"};
    const auto nvidia = nvidia_wheel_folders(site, "bin");
    added.insert(added.end(), nvidia.begin(), nvidia.end());
    return WindowsSearchFolders{environment.base_prefix, existing(added),
                                child_named(request.windows_root, "System32"),
                                request.path_folders};
}

std::vector<unsigned char> read_bytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

LinuxSearchFolders linux_folders(const DoctorRequest& request, const std::filesystem::path& site) {
    LinuxSearchFolders folders;
    folders.ld_library_path = request.ld_library_path;
    const std::vector<unsigned char> cache = read_bytes(request.root.resolve("/etc/ld.so.cache"));
    if (auto entries = parse_ld_so_cache(cache)) {
        for (LdCacheEntry entry : *entries) {
            entry.path = utf8_of(request.root.resolve(entry.path));
            folders.cache.push_back(std::move(entry));
        }
    }
    for (const char* folder :
         {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
          "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}) {
        folders.default_folders.push_back(request.root.resolve(folder));
    }
    folders.default_folders = existing(folders.default_folders);
    folders.preload_folders = nvidia_wheel_folders(site, "lib");
    return folders;
}

void add(std::vector<DoctorFinding>& to, std::vector<DoctorFinding> findings) {
    to.insert(to.end(), std::make_move_iterator(findings.begin()),
              std::make_move_iterator(findings.end()));
}

} // namespace

std::string_view name(CompanionVerdict verdict) noexcept {
    switch (verdict) {
    case CompanionVerdict::Fits:
        return "fits";
    case CompanionVerdict::Misfit:
        return "misfit";
    case CompanionVerdict::Unknown:
        return "unknown";
    }
    return "";
}

std::size_t DoctorReport::count(Severity severity) const {
    return static_cast<std::size_t>(std::count_if(
        findings.begin(), findings.end(), [&](const auto& f) { return f.severity() == severity; }));
}

std::filesystem::path torch_site_packages(const PythonEnvironment& environment) {
    for (const std::filesystem::path& folder : environment.site_packages) {
        std::error_code error;
        if (std::filesystem::is_directory(folder / "torch", error)) {
            return folder;
        }
    }
    return environment.site_packages.empty() ? std::filesystem::path()
                                             : environment.site_packages.front();
}

bool is_windows_environment(const PythonEnvironment& environment) {
    return holds_windows_libraries(torch_site_packages(environment));
}

DoctorReport run_doctor(const DoctorRequest& request) {
    DoctorReport report;
    const PythonEnvironment& environment = request.environment;
    report.site_packages = environment.site_packages;
    report.interpreter = environment.interpreter;
    report.install_command = request.install_command;
    const std::filesystem::path site = torch_site_packages(environment);
    const bool windows = holds_windows_libraries(site);
    report.os = windows ? "windows" : "linux";

    FindingContext context;
    context.site_packages = site;
    context.windows = windows;
    context.known_issues = request.matrix->known_issues;
    context.install_command = request.install_command;
    context.facts.os = report.os;
    context.facts.machine = request.machine;
    context.facts.matrix = request.matrix;

    const SitePackages scanned = scan_site_packages(site);
    const InstalledFamily family = installed_family(scanned, context);
    report.installed = family.packages;
    if (const InstalledDistribution* torch = family.find("torch")) {
        context.facts.torch = torch->version;
    }
    if (const InstalledDistribution* vision = family.find("torchvision")) {
        context.facts.torchvision = vision->version;
    }
    add(report.findings, family.findings);
    add(report.findings, pairing_findings(family, *request.matrix, request.target, context));
    InstalledCompanions companions =
        installed_companions(scanned, family, *request.matrix, request.target, context);
    report.installed.insert(report.installed.end(), companions.packages.begin(),
                            companions.packages.end());
    report.companions = std::move(companions.companions);
    add(report.findings, std::move(companions.findings));

    const NativeLibraries libraries = native_libraries(site, installed_names(family), windows);
    if (windows) {
        const WindowsDllSearch search(windows_folders(request, site));
        const WindowsLoad load =
            simulate_windows_load(libraries.load_order, libraries.chain_roots, search);
        report.libraries_checked = load.check.libraries_read;
        add(report.findings, library_findings(load.check, context));
        VcRuntimeCheck runtime =
            check_vc_runtime(load, search, site / "torch" / "lib", context.facts.torch, context);
        report.runtime_copies = std::move(runtime.copies);
        add(report.findings, std::move(runtime.findings));
    } else {
        const LinuxLibrarySearch search(linux_folders(request, site));
        const LibraryCheck check =
            simulate_linux_load(libraries.load_order, libraries.chain_roots, search);
        report.libraries_checked = check.libraries_read;
        add(report.findings, library_findings(check, context));
    }
    if (request.smoke_timeout && environment.interpreter) {
        report.smoke = run_smoke_test(*environment.interpreter, *request.smoke_timeout);
        add(report.findings, smoke_findings(*report.smoke, context));
    }
    std::stable_sort(report.findings.begin(), report.findings.end(),
                     [](const DoctorFinding& a, const DoctorFinding& b) {
                         return a.severity() == Severity::Error && b.severity() != Severity::Error;
                     });
    return report;
}

} // namespace torchpin
