// Must compile: the control of the rejecting probes, the same calls with ids the catalog gives
// to check and to doctor (tests/catalog/probes.cmake).
#include "engine/check/check_finding.hpp"

namespace torchpin {

inline CheckFinding catalog_probe() {
    return make_finding(RuleId{"unpaired-companion"}, SourceLocation{}, "message", "fix");
}

inline DoctorFindingId catalog_probe_doctor() {
    return DoctorFindingId{"missing-library"};
}

} // namespace torchpin
