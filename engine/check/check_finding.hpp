// What `torchpin check` reports: findings with a stable rule id, a severity, the place, the
// conflicting facts and the fix; and the catalog of rules that docs/checks.md documents.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/check/locked_requirements.hpp"

#include <span>
#include <string>
#include <string_view>

namespace torchpin {

std::string_view name(Severity severity) noexcept; // "error", "warning"

// One defect class. `needs_target`: it runs only when target machines are given.
struct CheckRule {
    std::string_view id; // kebab-case and stable: "unpaired-companion"
    Severity severity;   // the usual one; known-issue takes the issue's own
    bool needs_target;
    std::string_view summary; // one sentence, for SARIF's rule help and `--help`
};

// Every rule, in the order docs/checks.md lists them.
std::span<const CheckRule> check_rules() noexcept;

// The rule with this id; nullptr when there is none.
const CheckRule* find_check_rule(std::string_view id) noexcept;

// "requirements.txt:3: mixed-backends: torchvision 0.20.1+cu124 is a CUDA 12.4 build, torch
// 2.4.0+cu121 (line 2) a CUDA 12.1 build" with fix "pin torchvision==0.19.0+cu121".
struct CheckFinding {
    std::string rule;
    Severity severity = Severity::Error;
    SourceLocation where;
    std::string message;
    std::string fix;
    // The line as written, shown in text with a caret under `where.column`: set for
    // unreadable-file findings, whose column points at the byte a reader could not take.
    std::string source_line;

    friend bool operator==(const CheckFinding&, const CheckFinding&) = default;
};

// A finding of the catalog's rule `rule`, with the rule's severity. An id the catalog lacks is a
// bug in the caller: std::logic_error, not a dereferenced null.
CheckFinding make_finding(std::string_view rule, const SourceLocation& where, std::string message,
                          std::string fix);

} // namespace torchpin
