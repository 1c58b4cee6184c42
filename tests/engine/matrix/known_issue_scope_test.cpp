// known_issue_applies: each clause of a known issue's scope, the rule resolve, check and doctor
// share.
#include "engine/matrix/known_issue_scope.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

KnownIssueFact issue(std::string os, std::string torch) {
    KnownIssueFact fact;
    fact.issue = "test-issue";
    fact.os = std::move(os);
    fact.torch = SpecifierSet::from(torch);
    return fact;
}

KnownIssueQuery windows_query(std::string_view torch) {
    return KnownIssueQuery{.os = OperatingSystem::Windows,
                           .torch = Version::from(torch),
                           .backend = Backend::from("cu128"),
                           .vc_runtime = std::nullopt,
                           .every_version_issues = true};
}

} // namespace

BOOST_AUTO_TEST_SUITE(known_issue_scope)

BOOST_AUTO_TEST_CASE(os_release_and_backend_must_match) {
    BOOST_TEST(known_issue_applies(issue("windows", ">=2.9"), windows_query("2.9.0")));
    BOOST_TEST(known_issue_applies(issue("any", ">=2.9"), windows_query("2.9.0")));
    BOOST_TEST(!known_issue_applies(issue("linux", ">=2.9"), windows_query("2.9.0")));
    BOOST_TEST(!known_issue_applies(issue("windows", ">=2.9"), windows_query("2.8.0")));
    KnownIssueFact cpu_only = issue("windows", ">=2.9");
    cpu_only.backend = Backend::from("cpu");
    BOOST_TEST(!known_issue_applies(cpu_only, windows_query("2.9.0")));
    KnownIssueQuery unknown_build = windows_query("2.9.0");
    unknown_build.backend = std::nullopt;
    BOOST_TEST(!known_issue_applies(cpu_only, unknown_build));
}

BOOST_AUTO_TEST_CASE(message_only_and_every_version_issues_are_left_out_where_asked) {
    KnownIssueFact message_only = issue("windows", ">=2.9");
    message_only.message_only = true;
    BOOST_TEST(!known_issue_applies(message_only, windows_query("2.9.0")));
    KnownIssueQuery pins_only = windows_query("2.9.0");
    pins_only.every_version_issues = false;
    BOOST_TEST(known_issue_applies(issue("windows", ""), windows_query("2.9.0")));
    BOOST_TEST(!known_issue_applies(issue("windows", ""), pins_only));
}

BOOST_AUTO_TEST_CASE(a_new_enough_visual_cpp_runtime_rules_an_issue_out) {
    KnownIssueFact msvcp = issue("windows", ">=2.9");
    msvcp.unless_vc_runtime = VcRuntimeVersion::from("14.40");
    KnownIssueQuery query = windows_query("2.9.0");
    BOOST_TEST(known_issue_applies(msvcp, query)); // runtime unknown
    query.vc_runtime = VcRuntimeVersion::from("14.38.33135.0");
    BOOST_TEST(known_issue_applies(msvcp, query));
    query.vc_runtime = VcRuntimeVersion::from("14.40.33810.0");
    BOOST_TEST(!known_issue_applies(msvcp, query));
}

BOOST_AUTO_TEST_SUITE_END()
