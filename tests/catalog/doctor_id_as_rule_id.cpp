// Must not compile: missing-library is a doctor finding, not a check rule
// (tests/catalog/probes.cmake).
#include "engine/check/check_finding.hpp"

namespace torchpin {

inline CheckFinding catalog_probe() {
    return make_finding(RuleId{"missing-library"}, SourceLocation{}, "message", "fix");
}

} // namespace torchpin
