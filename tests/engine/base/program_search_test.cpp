// PATH split by the host's rules, and the search for a program file through folders in order.
#include "engine/base/program_search.hpp"
#include "tests/support/scratch_directory.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

std::vector<std::string> as_strings(const std::vector<std::filesystem::path>& paths) {
    std::vector<std::string> out;
    for (const auto& path : paths) {
        out.push_back(path.string());
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(program_search)

BOOST_AUTO_TEST_CASE(windows_path_is_split_at_semicolons_and_unquoted) {
    // A Windows 11 PATH as `echo %PATH%` prints it, with a quoted entry and an empty one.
    const std::string path =
        R"(C:\Windows\system32;C:\Windows;;"C:\Program Files\NVIDIA )"
        R"(Corporation\NVSMI";C:\Users\me\AppData\Local\Microsoft\WindowsApps;)";
    BOOST_TEST(as_strings(path_directories(path, HostKind::Windows)) ==
                   (std::vector<std::string>{R"(C:\Windows\system32)", R"(C:\Windows)",
                                             R"(C:\Program Files\NVIDIA Corporation\NVSMI)",
                                             R"(C:\Users\me\AppData\Local\Microsoft\WindowsApps)"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(posix_path_is_split_at_colons_and_keeps_quotes) {
    BOOST_TEST(
        as_strings(path_directories("/usr/local/bin::/usr/bin:\"/opt/x\"", HostKind::Posix)) ==
            (std::vector<std::string>{"/usr/local/bin", "/usr/bin", "\"/opt/x\""}),
        boost::test_tools::per_element());
    BOOST_TEST(path_directories("", HostKind::Windows).empty());
}

BOOST_AUTO_TEST_CASE(the_first_folder_holding_the_file_wins_and_folders_do_not_count) {
    const test::ScratchDirectory scratch("program_search");
    scratch.write("second/nvidia-smi.exe", "");
    scratch.write("third/nvidia-smi.exe", "");
    std::filesystem::create_directories(scratch.path() / "first" / "nvidia-smi.exe");
    const std::vector<std::filesystem::path> folders{
        scratch.path() / "missing", scratch.path() / "first", scratch.path() / "second",
        scratch.path() / "third"};
    BOOST_TEST(find_file_in("nvidia-smi.exe", folders).value() ==
               scratch.path() / "second" / "nvidia-smi.exe");
    BOOST_TEST(!find_file_in("py.exe", folders).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
