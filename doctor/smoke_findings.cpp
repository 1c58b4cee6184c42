// Turning failed smoke steps into findings.
#include "doctor/smoke_findings.hpp"

namespace torchpin {

std::vector<DoctorFinding> smoke_findings(const SmokeResult& smoke, const FindingContext& context) {
    std::vector<DoctorFinding> findings;
    for (const SmokeStep& step : smoke.steps) {
        if (step.ok) {
            continue;
        }
        DoctorFinding finding{"smoke-step-failed"};
        finding.subject = step.name;
        finding.message = step.name + " failed: " + step.error;
        const std::string said =
            smoke.printed + (step.traceback.empty() ? step.error : step.traceback);
        if (!attach_known_issue(finding, said, context)) {
            finding.fix = "no known issue matches this message; the findings above name what "
                          "the files show";
        }
        findings.push_back(std::move(finding));
    }
    if (!smoke.problem.empty()) {
        DoctorFinding finding{"smoke-did-not-finish"};
        finding.subject = "python";
        finding.message = "the smoke test's " + smoke.problem;
        const std::string last =
            smoke.steps.empty() ? std::string("none") : smoke.steps.back().name;
        finding.details.push_back("the last step that reported: " + last);
        if (!smoke.printed.empty()) {
            finding.details.push_back("it printed: " + smoke.printed);
        }
        finding.fix = "run the step after it by hand in that Python to see where it stops";
        findings.push_back(std::move(finding));
    }
    return findings;
}

} // namespace torchpin
