// Must not compile: "no-such-rule" is in no entry of the catalog (tests/catalog/probes.cmake).
#include "engine/check/check_finding.hpp"

namespace torchpin {

inline CheckFinding catalog_probe() {
    return make_finding(RuleId{"no-such-rule"}, SourceLocation{}, "message", "fix");
}

} // namespace torchpin
