// Doctor reports as text and JSON.
#include "cli/doctor_output.hpp"

#include "cli/global_options.hpp"
#include "engine/base/utf8_path.hpp"

#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

using nlohmann::ordered_json;

std::string installed_list(const DoctorReport& report) {
    std::string text;
    for (const InstalledPackage& package : report.installed) {
        text += (text.empty() ? "" : ", ") + package.name + " " + package.version;
    }
    return text.empty() ? "nothing of the torch family" : text;
}

// "  xformers 0.0.32.post2: ok, built for torch==2.8.0 (data/ecosystem.toml's row of ...)"
std::string companion_line(const InstalledCompanion& companion) {
    std::string line = "  " + companion.name + " " + companion.version + ": ";
    switch (companion.verdict) {
    case CompanionVerdict::Fits:
        line += "ok, built for ";
        break;
    case CompanionVerdict::Misfit:
        line += "does not fit, built for ";
        break;
    case CompanionVerdict::Unknown:
        return line + "a release the matrix does not know\n";
    }
    return line + companion.built_for + " (" + companion.evidence + ")\n";
}

std::string environment_line(const DoctorReport& report) {
    std::string line = "environment: ";
    for (std::size_t i = 0; i < report.site_packages.size(); ++i) {
        line += (i == 0 ? "" : ", ") + utf8_of(report.site_packages[i]);
    }
    if (report.interpreter) {
        line += " (" + utf8_of(*report.interpreter) + ")";
    }
    return line + ", " + report.os + " libraries\n";
}

std::string finding_text(const DoctorFinding& finding, bool color) {
    const bool error = finding.severity() == Severity::Error;
    std::string text = paint(color, error ? "1;31" : "1;33", error ? "error" : "warning") + ": " +
                       paint(color, "1", finding.id.name()) + ": " + finding.message + "\n";
    for (const std::string& detail : finding.details) {
        text += "    " + detail + "\n";
    }
    if (!finding.fix.empty()) {
        text += "    " + paint(color, "1;32", "fix:") + " " + finding.fix + "\n";
    }
    for (const std::string& link : finding.links) {
        text += "    see " + link + "\n";
    }
    return text;
}

std::string plural(std::size_t count, const std::string& word) {
    return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

} // namespace

std::string doctor_text(const DoctorReport& report, bool color) {
    if (report.findings.empty()) {
        std::string line = paint(color, "1;32", "healthy") + ": " + installed_list(report);
        if (report.libraries_checked > 0) {
            line += "; " + std::to_string(report.libraries_checked) +
                    (report.libraries_checked == 1 ? " native library loads"
                                                   : " native libraries load");
        }
        line += (report.smoke ? "; the smoke test passed" : "") + std::string("\n");
        for (const InstalledCompanion& companion : report.companions) {
            line += companion_line(companion);
        }
        return line;
    }
    std::string text = environment_line(report);
    text += "installed: " + installed_list(report) + "\n";
    for (const InstalledPackage& package : report.installed) {
        if (!package.origin.empty()) {
            text += "  " + package.name + ": " + package.origin + "\n";
        }
    }
    for (const InstalledCompanion& companion : report.companions) {
        text += companion_line(companion);
    }
    text += "native libraries read: " + std::to_string(report.libraries_checked) + "\n";
    for (const RuntimeCopy& copy : report.runtime_copies) {
        text += "  " + copy.name + " " + (copy.version.empty() ? "(no version)" : copy.version) +
                " in " + copy.where + (copy.used ? " (the copy torch gets)" : "") + ": " +
                utf8_of(copy.file) + "\n";
    }
    if (report.smoke) {
        for (const SmokeStep& step : report.smoke->steps) {
            text += "  smoke: " + step.name + ": " + (step.ok ? step.result : "failed") + "\n";
        }
    }
    text += "\n";
    for (const DoctorFinding& finding : report.findings) {
        text += finding_text(finding, color);
    }
    text += "\n" + plural(report.count(Severity::Error), "error") + ", " +
            plural(report.count(Severity::Warning), "warning") + "\n";
    if (!report.install_command.empty()) {
        text += "the install this machine needs: " + report.install_command + "\n";
    }
    return text;
}

std::string doctor_json(const DoctorReport& report) {
    ordered_json out;
    out["schema"] = "torchpin/doctor/v1";
    out["status"] = report.findings.empty() ? "healthy" : "problems";
    ordered_json environment;
    environment["os"] = report.os;
    environment["site_packages"] = ordered_json::array();
    for (const std::filesystem::path& folder : report.site_packages) {
        environment["site_packages"].push_back(utf8_of(folder));
    }
    environment["interpreter"] =
        report.interpreter ? ordered_json(utf8_of(*report.interpreter)) : ordered_json(nullptr);
    out["environment"] = std::move(environment);
    out["installed"] = ordered_json::array();
    for (const InstalledPackage& package : report.installed) {
        out["installed"].push_back({{"name", package.name},
                                    {"version", package.version},
                                    {"dist_info", package.dist_info},
                                    {"installer", package.installer},
                                    {"origin", package.origin}});
    }
    out["companions"] = ordered_json::array();
    for (const InstalledCompanion& companion : report.companions) {
        out["companions"].push_back(
            {{"name", companion.name},
             {"version", companion.version},
             {"dist_info", companion.dist_info},
             {"verdict", name(companion.verdict)},
             {"built_for", companion.built_for.empty() ? ordered_json(nullptr)
                                                       : ordered_json(companion.built_for)},
             {"evidence", companion.evidence}});
    }
    out["libraries_checked"] = report.libraries_checked;
    out["vc_runtime"] = ordered_json::array();
    for (const RuntimeCopy& copy : report.runtime_copies) {
        out["vc_runtime"].push_back({{"name", copy.name},
                                     {"file", utf8_of(copy.file)},
                                     {"version", copy.version},
                                     {"used", copy.used},
                                     {"where", copy.where}});
    }
    out["findings"] = ordered_json::array();
    for (const DoctorFinding& finding : report.findings) {
        out["findings"].push_back(
            {{"id", finding.id.name()},
             {"severity", finding.severity() == Severity::Error ? "error" : "warning"},
             {"subject", finding.subject},
             {"message", finding.message},
             {"details", finding.details},
             {"fix", finding.fix},
             {"known_issue", finding.known_issue.empty() ? ordered_json(nullptr)
                                                         : ordered_json(finding.known_issue)},
             {"links", finding.links}});
    }
    out["counts"] = {{"errors", report.count(Severity::Error)},
                     {"warnings", report.count(Severity::Warning)}};
    if (report.smoke) {
        ordered_json steps = ordered_json::array();
        for (const SmokeStep& step : report.smoke->steps) {
            steps.push_back({{"step", step.name},
                             {"ok", step.ok},
                             {"result", step.result},
                             {"error", step.error}});
        }
        out["smoke"] = {{"passed", report.smoke->passed()},
                        {"problem", report.smoke->problem.empty()
                                        ? ordered_json(nullptr)
                                        : ordered_json(report.smoke->problem)},
                        {"steps", std::move(steps)}};
    } else {
        out["smoke"] = nullptr;
    }
    out["install_command"] = report.install_command.empty() ? ordered_json(nullptr)
                                                            : ordered_json(report.install_command);
    return out.dump(2) + "\n";
}

} // namespace torchpin::cli
