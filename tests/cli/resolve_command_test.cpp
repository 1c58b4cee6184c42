// `torchpin resolve` end to end on the embedded matrix: -o writes atomically and only answers,
// exit codes, the stale-data warning, the JSON keys of the contract, and the main job with no
// machine option at all.
#include "tests/support/process.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

// A scratch directory and torchpin runs with a fixed "today" and no user database.
struct Scratch {
    test::ScratchDirectory scratch{"torchpin_resolve"};
    const std::filesystem::path& dir = scratch.path();
    test::ProcessResult run(std::vector<std::string> args,
                            const std::string& today = "2026-10-01") const {
        return test::run_torchpin(args, "",
                                  {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"},
                                   {"TORCHPIN_CACHE_DIR", (dir / "cache").string()},
                                   {"TORCHPIN_TODAY", today}});
    }
};

const std::string gpu_box = test::source_path("tests/data/machines/profiles/gpu-box.json").string();

std::vector<std::string> resolve_on_gpu_box(std::vector<std::string> extra) {
    std::vector<std::string> args{"resolve", "--machine", gpu_box};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// The header of a requirements answer: the comment lines before the first option line.
std::vector<std::string> header_lines(const std::string& answer) {
    std::vector<std::string> lines;
    std::istringstream in(answer);
    for (std::string line; std::getline(in, line) && line.starts_with("#");) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace

BOOST_AUTO_TEST_SUITE(resolve_command)

BOOST_AUTO_TEST_CASE(output_file_holds_the_answer_and_stdout_stays_empty) {
    Scratch s;
    const auto file = s.dir / "requirements.txt";
    const auto r = s.run(resolve_on_gpu_box({"torch==2.1.2", "-o", file.string()}));
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.out.empty());
    const std::string written = test::read_file(file);
    BOOST_TEST(written.find("\ntorch==2.1.2") != std::string::npos);
    BOOST_TEST(written.find("--extra-index-url https://download.pytorch.org/whl/cu") !=
               std::string::npos);
    BOOST_TEST(r.err.find("resolve: torch 2.1.2") != std::string::npos);
    // No temporary file is left beside the answer.
    for (const auto& entry : std::filesystem::directory_iterator(s.dir)) {
        BOOST_TEST(entry.path().filename().string().find(".tmp") == std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(no_solution_exits_1_and_leaves_the_output_file_alone) {
    Scratch s;
    const auto file = s.dir / "requirements.txt";
    std::ofstream(file) << "previous content\n";
    const auto r =
        s.run(resolve_on_gpu_box({"torch==2.1.2", "--driver", "418.39", "-o", file.string()}));
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(r.err.find("no solution") != std::string::npos);
    BOOST_TEST(r.err.find("hint: ") != std::string::npos);
    BOOST_TEST(test::read_file(file) == "previous content\n");
}

BOOST_AUTO_TEST_CASE(json_has_the_contract_keys) {
    Scratch s;
    const auto ok = s.run(
        resolve_on_gpu_box({"--format", "json", "torch==2.1.2", "torchvision", "torchaudio"}));
    BOOST_TEST(ok.exit_code == 0);
    const json answer = json::parse(ok.out);
    BOOST_TEST(answer["schema"] == "torchpin/resolve/v1");
    BOOST_TEST(answer["status"] == "ok");
    BOOST_TEST(answer["matrix"]["revision"].is_number());
    BOOST_TEST(answer["machine"]["schema"] == "torchpin/machine/v1");
    BOOST_TEST(
        answer["index_url"].get<std::string>().starts_with("https://download.pytorch.org/whl/"));
    BOOST_TEST(answer["pins"].size() == 3u);
    BOOST_TEST(answer["pins"][0]["name"] == "torch");
    BOOST_TEST(answer["pins"][0]["hashes"].is_array());
    BOOST_TEST((answer["compatibility"] == "direct" || answer["compatibility"] == "minor-version"));
    BOOST_TEST(answer["explanation"].size() > 0u);

    const auto none =
        s.run(resolve_on_gpu_box({"--format", "json", "--driver", "418.39", "torch==2.1.2"}));
    BOOST_TEST(none.exit_code == 1);
    const json unsolvable = json::parse(none.out);
    BOOST_TEST(unsolvable["status"] == "unsolvable");
    BOOST_TEST(!unsolvable.contains("pins"));
    BOOST_TEST(unsolvable["hints"].size() > 0u);
}

// Issue 30 item 4: NVIDIA's driver branch table (13.0: R580) names no system, so a Windows driver
// of R580 or a later branch runs torch's cu130 build directly, as its Linux twin does; before,
// Windows had only the 13.x floor (a minor-version fit) and was steered to cu126.
BOOST_AUTO_TEST_CASE(a_windows_r580_or_newer_driver_gets_the_same_cu130_fit_as_linux) {
    Scratch s;
    const std::string windows_box =
        test::source_path("tests/data/machines/profiles/windows-box.json").string();
    const std::vector<std::pair<std::string, std::string>> twins{{"580.95.05", "580.97"},
                                                                 {"590.44.01", "591.44"}};
    for (const auto& [linux_driver, windows_driver] : twins) {
        const auto on_linux = s.run({"resolve", "--machine", gpu_box, "--driver", linux_driver,
                                     "--format", "json", "torch==2.14.1"});
        const auto on_windows = s.run({"resolve", "--machine", windows_box, "--driver",
                                       windows_driver, "--format", "json", "torch==2.14.1"});
        BOOST_TEST_REQUIRE(on_linux.exit_code == 0, on_linux.err);
        BOOST_TEST_REQUIRE(on_windows.exit_code == 0, on_windows.err);
        const json linux_answer = json::parse(on_linux.out);
        const json windows_answer = json::parse(on_windows.out);
        BOOST_TEST(linux_answer["index_url"] == "https://download.pytorch.org/whl/cu130",
                   linux_driver);
        BOOST_TEST(windows_answer["index_url"] == linux_answer["index_url"], windows_driver);
        BOOST_TEST(linux_answer["compatibility"] == "direct", linux_driver);
        BOOST_TEST(windows_answer["compatibility"] == linux_answer["compatibility"],
                   windows_driver);
    }
}

// Issue 30 item 5: a GPU of each capability no PyTorch build lists, by name where a product has
// it. A build that reaches it only through older PTX is rejected when its CUDA predates the GPU
// (data/arch_lists.toml's first_cuda); without that row the PTX was taken as enough. The
// Windows builds of 1.x - 2.0 are the ones with such PTX (3.7+PTX).
BOOST_AUTO_TEST_CASE(gpus_of_new_capabilities_are_judged_against_their_first_toolkit) {
    Scratch s;
    const std::string windows_box =
        test::source_path("tests/data/machines/profiles/windows-box.json").string();
    struct Case {
        const char* gpu;
        const char* python;
        const char* backend;
        const char* torch;
        const char* expected;
    };
    for (const Case& c : std::vector<Case>{
             {"Jetson AGX Orin", "3.9", "cu102", "torch==1.10.2",
              "cu102 (CUDA 10.2.89) predates Jetson AGX Orin (sm_87), which needs CUDA 11.4"},
             {"sm_101", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates sm_101, which needs CUDA 12.8"},
             {"B300 SXM6 AC", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates B300 SXM6 AC (sm_103), which needs CUDA 12.9"},
             {"GB300", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates GB300 (sm_103), which needs CUDA 12.9"},
             {"sm_107", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates sm_107, which needs CUDA 13.4"},
             {"GB10", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates GB10 (sm_121), which needs CUDA 12.9"},
             {"RTX Spark", "3.10", "cu118", "torch==2.0.1",
              "cu118 (CUDA 11.8.0) predates RTX Spark (sm_121), which needs CUDA 12.9"},
         }) {
        const auto r = s.run({"explain", "--machine", windows_box, "--python", c.python, "--driver",
                              "591.44", "--gpu", c.gpu, "--backend", c.backend, c.torch});
        BOOST_TEST(r.exit_code == 1, c.gpu << ": " << r.err);
        BOOST_TEST(r.out.find(c.expected) != std::string::npos, c.gpu << ": " << r.out);
    }
    // The same-major cubin rule (NVIDIA's Blackwell compatibility guide): the 12.0, 10.0 and 8.0
    // code of today's builds runs on 12.1, 10.3 and 8.7; the products added by name resolve.
    for (const auto& [gpu, capability] : std::vector<std::pair<std::string, std::string>>{
             {"GB10", "sm_121"},
             {"GB300", "sm_103"},
             {"RTX Spark", "sm_121"},
             {"RTX PRO 4500 Blackwell Server Edition", "sm_120"}}) {
        const auto r = s.run(resolve_on_gpu_box(
            {"--driver", "580.95.05", "--gpu", gpu, "--format", "json", "torch==2.14.1"}));
        BOOST_TEST_REQUIRE(r.exit_code == 0, gpu << ": " << r.err);
        BOOST_TEST(json::parse(r.out)["index_url"] == "https://download.pytorch.org/whl/cu130",
                   gpu);
        BOOST_TEST(r.err.find(gpu + " (" + capability + ")") != std::string::npos, r.err);
    }
}

// Issue 30 item 6: 2.15.0's projection holds what the nightlies built: Linux aarch64, XPU and
// rocm10.0 as expected (inference), cu134 as possible (uncertain), and no cu126 (confirmed). None
// is answered with; each is named "not-verified", cu134 with its uncertainty.
BOOST_AUTO_TEST_CASE(the_2_15_projection_has_the_nightlies_builds_and_marks_cu134_uncertain) {
    Scratch s;
    // backend -> (status, reason) of torch 2.15.0 in `which` on a machine.
    const auto which_2_15 = [&](const std::string& profile, std::vector<std::string> extra) {
        std::vector<std::string> args{
            "which", "--format", "json", "--machine",
            test::source_path("tests/data/machines/profiles/" + profile + ".json").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = s.run(args);
        BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
        std::map<std::string, std::pair<std::string, std::string>> rows;
        const json answer = json::parse(r.out);
        for (const json& row : answer["rows"]) {
            if (row["torch"] == "2.15.0") {
                rows[row["backend"].get<std::string>()] = {row["status"].get<std::string>(),
                                                           row["reason"].get<std::string>()};
            }
        }
        return rows;
    };
    const auto at = [](const std::map<std::string, std::pair<std::string, std::string>>& rows,
                       const std::string& backend) {
        BOOST_TEST_REQUIRE(rows.contains(backend), "no 2.15.0 row for " << backend);
        return rows.at(backend);
    };
    const auto expected = [](const std::pair<std::string, std::string>& row) {
        return row.first == "not-verified" &&
               row.second.find("is expected from nightlies") != std::string::npos;
    };
    const auto aarch64 = which_2_15("linux-aarch64", {"--driver", "590.44.01", "--gpu", "9.0"});
    for (const char* backend : {"cpu", "cu130", "cu132"}) {
        BOOST_TEST(expected(at(aarch64, backend)), backend << ": " << at(aarch64, backend).second);
    }
    BOOST_TEST(at(aarch64, "cu134").first == "not-verified");
    BOOST_TEST(at(aarch64, "cu134").second.find("uncertain") != std::string::npos);
    BOOST_TEST(expected(at(which_2_15("intel-arc", {}), "xpu")));
    BOOST_TEST(expected(at(which_2_15("rocm-gfx1100", {}), "rocm10.0")));
    const auto windows = which_2_15("windows-box", {"--driver", "616.41"});
    BOOST_TEST(at(windows, "cu134").second.find("uncertain") != std::string::npos);
    BOOST_TEST(at(windows, "xpu").first == "gpu-unsupported"); // published (projected), no Arc here
    // No cu126 for 2.15.0 on any system: CUDA 12.6 wheels are not published from 2.15.
    for (const auto& rows : {aarch64, windows, which_2_15("gpu-box", {})}) {
        BOOST_TEST((!rows.contains("cu126") || at(rows, "cu126").first == "no-backend-for-os"));
    }
}

BOOST_AUTO_TEST_CASE(data_older_than_120_days_is_warned_about) {
    Scratch s;
    const auto fresh = s.run(resolve_on_gpu_box({"torch==2.1.2"}), "2026-10-01");
    BOOST_TEST(fresh.out.find("torchpin update") == std::string::npos);
    const auto stale = s.run(resolve_on_gpu_box({"torch==2.1.2"}), "2027-06-01");
    BOOST_TEST(stale.exit_code == 0);
    BOOST_TEST(stale.out.find("# warning: the matrix data is") != std::string::npos);
    BOOST_TEST(stale.err.find("run 'torchpin update'") != std::string::npos);
    const auto bad_date = s.run(resolve_on_gpu_box({"torch==2.1.2"}), "next week");
    BOOST_TEST(bad_date.exit_code == 2);
}

BOOST_AUTO_TEST_CASE(bad_requests_exit_2) {
    Scratch s;
    const auto bad_requirement = s.run(resolve_on_gpu_box({"torch>=>2"}));
    BOOST_TEST(bad_requirement.exit_code == 2);
    BOOST_TEST(bad_requirement.err.find("<REQUIREMENT argument>:1:") != std::string::npos);
    BOOST_TEST(bad_requirement.err.find('^') != std::string::npos);
    BOOST_TEST(s.run(resolve_on_gpu_box({"numpy"})).exit_code == 2);
    BOOST_TEST(s.run(resolve_on_gpu_box({"--backend", "cuda12"})).exit_code == 2);
    BOOST_TEST(s.run(resolve_on_gpu_box({"--format", "xml"})).exit_code == 2);
}

BOOST_AUTO_TEST_CASE(the_main_job_resolves_this_machine) {
    Scratch s;
    const auto r = s.run({"resolve"});
    // This machine (no GPU in CI) with its python3: a CPU answer, or a clear "no Python" error.
    if (r.exit_code == 2) {
        BOOST_TEST(r.err.find("--python") != std::string::npos);
        return;
    }
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.out.find("--extra-index-url https://download.pytorch.org/whl/") !=
               std::string::npos);
    BOOST_TEST(r.out.find("torch==") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_json_answer_carries_the_best_tag_not_every_tag) {
    Scratch s;
    const auto answer = s.run(resolve_on_gpu_box({"--format", "json"}));
    BOOST_REQUIRE_EQUAL(answer.exit_code, 0);
    const json parsed = json::parse(answer.out);
    const json& python = parsed["machine"]["pythons"].at(0);
    BOOST_TEST(!python.contains("tags"));
    BOOST_TEST(python["best_tag"].get<std::string>() == "cp310-cp310-manylinux_2_35_x86_64");
    BOOST_TEST(answer.out.size() < 16000u, answer.out.size()); // was 45 KB with ~900 tags
    // The full list stays in detect's profile, and an answer's machine block reads back.
    const auto profile = s.run({"detect", "--format", "json", "--machine", gpu_box});
    BOOST_TEST(json::parse(profile.out)["pythons"].at(0)["tags"].size() > 100u);
    const auto machine_file = s.scratch.write("machine.json", parsed["machine"].dump(2));
    const auto again = s.run({"resolve", "--format", "json", "--machine", machine_file.string()});
    BOOST_TEST(again.exit_code == 0, again.err);
    BOOST_TEST(json::parse(again.out)["pins"] == parsed["pins"]);
}

BOOST_AUTO_TEST_CASE(every_pin_in_json_names_its_exact_version) {
    // The embedded data names every companion exactly (the series case is the solver's test
    // a_companion_known_by_its_series_only_is_pinned_as_the_series).
    Scratch s;
    for (const char* torch : {"torch==2.8.0", "torch==2.9.1", "torch==2.11.0", "torch==2.12.1"}) {
        const auto answer = s.run({"resolve", "--format", "json", "--os", "linux", "--python",
                                   "3.11", "--cpu-only", torch, "torchvision"});
        BOOST_REQUIRE_EQUAL(answer.exit_code, 0);
        const json parsed = json::parse(answer.out);
        BOOST_TEST(parsed["pins"].size() == 2u, torch);
        for (const json& pin : parsed["pins"]) {
            BOOST_TEST_REQUIRE(!pin["version"].is_null(), torch);
            BOOST_TEST(pin["requirement"].get<std::string>() ==
                           pin["name"].get<std::string>() +
                               "==" + pin["version"].get<std::string>(),
                       torch);
        }
    }
}

BOOST_AUTO_TEST_CASE(known_issues_are_one_short_warning_each_and_the_vc_runtime_rules_some_out) {
    Scratch s;
    const std::vector<std::string> windows{"resolve",  "--os",   "windows", "--python", "3.12",
                                           "--driver", "560.94", "--gpu",   "8.9"};
    const auto answer = s.run(windows);
    BOOST_REQUIRE_EQUAL(answer.exit_code, 0);
    const auto header = header_lines(answer.out);
    BOOST_TEST(header.size() < 30u);
    // Each warning: its "# warning: " line and the "#   " lines that continue it, joined.
    std::vector<std::string> warnings;
    for (const std::string& line : header) {
        BOOST_TEST(line.size() <= 100u + 2u, line); // broken at spaces within about 100 columns
        if (line.starts_with("# warning: ")) {
            warnings.push_back(line);
        } else if (line.starts_with("#   ") && !warnings.empty()) {
            warnings.back() += " " + line.substr(4);
        }
    }
    std::size_t known_issues = 0;
    for (const std::string& warning : warnings) {
        if (warning.starts_with("# warning: [win-")) {
            ++known_issues;
            const auto fix = warning.find(" … fix: ");
            BOOST_REQUIRE(fix != std::string::npos);
            BOOST_TEST(fix <= 140u, warning); // the issue itself in about 120 characters
        }
    }
    BOOST_TEST(known_issues == 4u, answer.out);
    BOOST_TEST(answer.out.find("[win-msvcp140-too-old-2.9]") != std::string::npos);

    auto with_runtime = windows;
    with_runtime.insert(with_runtime.end(), {"--vc-runtime", "14.44.35211"});
    const auto ruled_out = s.run(with_runtime);
    BOOST_REQUIRE_EQUAL(ruled_out.exit_code, 0);
    BOOST_TEST(ruled_out.out.find("[win-") == std::string::npos, ruled_out.out);
    auto older = windows;
    older.insert(older.end(), {"--vc-runtime", "14.38.33135"});
    BOOST_TEST(s.run(older).out.find("[win-msvcp140-too-old-2.9]") != std::string::npos);

    auto bad = windows;
    bad.insert(bad.end(), {"--vc-runtime", "fourteen"});
    const auto refused = s.run(bad);
    BOOST_TEST(refused.exit_code == 2);
    BOOST_TEST(refused.err.find("--vc-runtime 'fourteen'") != std::string::npos, refused.err);
}

BOOST_AUTO_TEST_CASE(explain_prints_a_known_issue_in_full_with_its_sources) {
    Scratch s;
    const auto issue = s.run({"explain", "--known-issue", "win-fbgemm-dll-2.4.0"});
    BOOST_TEST(issue.exit_code == 0, issue.err);
    BOOST_TEST(issue.out.find("libomp140.x86_64.dll") != std::string::npos);
    BOOST_TEST(issue.out.find("  see: https://github.com/pytorch/pytorch/issues/131662") !=
               std::string::npos);
    const json parsed = json::parse(
        s.run({"--format", "json", "explain", "--known-issue", "win-fbgemm-dll-2.4.0"}).out);
    BOOST_TEST(parsed["schema"] == "torchpin/known-issue/v1");
    BOOST_TEST(parsed["links"].size() >= 1u);
    const auto unknown = s.run({"explain", "--known-issue", "win-nope"});
    BOOST_TEST(unknown.exit_code == 2);
    BOOST_TEST(unknown.err.find("win-fbgemm-dll-2.4.0") != std::string::npos, unknown.err);
    // explain on a machine the issue applies to prints it in full after the answer.
    const auto explained =
        s.run({"explain", "--os", "windows", "--python", "3.12", "--cpu-only", "torch==2.4.0"});
    BOOST_TEST(explained.out.find("Known issues of this build here:\n  win-fbgemm-dll-2.4.0") !=
                   std::string::npos,
               explained.out);
}

BOOST_AUTO_TEST_CASE(on_a_terminal_the_warnings_are_shown_once_in_the_header) {
    // script(1) runs torchpin on a pseudo-terminal, stdout and stderr both; skipped where none.
    const std::filesystem::path script = "/usr/bin/script";
    if (!std::filesystem::exists(script) || !test::pseudo_terminals_available()) {
        BOOST_TEST_MESSAGE("no script(1) or no pseudo-terminal (is /dev/pts mounted?): the "
                           "terminal case is not run");
        return;
    }
    const std::string command =
        test::torchpin_binary().string() + " resolve --os windows --python 3.12 --cpu-only";
    const auto terminal =
        test::run_process(script.string(), {"-qec", command, "/dev/null"}, "",
                          {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}, {"NO_COLOR", "1"}});
    BOOST_REQUIRE_EQUAL(terminal.exit_code, 0);
    BOOST_TEST(terminal.out.find("# warning: ") != std::string::npos, terminal.out);
    BOOST_TEST(terminal.out.find("torchpin: warning: ") == std::string::npos, terminal.out);
    // Into a pipe the header may go unread: stderr repeats the warnings.
    Scratch s;
    const auto piped = s.run({"resolve", "--os", "windows", "--python", "3.12", "--cpu-only"});
    BOOST_TEST(piped.err.find("torchpin: warning: ") != std::string::npos, piped.err);
}

// Builds the 2026-12 audit added to data/backends.toml (issue 30 item 2): each resolves on a
// machine of its platform; before, each was "not published for this OS and CPU".
BOOST_AUTO_TEST_CASE(builds_added_by_the_2026_12_audit_resolve_on_their_platform) {
    const Scratch s;
    const std::string cpu_box =
        test::source_path("tests/data/machines/profiles/linux-cpu.json").string();
    struct Build {
        const char* torch;
        const char* backend;
        const char* os;
        const char* arch;
        const char* pin; // the requirement line of the answer
    };
    const Build builds[] = {
        {"2.6.0", "xpu", "linux", "x86_64", "torch==2.6.0"},
        {"2.7.0", "xpu", "linux", "x86_64", "torch==2.7.0"},
        {"2.9.0", "xpu", "windows", "amd64", "torch==2.9.0+xpu"},
        {"2.9.1", "xpu", "windows", "amd64", "torch==2.9.1+xpu"},
        {"2.10.0", "xpu", "windows", "amd64", "torch==2.10.0+xpu"},
        {"2.11.0", "xpu", "windows", "amd64", "torch==2.11.0+xpu"},
        {"2.12.0", "xpu", "windows", "amd64", "torch==2.12.0+xpu"},
        {"2.12.1", "xpu", "windows", "amd64", "torch==2.12.1+xpu"},
        {"2.14.0", "xpu", "windows", "amd64", "torch==2.14.0+xpu"},
        {"2.14.1", "xpu", "windows", "amd64", "torch==2.14.1+xpu"},
        {"2.1.2", "cpu", "linux", "aarch64", "torch==2.1.2"},
        {"2.3.0", "cpu", "linux", "aarch64", "torch==2.3.0"},
        {"2.1.2", "cpu", "macos", "arm64", "torch==2.1.2"},
    };
    for (const Build& b : builds) {
        BOOST_TEST_CONTEXT(b.torch << ' ' << b.backend << ' ' << b.os << ' ' << b.arch) {
            const auto r =
                s.run({"resolve", "--machine", cpu_box, "--os", b.os, "--arch", b.arch, "--python",
                       "3.10", "--backend", b.backend, std::string("torch==") + b.torch});
            BOOST_TEST(r.exit_code == 0, r.err);
            BOOST_TEST(r.out.find(std::string("\n") + b.pin + "\n") != std::string::npos, r.out);
        }
    }
    // 2.9.1's 3.13t (an observed cp313t file; the release matrix listed only 3.14t).
    const auto free_threaded = s.run(resolve_on_gpu_box(
        {"--python", "3.13t", "--driver", "580.95.05", "--gpu", "9.0", "torch==2.9.1"}));
    BOOST_TEST(free_threaded.exit_code == 0, free_threaded.err);
}

BOOST_AUTO_TEST_SUITE_END()
