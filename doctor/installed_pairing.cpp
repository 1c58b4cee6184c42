// Running check's rules over the installed versions, as if they were a freeze file.
#include "doctor/installed_pairing.hpp"

#include "engine/base/utf8_path.hpp"
#include "engine/check/lock_check.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

namespace torchpin {

namespace {

// The rules that speak about installed builds. Not: rules about how a file is written (index
// options, hashes, pins), and not known-issue, whose files doctor reads itself.
constexpr std::array<std::string_view, 8> installed_rules{
    "unpaired-companion",   "mixed-backends",    "unpublished-build",       "driver-too-old",
    "driver-minor-version", "gpu-not-supported", "cpu-build-on-gpu-target", "hsa-override-needed"};

LockedRequirements as_freeze_file(const InstalledFamily& family, const FindingContext& context) {
    LockedRequirements file;
    file.path = utf8_of(context.site_packages);
    file.format = LockFormat::PipFreeze;
    for (const InstalledDistribution* distribution : family.distributions) {
        LockedPackage package;
        package.name = distribution->normalized_name;
        package.specifier = "==" + distribution->version.to_string();
        package.pinned = distribution->version;
        package.where = SourceLocation{shown_path(distribution->dist_info, context), 0, 0};
        file.packages.push_back(std::move(package));
    }
    return file;
}

} // namespace

std::vector<DoctorFinding> pairing_findings(const InstalledFamily& family,
                                            const CompatMatrix& every_platform,
                                            const CheckTarget* target,
                                            const FindingContext& context) {
    if (family.find("torch") == nullptr) {
        return {};
    }
    const LockedRequirements file = as_freeze_file(family, context);
    std::span<const CheckTarget> targets;
    if (target != nullptr) {
        targets = std::span(target, 1);
    }
    std::vector<DoctorFinding> findings;
    for (const CheckFinding& found : check_locked_requirements(file, every_platform, targets)) {
        if (std::find(installed_rules.begin(), installed_rules.end(), found.rule) ==
            installed_rules.end()) {
            continue;
        }
        DoctorFinding finding;
        finding.id = found.rule;
        finding.severity = found.severity;
        finding.subject = found.where.file;
        finding.message = found.message;
        finding.fix = found.fix;
        if (!context.install_command.empty()) {
            finding.fix += (finding.fix.empty() ? "" : "; ") +
                           std::string("the resolver's answer for this machine: ") +
                           context.install_command;
        }
        findings.push_back(std::move(finding));
    }
    return findings;
}

} // namespace torchpin
