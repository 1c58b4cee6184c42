// Differential test: torchpin against this machine's pypa/packaging on random PEP 508 cases; every
// disagreement must belong to a class documented in docs/pep508.md.
#include "tests/engine/pep/pep508_disagreements.hpp"
#include "tests/engine/pep/pep508_random_cases.hpp"
#include "tests/support/platform.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using torchpin::test::Pep508Case;
using torchpin::test::Pep508Outcome;
namespace test = torchpin::test;

namespace {

constexpr std::size_t marker_cases = 3000;
constexpr std::size_t requirement_cases = 2000;

// ---- Finding an oracle ---------------------------------------------------------------------

// A python3 whose packaging has the hand-written PEP 508 parser (22 or later): $TORCHPIN_PYTHON,
// /usr/bin/python3, then python3 on $PATH.
std::optional<std::string> find_oracle_python() {
    std::vector<std::string> candidates;
    if (const char* chosen = std::getenv("TORCHPIN_PYTHON")) {
        candidates.emplace_back(chosen);
    }
    candidates.emplace_back("/usr/bin/python3");
    std::istringstream path(std::getenv("PATH") ? std::getenv("PATH") : "");
    for (std::string directory; std::getline(path, directory, ':');) {
        candidates.push_back(directory + "/python3");
    }
    const std::string probe = "import packaging.requirements, sys; "
                              "sys.exit(int(packaging.__version__.split('.')[0]) < 22)";
    for (const auto& candidate : candidates) {
        if (access(candidate.c_str(), X_OK) == 0 &&
            test::run_process(candidate, {"-c", probe}).exit_code == 0) {
            return candidate;
        }
    }
    return std::nullopt;
}

const std::optional<std::string>& oracle_python() {
    static const std::optional<std::string> python = find_oracle_python();
    return python;
}

boost::test_tools::assertion_result has_oracle(boost::unit_test::test_unit_id) {
    boost::test_tools::assertion_result result(oracle_python().has_value());
    result.message() << "skipped: no python3 with pypa/packaging >= 22 (tried $TORCHPIN_PYTHON, "
                        "/usr/bin/python3 and $PATH)";
    return result;
}

Pep508Outcome outcome_from_json(const nlohmann::json& line) {
    Pep508Outcome outcome;
    outcome.valid = line.at("valid").get<bool>();
    if (!outcome.valid) {
        outcome.error = line.at("error").get<std::string>();
        return outcome;
    }
    outcome.printed = line.at("printed").get<std::string>();
    for (const auto* field : {"results", "results_26"}) {
        auto& results = std::string(field) == "results" ? outcome.results : outcome.results_26;
        for (const auto& result : line.at(field)) {
            results.push_back(result.is_boolean() ? (result.get<bool>() ? "true" : "false")
                                                  : "error");
        }
    }
    return outcome;
}

// Runs the oracle once over all cases and reads its outcomes.
std::vector<Pep508Outcome> run_oracle(const std::string& python,
                                      const std::vector<Pep508Case>& cases) {
    const auto input = std::filesystem::temp_directory_path() /
                       ("torchpin-pep508-" + std::to_string(getpid()) + ".jsonl");
    {
        std::ofstream out(input);
        for (const auto& c : cases) {
            nlohmann::json environments = nlohmann::json::array();
            for (const auto& env : c.environments) {
                environments.push_back(test::environment_json(env));
            }
            out << nlohmann::json{{"kind", c.is_requirement ? "requirement" : "marker"},
                                  {"text", c.text},
                                  {"environments", environments}}
                       .dump()
                << "\n";
        }
    }
    const auto oracle = test::source_path("tests/differential/pep508_oracle.py").string();
    const auto result = test::run_process(python, {oracle, input.string()});
    std::filesystem::remove(input);
    BOOST_REQUIRE_MESSAGE(result.exit_code == 0, "oracle failed: " << result.err);
    std::istringstream lines(result.out);
    std::string header;
    std::getline(lines, header);
    BOOST_TEST_MESSAGE("oracle: " << python << ", packaging " << header);
    std::vector<Pep508Outcome> outcomes;
    for (std::string line; std::getline(lines, line);) {
        outcomes.push_back(outcome_from_json(nlohmann::json::parse(line)));
    }
    BOOST_REQUIRE_EQUAL(outcomes.size(), cases.size());
    return outcomes;
}

} // namespace

BOOST_AUTO_TEST_SUITE(marker_differential)

BOOST_AUTO_TEST_CASE(agrees_with_pypa_packaging_except_for_documented_classes,
                     *boost::unit_test::precondition(has_oracle)) {
    const char* seed_text = std::getenv("TORCHPIN_DIFFERENTIAL_SEED");
    const auto seed = seed_text ? static_cast<std::uint32_t>(std::stoul(seed_text)) : 508u;
    const auto cases = test::random_pep508_cases(seed, marker_cases, requirement_cases);
    const std::vector<test::Pep508Outcome> theirs = run_oracle(*oracle_python(), cases);

    std::map<std::string, std::size_t> counts;
    std::map<std::string, std::string> examples;
    std::size_t valid = 0;
    std::size_t disagreements = 0;
    std::size_t unexplained = 0;
    std::size_t checked_26 = 0;
    std::size_t wrong_26 = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const test::TorchpinOutcome ours = test::run_torchpin(cases[i]);
        valid += ours.outcome.valid ? 1 : 0;
        const bool same_tree =
            ours.outcome.valid && theirs[i].valid && test::same_tree_as_packaging_26(ours);
        checked_26 += same_tree ? 1 : 0;
        if (same_tree && ours.outcome.results != theirs[i].results_26 && ++wrong_26 <= 20) {
            BOOST_ERROR("packaging 26's rules evaluate '"
                        << cases[i].text << "' differently: torchpin "
                        << test::describe(ours.outcome) << "; 26's rules give "
                        << test::describe({true, theirs[i].printed, "", theirs[i].results_26, {}}));
        }
        if (test::agree(ours.outcome, theirs[i])) {
            continue;
        }
        ++disagreements;
        const auto classes = test::explain(cases[i], ours, theirs[i]);
        for (const auto& name : classes) {
            ++counts[name];
            examples.emplace(name, "'" + cases[i].text + "': torchpin " +
                                       test::describe(ours.outcome) + "; packaging " +
                                       test::describe(theirs[i]));
        }
        if (classes.empty() && ++unexplained <= 20) {
            BOOST_ERROR("undocumented disagreement on '"
                        << cases[i].text << "': torchpin " << test::describe(ours.outcome)
                        << "; packaging " << test::describe(theirs[i]));
        }
    }
    BOOST_TEST(unexplained == 0u);
    BOOST_TEST(wrong_26 == 0u);
    BOOST_TEST(checked_26 > cases.size() / 2);
    BOOST_TEST(valid > cases.size() / 2, "most generated cases should be valid");
    BOOST_TEST_MESSAGE(cases.size()
                       << " cases, " << valid << " valid for torchpin, " << disagreements
                       << " disagreements with packaging; " << checked_26
                       << " evaluated with packaging 26's rules, " << wrong_26 << " differently");
    for (const auto& [name, count] : counts) {
        BOOST_TEST_MESSAGE("documented class " << name << ": " << count << ", such as "
                                               << examples.at(name));
    }
}

BOOST_AUTO_TEST_SUITE_END()
