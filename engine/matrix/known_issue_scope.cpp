// known_issue_applies and its clauses: the scope of a known issue.
#include "engine/matrix/known_issue_scope.hpp"

namespace torchpin {

bool issue_concerns_os(const KnownIssueFact& issue, OperatingSystem os) {
    return issue.os == "any" || issue.os == name(os);
}

bool issue_concerns_release(const KnownIssueFact& issue, const Version& release) {
    return issue.torch.contains(release, true);
}

bool issue_concerns_build(const KnownIssueFact& issue, const std::optional<Backend>& build) {
    return !issue.backend || issue.backend == build;
}

bool issue_ruled_out_by(const KnownIssueFact& issue, const VcRuntimeVersion& runtime) {
    return issue.unless_vc_runtime && *issue.unless_vc_runtime <= runtime;
}

bool known_issue_applies(const KnownIssueFact& issue, const KnownIssueQuery& query) {
    if (issue.message_only || (issue.torch.empty() && !query.every_version_issues)) {
        return false;
    }
    return issue_concerns_os(issue, query.os) && issue_concerns_release(issue, query.torch) &&
           issue_concerns_build(issue, query.backend) &&
           !(query.vc_runtime && issue_ruled_out_by(issue, *query.vc_runtime));
}

} // namespace torchpin
