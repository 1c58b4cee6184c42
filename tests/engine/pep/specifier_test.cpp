// Specifier and SpecifierSet: packaging's matching tables, grammar errors, pre-release policy.
#include "engine/pep/specifier.hpp"
#include "tests/support/tables.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::Specifier;
using torchpin::SpecifierSet;
using torchpin::Version;
namespace test = torchpin::test;

namespace {

std::vector<std::string> matching(const std::string& spec, const std::vector<std::string>& versions,
                                  std::optional<bool> prereleases = std::nullopt) {
    std::vector<Version> candidates;
    for (const auto& v : versions) {
        candidates.push_back(Version::from(v));
    }
    std::vector<std::string> out;
    for (std::size_t i : SpecifierSet::from(spec).filter(candidates, prereleases)) {
        out.push_back(versions[i]);
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(specifier)

BOOST_AUTO_TEST_CASE(packaging_matching_table) {
    const auto rows = test::read_table("pep440/specifier_matches.tsv");
    BOOST_REQUIRE_GT(rows.size(), 200u);
    for (const auto& row : rows) {
        BOOST_TEST_CONTEXT(row[0] << " in " << row[1]) {
            const Specifier spec = Specifier::from(row[1]);
            BOOST_TEST(spec.matches(Version::from(row[0])) == (row[2] == "true"));
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_invalid_specifiers_are_rejected) {
    auto invalid = test::read_lines("pep440/invalid_specifiers.txt");
    invalid.push_back("==1.2+\xc4\xb0");
    for (const auto& text : invalid) {
        BOOST_TEST(!Specifier::parse(text).has_value(), text);
    }
}

BOOST_AUTO_TEST_CASE(every_normalizable_spelling_is_accepted_with_every_operator) {
    for (const auto& row : test::read_table("pep440/normalized_versions.tsv")) {
        const bool local = row[0].find('+') != std::string::npos;
        const std::vector<std::string> ops =
            local ? std::vector<std::string>{"==", "!="}
                  : std::vector<std::string>{"==", "!=", "<=", ">=", "<", ">"};
        for (const auto& op : ops) {
            BOOST_TEST(Specifier::parse(op + row[0]).has_value(), op + row[0]);
        }
    }
}

BOOST_AUTO_TEST_CASE(local_label_rules_for_torch_builds) {
    BOOST_TEST(Specifier::from("==2.1.2").matches(Version::from("2.1.2+cu121")));
    BOOST_TEST(!Specifier::from("==2.1.2+cu121").matches(Version::from("2.1.2+cu118")));
    BOOST_TEST(Specifier::from("==2.1.2+cu121").matches(Version::from("2.1.2+cu121")));
    BOOST_TEST(!Specifier::from(">2.1.2").matches(Version::from("2.1.2+cu121")));
    BOOST_TEST(Specifier::from("<=2.1.2").matches(Version::from("2.1.2+cu121")));
    BOOST_TEST(!Specifier::from("!=2.1.2").matches(Version::from("2.1.2+cpu")));
    BOOST_TEST(Specifier::from("==2.1.*").matches(Version::from("2.1.2+cu121")));
    BOOST_TEST(Specifier::from("~=2.1.0").matches(Version::from("2.1.2+rocm5.6")));
}

// packaging 26 and PEP 440: ">V" excludes V's own post-releases and local variants only. pip's
// packaging 21.3 and Debian's 23.0 exclude every local variant, and every post-release unless V
// is one, of any version with V's base version: they reject 1.post3+1 for ">1.0.post1".
BOOST_AUTO_TEST_CASE(greater_than_excludes_only_the_named_versions_posts_and_locals) {
    const auto admits = [](const char* spec, const char* version) {
        return Specifier::from(spec).matches(Version::from(version));
    };
    BOOST_TEST(admits(">1.0.post1", "1.post3"));
    BOOST_TEST(admits(">1.0.post1", "1.post3+1"));
    BOOST_TEST(admits(">1.0.post1", "1.post3+cpu"));
    BOOST_TEST(admits(">1.0.post1", "1.0.0.post2.dev0+cpu"));
    BOOST_TEST(!admits(">1.0.post1", "1.0.post1+cpu"));
    BOOST_TEST(!admits(">1.0.post1", "1.post1"));
    BOOST_TEST(!admits(">1.0.post1", "1.post0+cpu"));
    BOOST_TEST(!admits(">1.0", "1.post3"));
    BOOST_TEST(!admits(">1.0", "1.post3+cpu"));
    BOOST_TEST(!admits(">1.0", "1+cpu"));
    BOOST_TEST(admits(">1.0", "1.0.1+cpu"));
    BOOST_TEST(admits(">1.0a1", "1.0.post0"));
    BOOST_TEST(admits(">1.0a1", "1.0a2+cpu"));
    BOOST_TEST(admits(">1.0a1", "1.0+cpu"));
    BOOST_TEST(!admits(">1.0a1", "1.0a1.post1"));
    BOOST_TEST(!admits(">1.0a1", "1.0a1+cpu"));
    BOOST_TEST(admits(">1.0.dev0", "1+1"));
    BOOST_TEST(!admits(">1.0.dev0", "1.0.dev0+1"));
}

// "<V" excludes pre-releases from V's earliest one on unless V is a pre-release (packaging 26);
// 21.3 and 23.0 exclude every pre-release of V's base, so they reject 1.0a1 for "<1.0.post1".
BOOST_AUTO_TEST_CASE(less_than_excludes_only_the_named_versions_prereleases) {
    const auto admits = [](const char* spec, const char* version) {
        return Specifier::from(spec).matches(Version::from(version));
    };
    BOOST_TEST(!admits("<1.0", "1.0rc1"));
    BOOST_TEST(!admits("<1.0", "1.0.dev0"));
    BOOST_TEST(!admits("<1.0", "1.0+cpu"));
    BOOST_TEST(admits("<1.0", "0.9rc1"));
    BOOST_TEST(admits("<1.0.post1", "1.0a1"));
    BOOST_TEST(admits("<1.0.post1", "1.0+cpu"));
    BOOST_TEST(admits("<1.0.post1", "1.post0+cpu"));
    BOOST_TEST(!admits("<1.0.post1", "1.0.post1.dev0"));
    BOOST_TEST(admits("<1.0rc1", "1.0a1+cpu"));
    BOOST_TEST(admits("<=1.0", "1.0+cpu"));
    BOOST_TEST(admits(">=1.0", "1.0+cpu"));
    BOOST_TEST(!admits("<=1.0", "1.0.post0.dev0"));
}

BOOST_AUTO_TEST_CASE(prerelease_policy_follows_pep_440) {
    const std::vector<std::string> versions{"2.0", "2.1rc1", "2.1", "2.2.dev20240101"};
    BOOST_TEST(matching(">=2.0", versions) == (std::vector<std::string>{"2.0", "2.1"}));
    BOOST_TEST(matching(">=2.0", versions, true) == versions);
    BOOST_TEST(matching(">=2.1rc1", versions) ==
               (std::vector<std::string>{"2.1rc1", "2.1", "2.2.dev20240101"}));
    BOOST_TEST(matching(">2.1", versions) == (std::vector<std::string>{"2.2.dev20240101"}));
    BOOST_TEST(matching(">2.1", versions, false).empty());
    BOOST_TEST(matching("", versions) == (std::vector<std::string>{"2.0", "2.1"}));
    BOOST_TEST(matching("!=2.1rc1", versions) == (std::vector<std::string>{"2.0", "2.1"}));
    // packaging's prerelease detection table
    for (const auto& [spec, expected] :
         std::vector<std::pair<std::string, bool>>{{"==1.0", false},
                                                   {">=1.0", false},
                                                   {"<=1.0", false},
                                                   {"~=1.0", false},
                                                   {"<1.0", false},
                                                   {">1.0", false},
                                                   {"<1.0.dev1", true},
                                                   {">1.0.dev1", true},
                                                   {"!=1.0.dev1", false},
                                                   {"==1.0.*", false},
                                                   {"==1.0.dev1", true},
                                                   {">=1.0.dev1", true},
                                                   {"<=1.0.dev1", true},
                                                   {"~=1.0.dev1", true}}) {
        BOOST_TEST(Specifier::from(spec).allows_prereleases() == expected, spec);
    }
}

BOOST_AUTO_TEST_CASE(contains_judges_a_lone_candidate_by_its_operators) {
    const SpecifierSet set = SpecifierSet::from(">=1.0.0,!=1.0.1");
    BOOST_TEST(set.contains(Version::from("1.2.3")));
    BOOST_TEST(!set.contains(Version::from("1.0.1")));
    BOOST_TEST(set.contains(Version::from("1.3.0a1")));
    BOOST_TEST(!set.contains(Version::from("1.3.0a1"), false));
    BOOST_TEST(SpecifierSet().contains(Version::from("1.0")));
}

BOOST_AUTO_TEST_CASE(arbitrary_equality_compares_the_normalized_text) {
    BOOST_TEST(Specifier::from("===1.0").matches(Version::from("1.0")));
    BOOST_TEST(!Specifier::from("===1.0").matches(Version::from("1.0.0")));
    BOOST_TEST(!Specifier::from("===1.0").matches(Version::from("1.0+downstream1")));
    BOOST_TEST(Specifier::from("===1.0A1").matches(Version::from("1.0a1")));
    BOOST_TEST(Specifier::from("===1.1").matches(Version::from("1.01")));
    BOOST_TEST(!Specifier::from("===1.01").matches(Version::from("1.1")));
    BOOST_TEST(!Specifier::from("===foobar").version().has_value());
}

BOOST_AUTO_TEST_CASE(sets_parse_strip_and_skip_empty_clauses_like_packaging) {
    const SpecifierSet set = SpecifierSet::from(" >= 2.1 , < 2.4 ,");
    BOOST_TEST(set.specifiers().size() == 2u);
    BOOST_TEST(set.to_string() == ">=2.1,<2.4");
    BOOST_TEST(SpecifierSet::from("").empty());
    BOOST_TEST(Specifier::from("< 2").to_string() == "<2");
}

BOOST_AUTO_TEST_CASE(errors_point_at_the_offending_clause) {
    auto set = SpecifierSet::parse(">=2.1, <2.x");
    BOOST_REQUIRE(!set.has_value());
    BOOST_TEST(set.error().position == 9u);
    BOOST_TEST(set.error().input == ">=2.1, <2.x");
    auto missing = SpecifierSet::parse(">=2.1,2.4");
    BOOST_REQUIRE(!missing.has_value());
    BOOST_TEST(missing.error().position == 6u);
    BOOST_TEST(missing.error().message.find("operator") != std::string::npos);
    auto wildcard = Specifier::parse(">=2.1.*");
    BOOST_REQUIRE(!wildcard.has_value());
    BOOST_TEST(wildcard.error().message.find("only allowed with == and !=") != std::string::npos);
    auto compatible = Specifier::parse("~=2");
    BOOST_REQUIRE(!compatible.has_value());
    BOOST_TEST(compatible.error().message.find("two release numbers") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
