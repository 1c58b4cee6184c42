// Findings of check's rules, with the severity the catalog gives each rule.
#include "engine/check/check_finding.hpp"

#include <utility>

namespace torchpin {

std::string_view name(Severity severity) noexcept {
    return severity == Severity::Error ? "error" : "warning";
}

CheckFinding make_finding(RuleId rule, const SourceLocation& where, std::string message,
                          std::string fix) {
    return CheckFinding{rule, rule.kind().severity, where, std::move(message), std::move(fix), {}};
}

} // namespace torchpin
