// Finding every copy of the Visual C++ runtime DLLs and weighing the one torch gets.
#include "doctor/vc_runtime_copies.hpp"

#include "engine/base/utf8_path.hpp"
#include "engine/hardware/vc_runtime_version.hpp"
#include "engine/matrix/known_issue_scope.hpp"
#include "importers/binary/pe_image.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <system_error>

namespace torchpin {

namespace {

constexpr std::array runtime_dlls{"msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll"};

// How deep under site-packages a package keeps its own copy (PyQt5\Qt5\bin\msvcp140.dll).
constexpr int deepest_package_copy = 4;

std::string file_version_of(const std::filesystem::path& file) {
    auto image = read_pe_file(file);
    return image && image->file_version ? image->file_version->text() : std::string();
}

// Adds `entry` when it is a copy of one of the runtime DLLs not seen yet.
void add_if_runtime(const std::filesystem::directory_entry& entry, const std::string& where,
                    std::vector<RuntimeCopy>& copies, std::set<std::filesystem::path>& seen) {
    const std::string name = lower_ascii(utf8_of(entry.path().filename()));
    std::error_code error;
    if (std::find(runtime_dlls.begin(), runtime_dlls.end(), name) != runtime_dlls.end() &&
        entry.is_regular_file(error) && seen.insert(entry.path()).second) {
        copies.push_back({name, entry.path(), file_version_of(entry.path()), false, where});
    }
}

void add_copies_in(const std::filesystem::path& folder, const std::string& where,
                   std::vector<RuntimeCopy>& copies, std::set<std::filesystem::path>& seen) {
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        add_if_runtime(*it, where, copies, seen);
    }
}

void add_package_copies(const std::filesystem::path& site_packages,
                        std::vector<RuntimeCopy>& copies, std::set<std::filesystem::path>& seen) {
    std::error_code error;
    std::filesystem::recursive_directory_iterator it(site_packages, error), end;
    for (; !error && it != end; it.increment(error)) {
        if (it.depth() >= deepest_package_copy) {
            it.disable_recursion_pending();
        }
        add_if_runtime(*it, "another package in site-packages", copies, seen);
    }
}

std::optional<VcRuntimeVersion> runtime_version(const RuntimeCopy& copy) {
    if (copy.version.empty()) {
        return std::nullopt;
    }
    auto version = VcRuntimeVersion::parse(copy.version);
    return version ? std::optional(*version) : std::nullopt;
}

// torch ≥ 2.9 needs msvcp140.dll 14.40: each such known issue, against the copy torch gets.
void check_needed_version(const RuntimeCopy& used, const std::optional<Version>& torch,
                          const FindingContext& context, VcRuntimeCheck& check) {
    const auto version = runtime_version(used);
    if (!version || !torch) {
        return;
    }
    // An issue of every version is about the machine's setup, which the other findings cover.
    const KnownIssueQuery query{.os = OperatingSystem::Windows,
                                .torch = torch->public_version(),
                                .backend = std::nullopt,
                                .vc_runtime = *version,
                                .every_version_issues = false};
    for (const KnownIssueFact& issue : context.known_issues) {
        if (!issue.unless_vc_runtime || !known_issue_applies(issue, query)) {
            continue;
        }
        DoctorFinding finding{"vc-runtime-too-old"};
        finding.subject = shown_path(used.file, context);
        finding.message = "torch " + torch->to_string() + " needs " + used.name + " " +
                          issue.unless_vc_runtime->to_string() +
                          " or newer; the copy its DLLs "
                          "get is " +
                          used.version;
        finding.details.push_back("the copy: " + utf8_of(used.file) + ", from " + used.where);
        finding.known_issue = issue.issue;
        finding.fix = issue.fix;
        finding.links = issue.links;
        finding.details.push_back("known issue " + issue.issue + ": " + issue.summary);
        check.findings.push_back(std::move(finding));
    }
}

// Another package's copy older than the one torch gets is loaded instead when that package is
// imported first: a process keeps the first msvcp140.dll it loads.
void check_older_package_copies(const RuntimeCopy& used, const FindingContext& context,
                                VcRuntimeCheck& check) {
    const auto used_version = runtime_version(used);
    for (const RuntimeCopy& copy : check.copies) {
        const auto version = runtime_version(copy);
        if (copy.name != used.name || copy.where != "another package in site-packages" ||
            !version || !used_version || *version >= *used_version) {
            continue;
        }
        DoctorFinding finding{"older-runtime-copy"};
        finding.subject = shown_path(copy.file, context);
        finding.message = finding.subject + " (" + copy.version + ") is older than the " +
                          used.name + " torch gets (" + used.version +
                          "): importing its package before torch loads it first, and torch's "
                          "DLLs then get the old copy";
        finding.fix = "import torch before that package, or update the package";
        check.findings.push_back(std::move(finding));
    }
}

} // namespace

VcRuntimeCheck check_vc_runtime(const WindowsLoad& load, const WindowsDllSearch& search,
                                const std::filesystem::path& torch_lib,
                                const std::optional<Version>& torch,
                                const FindingContext& context) {
    VcRuntimeCheck check;
    std::set<std::filesystem::path> seen;
    const WindowsSearchFolders& folders = search.folders();
    add_copies_in(folders.application_folder, std::string(describe(DllSource::ApplicationFolder)),
                  check.copies, seen);
    for (const std::filesystem::path& folder : folders.added_folders) {
        add_copies_in(folder, std::string(describe(DllSource::AddedFolder)), check.copies, seen);
    }
    add_copies_in(folders.system32, "System32", check.copies, seen);
    for (const std::filesystem::path& folder : folders.path_folders) {
        add_copies_in(folder, "PATH", check.copies, seen);
    }
    add_package_copies(context.site_packages, check.copies, seen);

    for (const char* name : runtime_dlls) {
        std::optional<FoundDll> used;
        if (auto loaded = load.loaded.find(name); loaded != load.loaded.end()) {
            used = loaded->second;
        } else {
            used = search.find(name, torch_lib);
        }
        auto copy = std::find_if(check.copies.begin(), check.copies.end(),
                                 [&](const auto& c) { return used && c.file == used->file; });
        if (copy == check.copies.end()) {
            continue;
        }
        copy->used = true;
        if (copy->name == "msvcp140.dll") {
            check_needed_version(*copy, torch, context, check);
        }
        check_older_package_copies(*copy, context, check);
    }
    return check;
}

} // namespace torchpin
