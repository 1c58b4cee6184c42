// What `torchpin check` reports: findings with a rule id of the catalog (finding_catalog.hpp), a
// severity, the place, the conflicting facts and the fix.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/check/finding_catalog.hpp"
#include "engine/check/locked_requirements.hpp"

#include <string>
#include <string_view>

namespace torchpin {

std::string_view name(Severity severity) noexcept; // "error", "warning"

// "requirements.txt:3: mixed-backends: torchvision 0.20.1+cu124 is a CUDA 12.4 build, torch
// 2.4.0+cu121 (line 2) a CUDA 12.1 build" with fix "pin torchvision==0.19.0+cu121".
struct CheckFinding {
    RuleId rule;
    Severity severity = Severity::Error;
    SourceLocation where;
    std::string message;
    std::string fix;
    // The line as written, shown in text with a caret under `where.column`: set for
    // unreadable-file findings, whose column points at the byte a reader could not take.
    std::string source_line;

    friend bool operator==(const CheckFinding&, const CheckFinding&) = default;
};

// A finding of the catalog's rule `rule`, with the rule's severity: make_finding("yanked-file",
// …) is a warning; a misspelt id does not compile.
CheckFinding make_finding(RuleId rule, const SourceLocation& where, std::string message,
                          std::string fix);

} // namespace torchpin
