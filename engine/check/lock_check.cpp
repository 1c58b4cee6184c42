// check_locked_requirements: the file rules, then the target rules per target, sorted.
#include "engine/check/lock_check.hpp"

#include "engine/check/companion_rules.hpp"
#include "engine/check/lock_file_rules.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>

namespace torchpin {

std::vector<CheckFinding> check_locked_requirements(const LockedRequirements& file,
                                                    const CompatMatrix& matrix,
                                                    std::span<const CheckTarget> targets) {
    const std::vector<FamilyPin> pins = torch_family_pins(file);
    std::vector<CheckFinding> findings = check_file_rules(file, pins, matrix);
    std::vector<CheckFinding> companions = check_companion_rules(file, pins, matrix, targets);
    findings.insert(findings.end(), companions.begin(), companions.end());
    for (const CheckTarget& target : targets) {
        std::vector<CheckFinding> more = check_target_rules(pins, target);
        findings.insert(findings.end(), more.begin(), more.end());
    }
    // Ordered by the rule's id, not its place in the catalog, as findings always were.
    const auto key = [](const CheckFinding& f) {
        return std::tuple<const std::string&, std::size_t, std::string_view, const std::string&>(
            f.where.file, f.where.line, f.rule.name(), f.message);
    };
    std::ranges::stable_sort(
        findings, [&](const CheckFinding& a, const CheckFinding& b) { return key(a) < key(b); });
    // std::unique, not std::ranges::unique: clang 14 (the fuzz build) cannot compile the
    // subrange the latter returns with libstdc++ 12.
    findings.erase(
        std::unique(findings.begin(), findings.end(),
                    [&](const CheckFinding& a, const CheckFinding& b) { return key(a) == key(b); }),
        findings.end());
    return findings;
}

} // namespace torchpin
