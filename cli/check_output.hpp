// The four outputs of `torchpin check`: text, the torchpin/check/v1 JSON, GitHub workflow
// annotations and SARIF 2.1.0.
#pragma once

#include "engine/check/check_finding.hpp"

#include <string>
#include <vector>

namespace torchpin::cli {

// The findings of one file: a FILE argument, or a file it includes (-r/-c) that has findings.
struct CheckedFile {
    std::string path;
    std::string format; // "requirements", "pip-freeze", "uv.lock", "pylock"; "" when unreadable
    std::vector<CheckFinding> findings;
};

struct CheckTotals {
    std::size_t errors = 0;
    std::size_t warnings = 0;
};

CheckTotals count_findings(const std::vector<CheckedFile>& files);

// "requirements.txt:3: mixed-backends: ..." and an indented "fix: ..." line per finding, then a
// summary line; the rule id is painted red (error) or yellow (warning) when `color`. An
// unreadable-file finding is "bad.txt:1:14: ..." with its line and a caret under the column.
std::string check_text(const std::vector<CheckedFile>& files, bool color);

// {"schema": "torchpin/check/v1", "files": [...], "errors": N, "warnings": M}; an unreadable
// file's "format" is null.
std::string check_json(const std::vector<CheckedFile>& files);

// "::error file=requirements.txt,line=3,title=mixed-backends::message (fix: ...)" per finding
// (",col=14" after the line for unreadable-file; no line when the finding has none).
std::string check_github(const std::vector<CheckedFile>& files);

// A SARIF 2.1.0 log with one run: tool.driver torchpin with every rule, one result per finding.
std::string check_sarif(const std::vector<CheckedFile>& files);

} // namespace torchpin::cli
