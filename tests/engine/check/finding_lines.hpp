// Check findings as "LINE:rule" words, the way the rule tests' assertions read best.
#pragma once

#include "engine/check/check_finding.hpp"

#include <string>
#include <vector>

namespace torchpin::test {

using Found = std::vector<std::string>;

// "3:unpaired-companion" per finding, in the findings' order.
inline Found finding_lines(const std::vector<CheckFinding>& findings) {
    Found out;
    for (const CheckFinding& f : findings) {
        out.push_back(std::to_string(f.where.line) + ":" + std::string(f.rule.name()));
    }
    return out;
}

} // namespace torchpin::test
