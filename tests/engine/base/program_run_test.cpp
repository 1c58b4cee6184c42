// Helper programs with deadlines: output capture, exit statuses, programs that cannot start, and
// hung programs killed with their children.
#include "engine/base/program_run.hpp"
#include "tests/support/platform.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace std::chrono_literals;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(program_run)

BOOST_AUTO_TEST_CASE(output_and_exit_status_are_captured, *test::posix_only()) {
    const auto run = run_program("/bin/sh", {"-c", "echo out; echo err >&2; exit 3"}, 5s);
    BOOST_TEST((run.outcome == ProgramRun::Outcome::Exited));
    BOOST_TEST(run.exit_code == 3);
    BOOST_TEST(run.out == "out\n");
    BOOST_TEST(run.err == "err\n");
    BOOST_TEST(!run.succeeded());
    BOOST_TEST(run.describe(5s) == "exited with status 3");
    BOOST_TEST(run_program("/bin/sh", {"-c", "true"}, 5s).succeeded());
}

BOOST_AUTO_TEST_CASE(a_missing_program_is_not_started, *test::posix_only()) {
    const auto run = run_program("/nonexistent/nvidia-smi", {}, 5s);
    BOOST_TEST((run.outcome == ProgramRun::Outcome::NotStarted));
    BOOST_TEST(run.describe(5s) == "could not be started: No such file or directory");
}

BOOST_AUTO_TEST_CASE(a_hung_program_and_its_children_are_killed_at_the_deadline,
                     *test::posix_only()) {
    const auto hanging = test::source_path("tests/data/detection/tools/hanging/nvidia-smi");
    const auto start = std::chrono::steady_clock::now();
    const auto run = run_program(hanging, {}, 300ms);
    const auto took = std::chrono::steady_clock::now() - start;
    BOOST_TEST((run.outcome == ProgramRun::Outcome::TimedOut));
    BOOST_TEST(run.describe(300ms) == "timed out after 300 ms and was killed");
    BOOST_TEST(run.describe(2000ms) == "timed out after 2 s and was killed");
    // The child `sleep 30` holds the output pipe: only killing the group ends the wait early.
    BOOST_TEST((took < 5s));
}

BOOST_AUTO_TEST_CASE(a_signal_is_reported, *test::posix_only()) {
    const auto run = run_program("/bin/sh", {"-c", "kill -SEGV $$"}, 5s);
    BOOST_TEST((run.outcome == ProgramRun::Outcome::Signalled));
    BOOST_TEST(run.describe(5s) == "was killed by signal 11");
}

BOOST_AUTO_TEST_CASE(stdin_text_and_environment_changes_reach_the_program, *test::posix_only()) {
    const auto run = run_program("/bin/sh", {"-c", "cat; echo \"$TORCHPIN_X\""}, 5s,
                                 {"hello\n", {{"TORCHPIN_X", "Zoë"}}});
    BOOST_TEST(run.succeeded(), run.describe(5s));
    BOOST_TEST(run.out == "hello\nZoë\n");
}

BOOST_AUTO_TEST_CASE(a_program_that_reads_no_input_ends_the_run_at_once, *test::posix_only()) {
    const auto start = std::chrono::steady_clock::now();
    const auto run = run_program("/bin/true", {}, 5s, {std::string(4 << 20, 'x'), {}});
    BOOST_TEST(run.succeeded(), run.describe(5s));
    BOOST_TEST((std::chrono::steady_clock::now() - start < 3s));
}

BOOST_AUTO_TEST_CASE(programs_are_found_on_path, *test::posix_only()) {
    BOOST_TEST(find_on_path("sh", "/nonexistent::/bin").value() == "/bin/sh");
    BOOST_TEST(!find_on_path("nvidia-smi", "/nonexistent").has_value());
    BOOST_TEST(!find_on_path("sh", "").has_value());
    const auto tools = test::source_path("tests/data/detection/tools/failing");
    BOOST_TEST(find_on_path("nvidia-smi", tools.string()).value() == tools / "nvidia-smi");
}

BOOST_AUTO_TEST_CASE(windows_path_lists_are_split_at_semicolons_and_take_program_suffixes) {
    const test::ScratchDirectory scratch("find_on_path_windows");
    scratch.write("System32/nvidia-smi.exe", "");
    scratch.write("Tools/python.cmd", "");
    scratch.write("Tools/nvidia-smi", ""); // no suffix: not a Windows program name
    const std::string path =
        (scratch.path() / "Tools").string() + ";;" + (scratch.path() / "System32").string();
    BOOST_TEST(find_on_path("nvidia-smi", path, HostKind::Windows).value() ==
               scratch.path() / "System32" / "nvidia-smi.exe");
    BOOST_TEST(find_on_path("python", path, HostKind::Windows).value() ==
               scratch.path() / "Tools" / "python.cmd");
    BOOST_TEST(find_on_path("nvidia-smi.exe", path, HostKind::Windows).value() ==
               scratch.path() / "System32" / "nvidia-smi.exe");
    BOOST_TEST(!find_on_path("py", path, HostKind::Windows).has_value());
}

BOOST_AUTO_TEST_CASE(program_suffixes_follow_each_system) {
    using Names = std::vector<std::string>;
    BOOST_TEST(program_suffixes("python3", HostKind::Posix) == Names{""},
               boost::test_tools::per_element());
    BOOST_TEST(program_suffixes("py", HostKind::Windows) == (Names{".exe", ".com", ".bat", ".cmd"}),
               boost::test_tools::per_element());
    BOOST_TEST(program_suffixes("py.exe", HostKind::Windows) ==
                   (Names{"", ".exe", ".com", ".bat", ".cmd"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
