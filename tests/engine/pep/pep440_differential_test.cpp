// Differential test: torchpin's PEP 440 code against pip's vendored packaging (21.3) and, when
// installed, packaging 22+, on >100,000 random versions and specifier/version pairs and on every
// combination of pre/post/dev/local parts in ordered comparisons (pep440_grid.hpp). Every
// disagreement must belong to a documented class (docs/pep440.md) in which torchpin follows
// packaging 26; any other disagreement fails the test.
#include "engine/pep/specifier.hpp"
#include "engine/pep/version.hpp"
#include "tests/support/pep440_generator.hpp"
#include "tests/support/pep440_grid.hpp"
#include "tests/support/platform.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using torchpin::Operator;
using torchpin::Specifier;
using torchpin::SpecifierSet;
using torchpin::Version;
namespace test = torchpin::test;

namespace {

constexpr std::size_t version_questions = 100000;
constexpr std::size_t comparison_questions = 40000;
constexpr std::size_t specifier_questions = 125000;
constexpr std::size_t set_questions = 10000;

// The first python3 that has pip's vendored packaging, or "" if none.
std::string find_python() {
    for (const std::string candidate : {"/usr/bin/python3", "/usr/local/bin/python3"}) {
        if (std::filesystem::exists(candidate) &&
            test::run_process(candidate, {"-c", "import pip._vendor.packaging"}).exit_code == 0) {
            return candidate;
        }
    }
    return "";
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\\') {
            out += "\\\\";
        } else {
            out += c;
        }
    }
    return out;
}

struct Question {
    char kind;
    std::string a;
    std::string b;
};

std::string our_answer(const Question& q) {
    switch (q.kind) {
    case 'V': {
        auto v = Version::parse(q.a);
        return v ? v->to_string() : "!invalid";
    }
    case 'C': {
        const auto c = Version::from(q.a) <=> Version::from(q.b);
        return c < 0 ? "-1" : c > 0 ? "1" : "0";
    }
    case 'S': {
        auto spec = Specifier::parse(q.a);
        if (!spec) {
            return "!invalid";
        }
        return std::string(spec->matches(Version::from(q.b)) ? "1" : "0") +
               (spec->allows_prereleases() ? "1" : "0");
    }
    default: {
        auto set = SpecifierSet::parse(q.a);
        if (!set) {
            return "!invalid";
        }
        return set->contains(Version::from(q.b), true) ? "1" : "0";
    }
    }
}

bool is_normalized(const Specifier& spec) {
    return spec.version() && spec.version()->to_string() == spec.version_text();
}

// The documented classes (docs/pep440.md) of (clause, candidate) pairs on which older packaging
// answers differently from packaging 26 and torchpin. Returns "" outside every class.
std::string divergence_class(const Specifier& spec, const Version& p, bool vendored) {
    if (!spec.version() || spec.op() == Operator::Identity) {
        return "";
    }
    const Version& v = *spec.version();
    const bool same_base = p.base_version() == v.base_version();
    if (spec.op() == Operator::Greater && same_base) {
        if (!v.is_postrelease() && p.is_postrelease() &&
            p.with_post({}).with_dev({}).with_local({}) != v) {
            return "'>V' admits post-releases of other pre-releases of V's base (26)";
        }
        if (p.has_local() && p.public_version() != v) {
            return "'>V' admits local variants of other versions with V's base (26)";
        }
    }
    if (spec.op() == Operator::Less && same_base && !v.is_prerelease() && p.is_prerelease() &&
        p < v.with_dev(0)) {
        return "'<V' admits pre-releases of V's base that are not V's own (26)";
    }
    const bool prefix_match = spec.has_wildcard() || spec.op() == Operator::Compatible;
    if (prefix_match && !is_normalized(spec)) {
        return "'~='/'.*' spelled unnormalized: packaging splits the text as written, "
               "torchpin normalizes first (PEP 440)";
    }
    if (!vendored && prefix_match && (v.epoch() != 0 || p.epoch() != 0)) {
        return "22.x-23.0 split '1!2.0' as the release number '1!2' in prefix matching "
               "(26 compares epochs first)";
    }
    const std::size_t prefix_length = v.release().size() - (spec.has_wildcard() ? 0 : 1);
    if (vendored && prefix_match && prefix_length > p.release().size() &&
        (p.pre() || p.post() || p.dev())) {
        return "21.3 cuts before zero-padding in prefix matching (==1.0.0.* vs 1.0a1)";
    }
    return "";
}

// Why `ours` and `theirs` (older packaging) may differ on question `q`; "" if unexplained.
std::string classify(const Question& q, const std::string& ours, const std::string& theirs,
                     bool vendored) {
    if (q.kind != 'S' && q.kind != 'T') {
        return "";
    }
    if (ours == "!invalid" && theirs != "!invalid") {
        const auto first_bad = [&]() -> std::string {
            if (q.kind == 'S') {
                return Specifier::parse(q.a).error().message;
            }
            return SpecifierSet::parse(q.a).error().message;
        }();
        if (first_bad.find("can only follow a release number") != std::string::npos) {
            return "rejected: '.*' after a pre/post/dev release (invalid since packaging 26)";
        }
        if (first_bad.find("after ===") != std::string::npos ||
            first_bad.find("expected a version after '==='") != std::string::npos) {
            return "rejected: '===' with nothing, ';' or ')' (invalid since packaging 26)";
        }
        return "";
    }
    if (ours == "!invalid" || theirs == "!invalid") {
        return "";
    }
    const Version p = Version::from(q.b);
    if (q.kind == 'T') {
        const SpecifierSet set = SpecifierSet::from(q.a);
        for (const Specifier& spec : set.specifiers()) {
            if (auto why = divergence_class(spec, p, vendored); !why.empty()) {
                return why;
            }
        }
        return "";
    }
    const Specifier spec = Specifier::from(q.a);
    if (ours[0] == theirs[0]) { // only the pre-release flag differs
        if ((spec.op() == Operator::Less || spec.op() == Operator::Greater) &&
            spec.version()->is_prerelease()) {
            return "prereleases: '<' and '>' naming a pre-release ask for pre-releases (26)";
        }
        return "";
    }
    return divergence_class(spec, p, vendored);
}

// Asks the oracle every question; each answer that differs from ours must fall in a documented
// class. Reports how many questions and how many explained disagreements of each class.
void check_against_oracle(const std::string& python, const std::vector<Question>& questions) {
    const auto input = std::filesystem::temp_directory_path() /
                       ("torchpin_pep440_questions_" + std::to_string(getpid()) + ".tsv");
    {
        std::ofstream out(input);
        for (const auto& q : questions) {
            out << q.kind << '\t' << escape(q.a) << (q.kind == 'V' ? "" : "\t" + escape(q.b))
                << '\n';
        }
    }
    const auto result = test::run_process(
        python,
        {test::source_path("tests/differential/pep440_oracle.py").string(), input.string()});
    std::filesystem::remove(input);
    BOOST_REQUIRE_MESSAGE(result.exit_code == 0, "oracle failed: " + result.err);

    std::istringstream answers(result.out);
    std::string header;
    std::getline(answers, header);
    BOOST_TEST_MESSAGE("oracle " << header << ", " << questions.size() << " questions");
    const bool have_modern = header.substr(header.rfind(' ') + 1) != "-";
    std::map<std::string, std::size_t> explained;
    std::size_t unexplained = 0;
    for (const auto& q : questions) {
        std::string line;
        BOOST_REQUIRE(std::getline(answers, line));
        const std::string theirs_vendored = line.substr(0, line.find('\t'));
        const std::string theirs_modern = line.substr(line.find('\t') + 1);
        const std::string ours = our_answer(q);
        for (const auto& [theirs, vendored] :
             {std::pair{theirs_vendored, true}, std::pair{theirs_modern, false}}) {
            if ((!vendored && !have_modern) || ours == theirs) {
                continue;
            }
            const std::string why = classify(q, ours, theirs, vendored);
            if (why.empty()) {
                ++unexplained;
                BOOST_ERROR("disagreement with " << (vendored ? "pip's packaging" : "packaging")
                                                 << ": " << q.kind << " '" << q.a << "' '" << q.b
                                                 << "': torchpin " << ours << ", packaging "
                                                 << theirs);
            } else {
                ++explained[(vendored ? "[pip 21.3] " : "[22+] ") + why];
            }
        }
        if (unexplained > 20) {
            break;
        }
    }
    for (const auto& [why, count] : explained) {
        BOOST_TEST_MESSAGE(count << " x " << why);
    }
    BOOST_TEST(unexplained == 0u);
}

} // namespace

BOOST_AUTO_TEST_SUITE(pep440_differential)

BOOST_AUTO_TEST_CASE(agrees_with_pip_packaging_on_random_input, *test::posix_only()) {
    const std::string python = find_python();
    if (python.empty()) {
        BOOST_TEST_MESSAGE("SKIPPED: no python3 with pip (pip._vendor.packaging) found; "
                           "scripts/install-deps installs python3-pip");
        return;
    }
    test::Pep440Generator gen(20261130);
    std::vector<Question> questions;
    std::vector<std::string> valid;
    for (std::size_t i = 0; i < version_questions; ++i) {
        questions.push_back({'V', gen.version_text(), ""});
        if (Version::parse(questions.back().a)) {
            valid.push_back(questions.back().a);
        }
    }
    for (std::size_t i = 0; i < comparison_questions; ++i) {
        questions.push_back(
            {'C', valid[(i * 7919) % valid.size()], valid[(i * 104729 + 13) % valid.size()]});
    }
    for (std::size_t i = 0; i < specifier_questions + set_questions; ++i) {
        const bool set = i >= specifier_questions;
        std::string spec = set ? gen.specifier_set_text() : gen.specifier_text();
        std::string candidate = gen.neighbour_of(gen.last_specifier_version());
        if (!Version::parse(candidate)) {
            continue;
        }
        questions.push_back({set ? 'T' : 'S', spec, candidate});
        // An unnormalized '~='/'.*' clause is excused below; its normalized twin must agree.
        if (auto parsed = Specifier::parse(spec);
            !set && parsed && parsed->version() &&
            (parsed->has_wildcard() || parsed->op() == Operator::Compatible)) {
            const std::string twin = std::string(torchpin::operator_symbol(parsed->op())) +
                                     parsed->version()->to_string() +
                                     (parsed->has_wildcard() ? ".*" : "");
            questions.push_back({'S', twin, candidate});
        }
    }
    check_against_oracle(python, questions);
    const auto count = [&](char kind) {
        return std::count_if(questions.begin(), questions.end(),
                             [&](const auto& q) { return q.kind == kind; });
    };
    BOOST_TEST(count('V') >= 100000);
    BOOST_TEST(count('S') + count('T') >= 100000);
}

BOOST_AUTO_TEST_CASE(agrees_with_pip_packaging_on_every_combination_of_parts, *test::posix_only()) {
    const std::string python = find_python();
    if (python.empty()) {
        BOOST_TEST_MESSAGE("SKIPPED: no python3 with pip (pip._vendor.packaging) found");
        return;
    }
    // Each ordered comparison of each grid version against each grid version with a local
    // label or none: 432 clauses x 324 candidates (docs/pep440.md).
    const auto candidates = test::version_grid(test::grid_bases(), true);
    std::vector<Question> questions;
    for (const std::string& spec : test::ordered_specifier_grid(test::grid_bases())) {
        for (const std::string& candidate : candidates) {
            questions.push_back({'S', spec, candidate});
        }
    }
    BOOST_TEST(questions.size() == 139968u);
    check_against_oracle(python, questions);
}

BOOST_AUTO_TEST_SUITE_END()
