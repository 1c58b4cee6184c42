// VersionSet: every operator's interval form agrees with Specifier::matches, set algebra holds,
// and emptiness is exact on the edge cases the exclusive operators create.
#include "engine/pep/version_set.hpp"
#include "tests/support/pep440_generator.hpp"
#include "tests/support/pep440_grid.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::Specifier;
using torchpin::SpecifierSet;
using torchpin::to_version_set;
using torchpin::Version;
using torchpin::VersionCut;
using torchpin::VersionSet;
namespace test = torchpin::test;

namespace {

// Random valid clauses without "===" (whose set is knowingly a superset) and versions near them.
struct Sample {
    std::vector<SpecifierSet> sets;
    std::vector<Version> versions;
};

Sample make_sample(std::size_t count) {
    test::Pep440Generator gen(42);
    Sample sample;
    while (sample.sets.size() < count) {
        const std::string text = gen.specifier_set_text();
        auto set = SpecifierSet::parse(text);
        if (!set || text.find("===") != std::string::npos) {
            continue;
        }
        sample.sets.push_back(*set);
        for (int i = 0; i < 4; ++i) {
            if (auto v = Version::parse(gen.neighbour_of(gen.last_specifier_version()))) {
                sample.versions.push_back(*v);
            }
        }
    }
    return sample;
}

VersionSet set_of(const std::string& text) {
    return to_version_set(SpecifierSet::from(text));
}

} // namespace

BOOST_AUTO_TEST_SUITE(version_set)

BOOST_AUTO_TEST_CASE(interval_form_agrees_with_the_operators) {
    const Sample sample = make_sample(3000);
    std::size_t checks = 0;
    for (const auto& set : sample.sets) {
        const VersionSet intervals = to_version_set(set);
        for (std::size_t i = 0; i < sample.versions.size(); i += 7) {
            const Version& v = sample.versions[i];
            BOOST_TEST_CONTEXT(set.to_string()
                               << " vs " << v.to_string() << " as " << intervals.to_string()) {
                BOOST_TEST(intervals.contains(v) == set.contains(v, true));
            }
            ++checks;
        }
    }
    BOOST_TEST(checks > 1000000u);
}

// Where ">V" and "<V" carve out posts, pre-releases and locals: every ordered comparison, and
// == and != with and without a local label, of every grid version against every grid version.
BOOST_AUTO_TEST_CASE(interval_form_agrees_on_every_combination_of_parts) {
    const auto candidates = test::version_grid(test::grid_bases(), true);
    std::vector<std::string> clauses = test::ordered_specifier_grid(test::grid_bases());
    for (const std::string& version : candidates) {
        clauses.push_back("==" + version);
        clauses.push_back("!=" + version);
    }
    std::size_t checks = 0;
    for (const std::string& clause : clauses) {
        const Specifier spec = Specifier::from(clause);
        const VersionSet intervals = to_version_set(SpecifierSet::from(clause));
        for (const std::string& text : candidates) {
            const Version v = Version::from(text);
            BOOST_TEST_CONTEXT(clause << " vs " << text << " as " << intervals.to_string()) {
                BOOST_TEST(intervals.contains(v) == spec.matches(v));
            }
            ++checks;
        }
    }
    BOOST_TEST(checks == 349920u);
}

BOOST_AUTO_TEST_CASE(algebra_holds_pointwise_and_emptiness_is_never_claimed_wrongly) {
    const Sample sample = make_sample(400);
    for (std::size_t k = 0; k + 1 < sample.sets.size(); ++k) {
        const VersionSet a = to_version_set(sample.sets[k]);
        const VersionSet b = to_version_set(sample.sets[k + 1]);
        const VersionSet both = a.intersect(b);
        const VersionSet either = a.unite(b);
        const VersionSet not_a = a.complement();
        BOOST_TEST(a.intersect(not_a).empty());
        BOOST_TEST(a.unite(not_a).is_all());
        BOOST_TEST((not_a.complement() == a));
        for (const Version& v : sample.versions) {
            BOOST_TEST(both.contains(v) == (a.contains(v) && b.contains(v)));
            BOOST_TEST(either.contains(v) == (a.contains(v) || b.contains(v)));
            BOOST_TEST(not_a.contains(v) == !a.contains(v));
            if (both.empty()) {
                BOOST_TEST(!(a.contains(v) && b.contains(v)));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(impossible_requirements_are_empty) {
    for (const char* text :
         {">=2.4,<2.2", "==1.0,!=1.0", ">1.0,<1.0.post1", "<1.0,>=1.0.dev0", "~=2.1,<2.1",
          "==2.1.*,>=2.2", "==2.1.2+cu121,!=2.1.2+cu121", ">1.0a1,<1.0a2.dev0", ">2.1,<=2.1.post3",
          "<0.dev0", ">1.0.dev1,<1.0.dev2"}) {
        BOOST_TEST(set_of(text).empty(), text << " -> " << set_of(text).to_string());
    }
    for (const char* text : {">1.0.post0,<=1.0.post1.dev0", ">=1.0,<1.0.post0.dev0", ">1.0,<1.0.1",
                             "==2.1.2,!=2.1.2+cu121", ">1.0.dev1,<1.0.dev3", "<=2.1,>2.1.dev0"}) {
        BOOST_TEST(!set_of(text).empty(), text << " -> " << set_of(text).to_string());
    }
}

BOOST_AUTO_TEST_CASE(family_cuts_sit_where_pep_440_says) {
    const Version v = Version::from("2.1");
    const VersionCut locals = VersionCut::above_locals(Version::from("2.1.dev3"));
    BOOST_TEST(locals.is_above(Version::from("2.1.dev3+cu121")));
    BOOST_TEST(!locals.is_above(Version::from("2.1.dev4")));
    const VersionCut posts = VersionCut::above_posts(v);
    BOOST_TEST(posts.is_above(Version::from("2.1.post99999.dev3+x")));
    BOOST_TEST(!posts.is_above(Version::from("2.1.0.0.1.dev0")));
    BOOST_TEST((VersionCut::above_locals(v) == VersionCut::below(Version::from("2.1.post0.dev0"))));
    BOOST_TEST((VersionCut::above_posts(Version::from("2.1rc1")) ==
                VersionCut::below(Version::from("2.1rc2.dev0"))));
}

BOOST_AUTO_TEST_CASE(printing_uses_interval_notation) {
    BOOST_TEST(set_of(">=2.1,<2.4").to_string() == "[2.1, 2.4.dev0)");
    BOOST_TEST(set_of(">2.1").to_string() == "(2.1.post*, inf)");
    BOOST_TEST(set_of("==2.1.2").to_string() == "[2.1.2, 2.1.2.post0.dev0)");
    BOOST_TEST(set_of("!=2.1.2+cu121").to_string() == "(-inf, 2.1.2+cu121) | (2.1.2+cu121, inf)");
    BOOST_TEST(set_of("==2.1.*").to_string() == "[2.1.dev0, 2.2.dev0)");
    BOOST_TEST(set_of("~=2.1.3").to_string() == "[2.1.3, 2.2.dev0)");
    BOOST_TEST(set_of("").to_string() == "(-inf, inf)");
    BOOST_TEST(set_of(">=3,<2").to_string() == "{}");
}

BOOST_AUTO_TEST_SUITE_END()
