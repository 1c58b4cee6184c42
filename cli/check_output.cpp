// Rendering check findings as text, JSON, GitHub annotations and SARIF.
#include "cli/check_output.hpp"

#include "cli/global_options.hpp"
#include "engine/base/diagnostic.hpp"

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

// GitHub's escaping of workflow command data; properties also escape ':' and ','.
std::string github_escape(std::string_view text, bool property) {
    std::string out;
    for (const char c : text) {
        if (c == '%') {
            out += "%25";
        } else if (c == '\r') {
            out += "%0D";
        } else if (c == '\n') {
            out += "%0A";
        } else if (property && c == ':') {
            out += "%3A";
        } else if (property && c == ',') {
            out += "%2C";
        } else {
            out += c;
        }
    }
    return out;
}

// A finding that points at a byte of its line (unreadable-file) shows the line with a caret.
bool has_excerpt(const CheckFinding& f) {
    return !f.source_line.empty() && f.where.column > 0;
}

// "requirements.txt:3", "bad.txt:1:14" with an excerpt, "missing.txt" without a line.
std::string text_place(const std::string& path, const CheckFinding& f) {
    std::string out = path;
    if (f.where.line > 0) {
        out += ":" + std::to_string(f.where.line);
        if (has_excerpt(f)) {
            out += ":" + std::to_string(f.where.column);
        }
    }
    return out;
}

std::string sarif_level(Severity severity) {
    return severity == Severity::Error ? "error" : "warning";
}

} // namespace

CheckTotals count_findings(const std::vector<CheckedFile>& files) {
    CheckTotals totals;
    for (const CheckedFile& file : files) {
        for (const CheckFinding& f : file.findings) {
            ++(f.severity == Severity::Error ? totals.errors : totals.warnings);
        }
    }
    return totals;
}

std::string check_text(const std::vector<CheckedFile>& files, bool color) {
    std::string out;
    for (const CheckedFile& file : files) {
        for (const CheckFinding& f : file.findings) {
            out += text_place(file.path, f) + ": " +
                   paint(color, f.severity == Severity::Error ? "1;31" : "1;33", f.rule.name()) +
                   ": " + f.message + "\n";
            if (has_excerpt(f)) {
                out += excerpt_with_caret(f.source_line, f.where.column) + "\n";
            }
            out += "    fix: " + f.fix + "\n";
        }
    }
    const CheckTotals totals = count_findings(files);
    const std::size_t checked = files.size();
    out += std::to_string(totals.errors) + (totals.errors == 1 ? " error, " : " errors, ") +
           std::to_string(totals.warnings) + (totals.warnings == 1 ? " warning" : " warnings") +
           " in " + std::to_string(checked) + (checked == 1 ? " file\n" : " files\n");
    return out;
}

std::string check_json(const std::vector<CheckedFile>& files) {
    nlohmann::ordered_json out_files = nlohmann::ordered_json::array();
    for (const CheckedFile& file : files) {
        nlohmann::ordered_json findings = nlohmann::ordered_json::array();
        for (const CheckFinding& f : file.findings) {
            findings.push_back({{"rule", f.rule.name()},
                                {"severity", name(f.severity)},
                                {"line", f.where.line},
                                {"message", f.message},
                                {"fix", f.fix}});
        }
        nlohmann::ordered_json format = file.format; // null: the file could not be read
        if (file.format.empty()) {
            format = nullptr;
        }
        out_files.push_back({{"path", file.path},
                             {"format", std::move(format)},
                             {"findings", std::move(findings)}});
    }
    const CheckTotals totals = count_findings(files);
    const nlohmann::ordered_json out{{"schema", "torchpin/check/v1"},
                                     {"files", std::move(out_files)},
                                     {"errors", totals.errors},
                                     {"warnings", totals.warnings}};
    return out.dump(2) + "\n";
}

std::string check_github(const std::vector<CheckedFile>& files) {
    std::string out;
    for (const CheckedFile& file : files) {
        for (const CheckFinding& f : file.findings) {
            std::string place = "file=" + github_escape(file.path, true);
            if (f.where.line > 0) {
                place += ",line=" + std::to_string(f.where.line);
                if (has_excerpt(f)) {
                    place += ",col=" + std::to_string(f.where.column);
                }
            }
            out += "::" + std::string(name(f.severity)) + " " + place +
                   ",title=" + github_escape(f.rule.name(), true) +
                   "::" + github_escape(f.message + " (fix: " + f.fix + ")", false) + "\n";
        }
    }
    return out;
}

std::string check_sarif(const std::vector<CheckedFile>& files) {
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const FindingKind& rule : check_rules()) {
        rules.push_back(
            {{"id", rule.id},
             {"shortDescription", {{"text", rule.summary}}},
             {"help",
              {{"text", std::string(rule.summary) + ". " + std::string(rule.docs) +
                            " explains the rule and its fix."}}},
             {"defaultConfiguration", {{"level", sarif_level(rule.severity)}}},
             {"properties",
              {{"tags", rule.needs_target ? std::vector<std::string>{"lockfile", "target-machine"}
                                          : std::vector<std::string>{"lockfile"}}}}});
    }
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const CheckedFile& file : files) {
        for (const CheckFinding& f : file.findings) {
            nlohmann::ordered_json location{{"artifactLocation", {{"uri", file.path}}}};
            if (f.where.line > 0) {
                location["region"] = {{"startLine", f.where.line}};
                if (has_excerpt(f)) {
                    location["region"]["startColumn"] = f.where.column;
                }
            }
            results.push_back({{"ruleId", f.rule.name()},
                               {"ruleIndex", f.rule.index()},
                               {"level", sarif_level(f.severity)},
                               {"message", {{"text", f.message + ". Fix: " + f.fix}}},
                               {"locations", {{{"physicalLocation", location}}}},
                               {"properties", {{"fix", f.fix}}}});
        }
    }
    const nlohmann::ordered_json log{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs",
         {{{"tool",
            {{"driver",
              {{"name", "torchpin"}, {"version", TORCHPIN_VERSION}, {"rules", std::move(rules)}}}}},
           {"results", std::move(results)}}}}};
    return log.dump(2) + "\n";
}

} // namespace torchpin::cli
