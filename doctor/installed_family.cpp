// Choosing one distribution per torch family package and reporting what a broken install left.
#include "doctor/installed_family.hpp"

#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

std::string reinstall_fix(std::string_view package, const FindingContext& context) {
    std::string fix = "pip uninstall " + std::string(package) +
                      " (repeat until pip finds none), then install it again";
    if (!context.install_command.empty()) {
        fix += ": " + context.install_command;
    }
    return fix;
}

DoctorFinding several_installs(std::string_view package,
                               const std::vector<const InstalledDistribution*>& found,
                               const FindingContext& context) {
    DoctorFinding finding{"several-installs"};
    finding.subject = std::string(package);
    std::string versions;
    for (const InstalledDistribution* distribution : found) {
        versions += (versions.empty() ? "" : ", ") + distribution->version.to_string();
        finding.details.push_back(shown_path(distribution->dist_info, context));
    }
    finding.message = std::to_string(found.size()) + " installs of " + std::string(package) +
                      " in one site-packages (" + versions +
                      "): an uninstall or upgrade did not finish, and the files of both are mixed";
    finding.fix = reinstall_fix(package, context);
    return finding;
}

} // namespace

const InstalledDistribution* InstalledFamily::find(std::string_view normalized_name) const {
    for (const InstalledDistribution* distribution : distributions) {
        if (distribution->normalized_name == normalized_name) {
            return distribution;
        }
    }
    return nullptr;
}

InstalledFamily installed_family(const SitePackages& site, const FindingContext& context) {
    InstalledFamily family;
    for (std::string_view package : torch_family) {
        const std::vector<const InstalledDistribution*> found = site.find(package);
        if (found.size() > 1) {
            family.findings.push_back(several_installs(package, found, context));
        }
        for (const std::filesystem::path& leftover : site.leftovers_of(package)) {
            DoctorFinding finding{"uninstall-leftover"};
            finding.subject = shown_path(leftover, context);
            finding.message = finding.subject + " was left by an uninstall or upgrade of " +
                              std::string(package) + " that did not finish";
            finding.fix =
                "delete " + utf8_of(leftover) + ", then " + reinstall_fix(package, context);
            family.findings.push_back(std::move(finding));
        }
        if (found.empty()) {
            continue;
        }
        const InstalledDistribution* chosen = found.back(); // sorted by version: the newest
        family.distributions.push_back(chosen);
        family.packages.push_back(
            InstalledPackage{std::string(package), chosen->version.to_string(),
                             shown_path(chosen->dist_info, context), chosen->installer.value_or(""),
                             index_hint(*chosen).value_or("")});
    }
    for (const UnreadableDistribution& unreadable : site.unreadable) {
        DoctorFinding finding{"unreadable-metadata"};
        finding.subject = shown_path(unreadable.path, context);
        const Diagnostic& said = unreadable.diagnostic;
        finding.message =
            said.origin +
            (said.line > 0 ? ":" + std::to_string(said.line) + ":" + std::to_string(said.column)
                           : std::string()) +
            ": " + said.message;
        finding.fix = "reinstall the package whose metadata this is";
        family.findings.push_back(std::move(finding));
    }
    if (family.find("torch") == nullptr) {
        DoctorFinding finding{"torch-not-installed"};
        finding.subject = shown_path(site.folder, context);
        finding.message = "no torch distribution in " + utf8_of(site.folder);
        finding.fix = context.install_command.empty() ? "install torch"
                                                      : "install torch: " + context.install_command;
        family.findings.push_back(std::move(finding));
    }
    return family;
}

} // namespace torchpin
