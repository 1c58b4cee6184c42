// Running check's rules over the installed versions, as if they were a freeze file.
#include "doctor/installed_pairing.hpp"

#include "engine/base/utf8_path.hpp"
#include "engine/check/lock_check.hpp"
#include "engine/solver/solver.hpp"

#include <algorithm>
#include <optional>
#include <span>

namespace torchpin {

namespace {

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

// An installed CUDA build that the driver runs only through CUDA minor version compatibility
// (docs/solver.md): it works, with that compatibility's limits, and a build the driver runs
// directly is what the resolver would have chosen. check accepts this in a lockfile; for the
// install on this very machine, doctor says it.
std::optional<DoctorFinding> minor_version_driver(const InstalledDistribution& torch,
                                                  const CheckTarget& target,
                                                  const FindingContext& context) {
    if (!torch.version.has_local()) {
        return std::nullopt; // no label: which PyPI build it is, the files would have to say
    }
    const auto build = Backend::parse(torch.version.local_label());
    if (!build) {
        return std::nullopt;
    }
    ResolveRequest request;
    request.requirements.push_back(
        Requirement::from("torch==" + torch.version.public_version().to_string()));
    request.backend = *build;
    for (const Candidate& candidate : evaluate_candidates(target.matrix, target.machine, request)) {
        if (candidate.backend != *build || !candidate.works() ||
            candidate.driver_fit != DriverFit::MinorVersion) {
            continue;
        }
        const auto said = std::ranges::find_if(candidate.warnings, [](const AnswerWarning& w) {
            return w.code == WarningCode::DriverMinorVersion ||
                   w.code == WarningCode::DriverFloorOnly;
        });
        DoctorFinding finding{"driver-minor-version"};
        finding.subject = shown_path(torch.dist_info, context);
        finding.message = "torch " + torch.version.to_string() + ": " +
                          (said == candidate.warnings.end() ? "the driver is below its CUDA's own "
                                                              "minimum"
                                                            : said->message);
        finding.fix = "upgrade the NVIDIA driver to that minimum";
        if (!context.install_command.empty()) {
            finding.fix +=
                ", or install the build the driver runs directly: " + context.install_command;
        }
        return finding;
    }
    return std::nullopt;
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
        // Only the rules that speak about installed builds, which the catalog marks as doctor's
        // too. Not: rules about how a file is written (index options, hashes, pins), and not
        // known-issue, whose files doctor reads itself.
        const std::optional<DoctorFindingId> id = found.rule.as<Reporter::Doctor>();
        if (!id) {
            continue;
        }
        DoctorFinding finding{*id};
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
    if (target != nullptr) {
        if (auto minor = minor_version_driver(*family.find("torch"), *target, context)) {
            findings.push_back(std::move(*minor));
        }
    }
    return findings;
}

} // namespace torchpin
