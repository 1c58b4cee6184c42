// Phrasing library misses as doctor findings.
#include "doctor/library_findings.hpp"

#include "doctor/windows_dll_search.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>

namespace torchpin {

namespace {

std::string joined_chain(const LoadChain& chain, const FindingContext& context) {
    std::string text;
    for (const std::filesystem::path& file : chain) {
        text += (text.empty() ? "" : " → ") + shown_path(file, context);
    }
    return text;
}

std::string joined_folders(const std::vector<std::filesystem::path>& folders,
                           const FindingContext& context) {
    std::string text;
    for (const std::filesystem::path& folder : folders) {
        text += (text.empty() ? "" : ", ") + shown_path(folder, context);
    }
    return text;
}

// The fix when no known issue speaks for the miss.
std::string generic_fix(const std::string& name, const FindingContext& context) {
    std::string fix = "no known issue matches: " + name +
                      " is neither in the environment nor where the loader looks for system "
                      "libraries; reinstall the package that ships the library needing it";
    if (!context.install_command.empty()) {
        fix += " (for this machine: " + context.install_command + ")";
    }
    return fix + ", or install what provides " + name;
}

// Named: clang 14's code generation crashes on a `?:` of two temporary ids.
constexpr DoctorFindingId missing_delay_loaded{"missing-delay-loaded-library"};
constexpr DoctorFindingId missing_needed{"missing-library"};

DoctorFinding missing_library_finding(const MissingLibrary& missing,
                                      const FindingContext& context) {
    DoctorFinding finding{missing.delay_loaded ? missing_delay_loaded : missing_needed};
    finding.subject = shown_path(missing.needed_by, context);
    finding.details.push_back("load chain: " + joined_chain(missing.chain, context));
    finding.details.push_back("searched: " + joined_folders(missing.searched, context));
    if (missing.delay_loaded) {
        finding.message = finding.subject + " delay-loads " + missing.name +
                          ", which the loader finds nowhere: the import works, the first call "
                          "into " +
                          missing.name + " fails";
        finding.fix = "install what provides " + missing.name;
        return finding;
    }
    finding.message = finding.subject + " needs " + missing.name +
                      ", which the loader finds in none of the folders it searches";
    const std::string message = predicted_message(missing, context);
    finding.details.push_back("Python would say: " + message);
    if (!attach_known_issue(finding, message, context)) {
        finding.fix = generic_fix(missing.name, context);
    }
    return finding;
}

DoctorFinding missing_version_finding(const MissingSymbolVersion& missing,
                                      const FindingContext& context) {
    DoctorFinding finding{"missing-symbol-version"};
    finding.subject = shown_path(missing.needed_by, context);
    finding.message = finding.subject + " needs " + missing.version + " from " + missing.library +
                      ", which the copy the loader takes does not define";
    finding.details.push_back(
        "the copy: " + shown_path(missing.provider, context) + " (from " + missing.provider_found +
        ")" +
        (missing.newest_defined.empty() ? "" : ", whose newest is " + missing.newest_defined));
    finding.details.push_back("load chain: " + joined_chain(missing.chain, context));
    const std::string message = predicted_message(missing, context);
    finding.details.push_back("Python would say: " + message);
    if (!attach_known_issue(finding, message, context)) {
        finding.fix = "make the loader find a " + missing.library + " that defines " +
                      missing.version + " (a newer one from the system or the environment)";
    }
    return finding;
}

} // namespace

std::string shown_path(const std::filesystem::path& file, const FindingContext& context) {
    const std::filesystem::path relative = file.lexically_relative(context.site_packages);
    if (relative.empty() || *relative.begin() == "..") {
        return utf8_of(file);
    }
    std::string text = utf8_of(relative);
    std::replace(text.begin(), text.end(), '\\', '/'); // the same on every system
    return text;
}

std::string predicted_message(const MissingLibrary& missing, const FindingContext& context) {
    if (context.windows) {
        // torch's __init__ loads the Visual C++ runtime first and prints this when one is missing.
        const std::string name = lower_ascii(missing.name);
        const bool runtime =
            name == "msvcp140.dll" || name == "vcruntime140.dll" || name == "vcruntime140_1.dll";
        return std::string(runtime ? "Microsoft Visual C++ Redistributable is not installed, this "
                                     "may lead to the DLL load failure.\n"
                                   : "") +
               "OSError: [WinError 126] The specified module could not be found. Error loading \"" +
               utf8_of(missing.root) + "\" or one of its dependencies. (" + missing.name +
               " is missing)";
    }
    return "ImportError: " + missing.name +
           ": cannot open shared object file: No such file or "
           "directory";
}

std::string predicted_message(const MissingSymbolVersion& missing, const FindingContext&) {
    return "ImportError: " + utf8_of(missing.provider) + ": version `" + missing.version +
           "' not found (required by " + utf8_of(missing.needed_by) + ")";
}

bool attach_known_issue(DoctorFinding& finding, const std::string& message,
                        const FindingContext& context) {
    const std::vector<ErrorCause> causes =
        explain_error(message, context.known_issues, context.facts);
    if (causes.empty()) {
        return false;
    }
    const KnownIssueFact& issue = causes.front().issue;
    finding.known_issue = issue.issue;
    finding.fix = issue.fix;
    finding.links = issue.links;
    finding.details.push_back("known issue " + issue.issue + ": " + issue.summary);
    return true;
}

std::vector<DoctorFinding> library_findings(const LibraryCheck& check,
                                            const FindingContext& context) {
    std::vector<DoctorFinding> findings;
    for (const MissingLibrary& missing : check.missing) {
        findings.push_back(missing_library_finding(missing, context));
    }
    for (const MissingSymbolVersion& missing : check.missing_versions) {
        findings.push_back(missing_version_finding(missing, context));
    }
    for (const FoundOnPath& found : check.found_on_path) {
        DoctorFinding finding{"library-only-on-path"};
        finding.subject = shown_path(found.needed_by, context);
        finding.message = finding.subject + " gets " + found.name + " only from PATH (" +
                          utf8_of(found.file.parent_path()) +
                          "): torch's first load fails and its second, through PATH, finds it";
        finding.fix = "install what provides " + found.name +
                      " into the environment or System32; a changed PATH or another program's "
                      "copy on it breaks the import";
        findings.push_back(std::move(finding));
    }
    for (const UnreadableLibrary& unreadable : check.unreadable) {
        DoctorFinding finding{"unreadable-library"};
        finding.subject = shown_path(unreadable.file, context);
        finding.message =
            finding.subject + " is not a library torchpin can read: " + unreadable.problem;
        finding.fix = "reinstall the package that ships it";
        findings.push_back(std::move(finding));
    }
    return findings;
}

} // namespace torchpin
