// Whether a known issue (data/known_issues.toml) concerns a build on a machine: the one rule that
// resolve, check and doctor apply, so that they cannot disagree about an issue's scope.
#pragma once

#include "engine/matrix/compat_matrix.hpp"

#include <optional>

namespace torchpin {

// What is known of the build and the machine an issue may concern.
struct KnownIssueQuery {
    OperatingSystem os = OperatingSystem::Linux;
    Version torch;                  // the release (public version)
    std::optional<Backend> backend; // the build; unknown: an issue of one backend does not apply
    std::optional<VcRuntimeVersion> vc_runtime; // the machine's, where known
    // An issue of every torch version (empty specifier) is about the machine's setup, not the
    // build: resolve lists it, check and doctor leave it to their setup findings.
    bool every_version_issues = true;
};

// The clauses, each also weighed on its own by explain-error (engine/diagnosis/issue_checks.cpp).
bool issue_concerns_os(const KnownIssueFact& issue, OperatingSystem os); // its OS, or "any"
bool issue_concerns_release(const KnownIssueFact& issue, const Version& release);
// An issue of no backend concerns every build; one of a backend, only that build.
bool issue_concerns_build(const KnownIssueFact& issue, const std::optional<Backend>& build);
// The machine's Visual C++ runtime is new enough that the issue cannot happen.
bool issue_ruled_out_by(const KnownIssueFact& issue, const VcRuntimeVersion& runtime);

// True when the issue is not known only by its message (explain-error's), names this OS or
// "any", holds this torch release and (if it names one) this backend, and the machine's Visual
// C++ runtime, where known, does not rule it out.
bool known_issue_applies(const KnownIssueFact& issue, const KnownIssueQuery& query);

} // namespace torchpin
