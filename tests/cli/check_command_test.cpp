// `torchpin check` as a process: the text, JSON, GitHub and SARIF outputs, the exit codes with
// and without --strict, bad input reported beside the other files' findings, markers evaluated
// per --machine target, digests compared with the matrix's, and conda exports in every output.
#include "engine/check/check_finding.hpp"
#include "tests/support/process.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <set>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;

namespace {

// Runs torchpin on the embedded matrix, on a fixed day (no stale-data warning).
test::ProcessResult run_check(const std::vector<std::string>& args) {
    return test::run_torchpin(
        args, "",
        {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}, {"TORCHPIN_TODAY", "2026-09-20"}});
}

std::string fixture(const std::string& name) {
    return test::source_path("tests/data/check/" + name).string();
}

std::string profile(const std::string& name) {
    return test::source_path("tests/data/machines/profiles/" + name).string();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace

BOOST_AUTO_TEST_SUITE(check_command)

BOOST_AUTO_TEST_CASE(text_names_file_line_rule_and_fix) {
    const auto r = run_check({"check", fixture("mixed.txt")});
    BOOST_TEST(r.exit_code == 1);
    const auto lines = lines_of(r.out);
    BOOST_TEST_REQUIRE(lines.size() == 5u);
    BOOST_TEST(lines[0] == fixture("mixed.txt") +
                               ":4: index-backend-mismatch: torchvision 0.19.0+cu124 names a CUDA "
                               "12.4 build (cu124), but the PyTorch index "
                               "https://download.pytorch.org/whl/cu121 (line 2) serves the CUDA "
                               "12.1 build (cu121) and no index in the file serves cu124");
    BOOST_TEST(lines[1].starts_with("    fix: use --extra-index-url "
                                    "https://download.pytorch.org/whl/cu124 (line 2)"));
    BOOST_TEST(lines[2] == fixture("mixed.txt") +
                               ":4: mixed-backends: torchvision 0.19.0+cu124 is a CUDA 12.4 "
                               "build (cu124), torch 2.4.0+cu121 (line 3) a CUDA 12.1 build "
                               "(cu121): the torch family must come from one build");
    BOOST_TEST(lines[3] == "    fix: pin torchvision==0.19.0+cu121 from the cu121 index");
    BOOST_TEST(lines[4] == "2 errors, 0 warnings in 1 file");
    BOOST_TEST(r.err.empty());
}

BOOST_AUTO_TEST_CASE(json_follows_the_contract) {
    const auto r =
        run_check({"check", fixture("mixed.txt"), fixture("paired.txt"), "--format", "json"});
    BOOST_TEST(r.exit_code == 1);
    const auto doc = nlohmann::json::parse(r.out);
    BOOST_TEST(doc["schema"] == "torchpin/check/v1");
    BOOST_TEST(doc["errors"] == 2);
    BOOST_TEST(doc["warnings"] == 0);
    BOOST_TEST_REQUIRE(doc["files"].size() == 2u);
    BOOST_TEST(doc["files"][0]["path"] == fixture("mixed.txt"));
    BOOST_TEST(doc["files"][0]["format"] == "requirements");
    BOOST_TEST(doc["files"][1]["findings"].empty());
    for (const auto& finding : doc["files"][0]["findings"]) {
        std::set<std::string> keys;
        for (const auto& [key, value] : finding.items()) {
            keys.insert(key);
        }
        BOOST_TEST((keys == std::set<std::string>{"rule", "severity", "line", "message", "fix"}));
        BOOST_TEST(finding["severity"] == "error");
        BOOST_TEST(finding["line"] == 4);
    }
}

BOOST_AUTO_TEST_CASE(github_prints_one_annotation_per_finding) {
    const auto r = run_check({"check", fixture("mixed.txt"), "--format", "github"});
    BOOST_TEST(r.exit_code == 1);
    const auto lines = lines_of(r.out);
    BOOST_TEST_REQUIRE(lines.size() == 2u);
    // The path holds no ':' or ',' here, so it is printed as given.
    BOOST_TEST(lines[0].starts_with("::error file=" + fixture("mixed.txt") +
                                    ",line=4,title=index-backend-mismatch::torchvision"));
    BOOST_TEST(lines[1].starts_with("::error file=" + fixture("mixed.txt") +
                                    ",line=4,title=mixed-backends::"));
    BOOST_TEST(lines[1].ends_with("(fix: pin torchvision==0.19.0+cu121 from the cu121 index)"));
    const auto warning = run_check({"check", fixture("newer.txt"), "--format", "github"});
    BOOST_TEST(warning.out.starts_with("::warning file=" + fixture("newer.txt") +
                                       ",line=2,title=newer-than-matrix::"));
}

BOOST_AUTO_TEST_CASE(sarif_is_a_2_1_0_log_with_rules_and_results) {
    const auto r = run_check({"check", fixture("mixed.txt"), "--format", "sarif"});
    BOOST_TEST(r.exit_code == 1);
    const auto log = nlohmann::json::parse(r.out);
    BOOST_TEST(log["version"] == "2.1.0");
    BOOST_TEST(log["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
    BOOST_TEST_REQUIRE(log["runs"].size() == 1u);
    const auto& run = log["runs"][0];
    BOOST_TEST(run["tool"]["driver"]["name"] == "torchpin");
    const auto& rules = run["tool"]["driver"]["rules"];
    BOOST_TEST_REQUIRE(rules.size() == torchpin::check_rules().size());
    for (std::size_t i = 0; i < rules.size(); ++i) {
        BOOST_TEST(rules[i]["id"] == std::string(torchpin::check_rules()[i].id));
        BOOST_TEST(!rules[i]["help"]["text"].get<std::string>().empty());
        BOOST_TEST(!rules[i]["shortDescription"]["text"].get<std::string>().empty());
        BOOST_TEST(rules[i]["properties"]["tags"].size() ==
                   (torchpin::check_rules()[i].needs_target ? 2u : 1u));
    }
    BOOST_TEST_REQUIRE(run["results"].size() == 2u);
    for (const auto& result : run["results"]) {
        const std::size_t index = result["ruleIndex"];
        BOOST_TEST(rules[index]["id"] == result["ruleId"]);
        BOOST_TEST(result["level"] == "error");
        BOOST_TEST(!result["message"]["text"].get<std::string>().empty());
        const auto& location = result["locations"][0]["physicalLocation"];
        BOOST_TEST(location["artifactLocation"]["uri"] == fixture("mixed.txt"));
        BOOST_TEST(location["region"]["startLine"] == 4);
    }
}

// A conda export: one conda-export finding at its first conda line (4), and its pip pins still
// judged: torchvision 0.19.0+cu124 (line 6) against torch 2.4.0+cu121 (line 5).
BOOST_AUTO_TEST_CASE(a_conda_export_is_reported_in_every_format) {
    const std::string file = fixture("conda-export.txt");
    const auto json = run_check({"check", file, "--format", "json"});
    BOOST_TEST(json.exit_code == 1);
    const auto doc = nlohmann::json::parse(json.out);
    BOOST_TEST(doc["files"][0]["format"] == "conda-export");
    BOOST_TEST_REQUIRE(doc["files"][0]["findings"].size() == 2u);
    BOOST_TEST(doc["files"][0]["findings"][0]["rule"] == "conda-export");
    BOOST_TEST(doc["files"][0]["findings"][0]["line"] == 4);
    BOOST_TEST(doc["files"][0]["findings"][1]["rule"] == "mixed-backends");
    BOOST_TEST(doc["files"][0]["findings"][1]["line"] == 6);
    const auto github = run_check({"check", file, "--format", "github"});
    const auto lines = lines_of(github.out);
    BOOST_TEST_REQUIRE(lines.size() == 2u);
    BOOST_TEST(lines[0].starts_with("::error file=" + file + ",line=4,title=conda-export::"));
    const auto sarif = nlohmann::json::parse(run_check({"check", file, "--format", "sarif"}).out);
    const auto& results = sarif["runs"][0]["results"];
    BOOST_TEST_REQUIRE(results.size() == 2u);
    BOOST_TEST(results[0]["ruleId"] == "conda-export");
    BOOST_TEST(results[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4);
}

BOOST_AUTO_TEST_CASE(exit_codes_with_and_without_strict) {
    BOOST_TEST(run_check({"check", fixture("paired.txt")}).exit_code == 0);
    const auto warned = run_check({"check", fixture("newer.txt")});
    BOOST_TEST(warned.exit_code == 0);
    BOOST_TEST(warned.out.find("0 errors, 1 warning in 1 file") != std::string::npos);
    BOOST_TEST(run_check({"check", fixture("newer.txt"), "--strict"}).exit_code == 1);
    BOOST_TEST(run_check({"check", fixture("paired.txt"), "--strict"}).exit_code == 0);
    BOOST_TEST(run_check({"check", fixture("mixed.txt")}).exit_code == 1);
}

BOOST_AUTO_TEST_CASE(bad_input_exits_2_naming_the_place) {
    const auto broken = run_check({"check", fixture("broken.txt")});
    BOOST_TEST(broken.exit_code == 2);
    BOOST_TEST(broken.out.starts_with(fixture("broken.txt") + ":1:14: unreadable-file: "));
    BOOST_TEST(broken.err.empty());
    BOOST_TEST(run_check({"check", fixture("no-such-file.txt")}).exit_code == 2);
    BOOST_TEST(run_check({"check", fixture("paired.txt"), "--format", "yaml"}).exit_code == 2);
    BOOST_TEST(run_check({"check"}).exit_code == 2);
}

// Issue 29: a file with a syntax error does not hide the findings of the others. good.txt pins
// a CUDA 12.1 torch beside a CUDA 11.8 torchvision (mixed-backends at line 4); bad.txt breaks
// at line 2, column 21 (the stray word "cuda"); missing.txt does not exist. Every format reports
// every file, and the exit code is 2 because a file was malformed or unreadable (docs/cli.md),
// not 1.
BOOST_AUTO_TEST_CASE(every_file_is_reported_when_one_does_not_parse) {
    const test::ScratchDirectory dir("check-good-bad");
    const std::string good =
        dir.write("good.txt", "--extra-index-url https://download.pytorch.org/whl/cu121\n"
                              "--extra-index-url https://download.pytorch.org/whl/cu118\n"
                              "torch==2.1.2+cu121\n"
                              "torchvision==0.16.2+cu118\n")
            .string();
    const std::string bad =
        dir.write("bad.txt", "torch==2.1.2\ntorchvision >= 0.16 cuda\n").string();
    const std::string missing = (dir.path() / "missing.txt").string();

    const auto text = run_check({"check", good, bad});
    BOOST_TEST(text.exit_code == 2);
    BOOST_TEST(text.err.empty());
    const auto lines = lines_of(text.out);
    BOOST_TEST_REQUIRE(lines.size() == 7u, text.out);
    BOOST_TEST(lines[0].starts_with(good + ":4: mixed-backends: torchvision 0.16.2+cu118 is a "
                                           "CUDA 11.8 build (cu118), torch 2.1.2+cu121 (line 3)"));
    BOOST_TEST(lines[1] == "    fix: pin torchvision==0.16.2+cu121 from the cu121 index");
    BOOST_TEST(lines[2].starts_with(bad + ":2:21: unreadable-file: invalid requirement: "));
    BOOST_TEST(lines[3] == "    torchvision >= 0.16 cuda");
    BOOST_TEST(lines[4] == std::string(24, ' ') + "^");
    BOOST_TEST(lines[5].starts_with("    fix: correct line 2 "));
    BOOST_TEST(lines[6] == "2 errors, 0 warnings in 2 files");

    // The good file alone is a plain error (1); a missing file is unreadable too (2).
    BOOST_TEST(run_check({"check", good}).exit_code == 1);
    const auto absent = run_check({"check", missing, good});
    BOOST_TEST(absent.exit_code == 2);
    BOOST_TEST(absent.out.starts_with(missing + ": unreadable-file: "));
    BOOST_TEST(absent.out.find(good + ":4: mixed-backends: ") != std::string::npos);

    const auto github = run_check({"check", good, bad, "--format", "github"});
    BOOST_TEST(github.exit_code == 2);
    const auto annotations = lines_of(github.out);
    BOOST_TEST_REQUIRE(annotations.size() == 2u, github.out);
    BOOST_TEST(annotations[0].starts_with("::error file=" + good +
                                          ",line=4,title=mixed-backends::torchvision 0.16.2"));
    BOOST_TEST(annotations[1].starts_with("::error file=" + bad +
                                          ",line=2,col=21,title=unreadable-file::invalid "
                                          "requirement: "));

    const auto sarif = run_check({"check", good, bad, "--format", "sarif"});
    BOOST_TEST(sarif.exit_code == 2);
    const auto log = nlohmann::json::parse(sarif.out);
    const auto& results = log["runs"][0]["results"];
    BOOST_TEST_REQUIRE(results.size() == 2u);
    BOOST_TEST(results[0]["ruleId"] == "mixed-backends");
    BOOST_TEST(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == good);
    BOOST_TEST(results[1]["ruleId"] == "unreadable-file");
    const auto& rules = log["runs"][0]["tool"]["driver"]["rules"];
    BOOST_TEST(rules[results[1]["ruleIndex"].get<std::size_t>()]["id"] == "unreadable-file");
    const auto& where = results[1]["locations"][0]["physicalLocation"];
    BOOST_TEST(where["artifactLocation"]["uri"] == bad);
    BOOST_TEST(where["region"]["startLine"] == 2);
    BOOST_TEST(where["region"]["startColumn"] == 21);

    const auto json =
        nlohmann::json::parse(run_check({"check", good, bad, "--format", "json"}).out);
    BOOST_TEST(json["errors"] == 2);
    BOOST_TEST(json["files"][0]["format"] == "requirements");
    BOOST_TEST(json["files"][1]["format"].is_null());
    BOOST_TEST(json["files"][1]["findings"][0]["rule"] == "unreadable-file");
    BOOST_TEST(json["files"][1]["findings"][0]["line"] == 2);
}

// A syntax error inside an included file is reported under the included file's path.
BOOST_AUTO_TEST_CASE(a_syntax_error_in_an_include_is_reported_under_its_path) {
    const test::ScratchDirectory dir("check-include");
    const std::string base = dir.write("base.txt", "torch =! 2.1\n").string();
    const std::string top = dir.write("top.txt", "-r base.txt\n").string();
    const auto r = run_check({"check", top, "--format", "json"});
    BOOST_TEST(r.exit_code == 2);
    const auto doc = nlohmann::json::parse(r.out);
    BOOST_TEST_REQUIRE(doc["files"].size() == 2u, r.out);
    BOOST_TEST(doc["files"][0]["path"] == top);
    BOOST_TEST(doc["files"][0]["findings"].empty());
    BOOST_TEST(doc["files"][1]["path"] == base);
    BOOST_TEST(doc["files"][1]["findings"][0]["rule"] == "unreadable-file");
    BOOST_TEST(doc["files"][1]["findings"][0]["line"] == 1);
}

BOOST_AUTO_TEST_CASE(markers_are_evaluated_per_target) {
    const std::string file = fixture("per-platform.txt");
    // Without targets nothing machine-specific is said.
    BOOST_TEST(run_check({"check", file}).exit_code == 0);
    // Linux takes the 2.4.1 line, which runs on the GPU box.
    BOOST_TEST(run_check({"check", file, "--machine", profile("gpu-box.json")}).exit_code == 0);
    // Windows takes the 2.4.0 line, whose wheels fail to load fbgemm.dll.
    const auto windows = run_check({"check", file, "--machine", profile("gpu-box.json"),
                                    "--machine", profile("windows-box.json"), "--format", "json"});
    BOOST_TEST(windows.exit_code == 1);
    const auto doc = nlohmann::json::parse(windows.out);
    BOOST_TEST_REQUIRE(doc["files"][0]["findings"].size() == 1u);
    const auto& finding = doc["files"][0]["findings"][0];
    BOOST_TEST(finding["rule"] == "known-issue");
    BOOST_TEST(finding["line"] == 3);
    BOOST_TEST(finding["message"].get<std::string>().find("win-fbgemm-dll-2.4.0") !=
               std::string::npos);
    BOOST_TEST(finding["message"].get<std::string>().find("windows-box.json") != std::string::npos);
}

// The file rules look the matrix's wheels up by name, from the matrix read for every platform
// whether or not a target is given (a target's matrix is narrowed from it).
BOOST_AUTO_TEST_CASE(a_digest_that_differs_from_the_matrix_is_found_with_and_without_targets) {
    for (const std::vector<std::string>& target :
         {std::vector<std::string>{},
          std::vector<std::string>{"--machine", profile("gpu-box.json")}}) {
        std::vector<std::string> wrong{"check", fixture("pylock.hash-wrong.toml"), "--format",
                                       "json"};
        wrong.insert(wrong.end(), target.begin(), target.end());
        const auto r = run_check(wrong);
        BOOST_TEST(r.exit_code == 1);
        std::set<std::string> rules;
        const auto doc = nlohmann::json::parse(r.out);
        for (const auto& f : doc["files"][0]["findings"]) {
            rules.insert(f["rule"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()));
        }
        BOOST_TEST(rules.contains("hash-mismatch:12"), r.out);
        std::vector<std::string> right{"check", fixture("pylock.hash-right.toml"), "--format",
                                       "json"};
        right.insert(right.end(), target.begin(), target.end());
        BOOST_TEST(run_check(right).out.find("hash-mismatch") == std::string::npos);
    }
}

BOOST_AUTO_TEST_SUITE_END()
