// Interpreters on a fake Windows machine: `py -0p` in both launchers' formats, PEP 514 keys in
// HKCU and HKLM, python.exe on PATH past the Microsoft Store's alias, each path once.
#include "detect/windows_python_discovery.hpp"
#include "tests/detect/fake_windows.hpp"
#include "tests/support/platform.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

std::vector<std::string> sources(const std::vector<PythonCandidate>& candidates) {
    std::vector<std::string> out;
    for (const auto& candidate : candidates) {
        out.push_back(candidate.source);
    }
    return out;
}

bool has_note(const std::vector<std::string>& notes, const std::string& fragment) {
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& note) {
        return note.find(fragment) != std::string::npos;
    });
}

} // namespace

BOOST_AUTO_TEST_SUITE(windows_python_discovery)

BOOST_AUTO_TEST_CASE(the_launcher_of_python_3_11_and_later, *test::posix_only()) {
    // python-discord/site, pydis_site/apps/content/resources/guides/python-guides/windows/
    // py-launcher.md @ 19caa0af: `py -0p` on a machine with 3.11, 3.10 and 3.9.
    const std::string output =
        "Installed Pythons found by py Launcher for Windows\r\n"
        " -V:3.11          C:\\Users\\username\\AppData\\Local\\Programs\\Python\\Python311\\"
        "python.exe\r\n"
        " -V:3.10          C:\\Users\\username\\AppData\\Local\\Programs\\Python\\Python310\\"
        "python.exe\r\n"
        " -V:3.9 *         C:\\Users\\username\\AppData\\Local\\Programs\\Python\\Python39\\"
        "python.exe\r\n";
    const auto entries = parse_py_launcher_list(output);
    BOOST_REQUIRE(entries.size() == 3u);
    BOOST_TEST(entries[0].tag == "-V:3.11");
    BOOST_TEST(entries[0].path ==
               R"(C:\Users\username\AppData\Local\Programs\Python\Python311\python.exe)");
    BOOST_TEST(!entries[0].is_default);
    BOOST_TEST(entries[2].tag == "-V:3.9");
    BOOST_TEST(entries[2].is_default);
    BOOST_TEST(entries[2].path.ends_with(R"(\Python39\python.exe)"));
    // python/cpython Lib/test/test_launcher.py (test_virtualenv_in_list): an active venv is a
    // line of '*' and its python.exe.
    const auto venv =
        parse_py_launcher_list("  *               C:\\proj\\.venv\\Scripts\\python.exe\n"
                               " -V:3.12          C:\\Python312\\python.exe\n");
    BOOST_REQUIRE(venv.size() == 2u);
    BOOST_TEST((venv[0] == PyLauncherEntry{"*", R"(C:\proj\.venv\Scripts\python.exe)", true}));
    BOOST_TEST(!venv[1].is_default);
}

BOOST_AUTO_TEST_CASE(older_launchers_mark_the_default_after_the_path, *test::posix_only()) {
    // hpe-dev-incubator/hpe-dev-portal, content/blog/managing-multiple-instances-of-python-in-
    // microsoft-windows.md @ 50e3953d (2021): paths with spaces, the default's '*' at the end.
    const std::string output =
        "Installed Pythons found by py Launcher for Windows\n"
        " -3.9-64        C:\\Program Files\\Python39\\python.exe *\n"
        " -3.8-32        C:\\Users\\Larvoire\\AppData\\Local\\Programs\\Python\\Python38-32\\"
        "python.exe\n"
        " -3.7-64        C:\\Program Files (x86)\\Microsoft Visual Studio\\Shared\\Python37_64\\"
        "python.exe\n"
        "\n\n";
    const auto entries = parse_py_launcher_list(output);
    BOOST_REQUIRE(entries.size() == 3u);
    BOOST_TEST((entries[0] ==
                PyLauncherEntry{"-3.9-64", R"(C:\Program Files\Python39\python.exe)", true}));
    BOOST_TEST(entries[2].path ==
               R"(C:\Program Files (x86)\Microsoft Visual Studio\Shared\Python37_64\python.exe)");
    BOOST_TEST(!entries[2].is_default);
    // An active venv as these launchers list it (transcripts in two public READMEs, stored
    // copies whose repositories the index does not name).
    const auto venv =
        parse_py_launcher_list(" (venv)         D:\\BigData\\Beam\\env\\Scripts\\python.exe *\n"
                               " -3.9-64        python3.9.exe\n");
    BOOST_REQUIRE(venv.size() == 2u);
    BOOST_TEST(
        (venv[0] == PyLauncherEntry{"(venv)", R"(D:\BigData\Beam\env\Scripts\python.exe)", true}));
    BOOST_TEST(venv[1].path == "python3.9.exe"); // a Store alias: left to the existence check
    // `py -0` prints no paths: nothing to describe.
    BOOST_TEST(parse_py_launcher_list("Installed Pythons found by py Launcher for Windows\n"
                                      " -3.9-64 *\n -3.8-32\n")
                   .empty());
    BOOST_TEST(parse_py_launcher_list("No Installed Pythons Found!\n").empty());
}

BOOST_AUTO_TEST_CASE(the_launcher_is_found_in_windows_then_local_app_data_then_path,
                     *test::posix_only()) {
    test::FakeWindows windows("py_launcher_order");
    DetectionContext context = windows.context();
    const auto on_path = windows.program(windows.drive() / "Tools" / "py.exe", "");
    context.path = (windows.drive() / "Tools").string();
    BOOST_TEST(find_py_launcher(context).value() == on_path);
    const auto per_user =
        windows.program(windows.local_app_data() / "Programs/Python/Launcher/py.exe", "");
    BOOST_TEST(find_py_launcher(context).value() == per_user);
    const auto all_users = windows.program(windows.system_root() / "py.exe", "");
    BOOST_TEST(find_py_launcher(context).value() == all_users);
}

BOOST_AUTO_TEST_CASE(environment_launcher_registry_then_path_each_once, *test::posix_only()) {
    test::FakeWindows windows("pythons");
    const auto& c = windows.drive();
    const auto programs = windows.local_app_data() / "Programs" / "Python";
    const auto venv = windows.program(c / "proj/.venv/Scripts/python.exe", "");
    const auto python312 = windows.program(programs / "Python312/python.exe", "");
    const auto python311 = windows.program(programs / "Python311/python.exe", "");
    const auto python311_upper = windows.program(programs / "PYTHON311/python.exe", "");
    windows.program(windows.system_root() / "py.exe", "[ \"$1\" = -0p ] || exit 2\n"
                                                      "printf ' -V:3.11          %s\\r\\n' '" +
                                                          python311.string() +
                                                          "'\n"
                                                          "printf ' -V:3.12 *        %s\\r\\n' '" +
                                                          python312.string() +
                                                          "'\n"
                                                          "printf ' -V:3.11-upper    %s\\r\\n' '" +
                                                          python311_upper.string() +
                                                          "'\n"
                                                          "printf ' -V:3.8           %s\\r\\n' '" +
                                                          (c / "Gone/python.exe").string() + "'");
    const auto anaconda = windows.program(c / "Users/me/anaconda3/python.exe", "");
    const auto python310 = windows.program(c / "Program Files/Python310/python.exe", "");
    windows.registry.set(R"(HKCU\Software\Python\PythonCore\3.12\InstallPath)", "",
                         (programs / "Python312").string());
    windows.registry.set(R"(HKCU\Software\Python\ContinuumAnalytics\Anaconda39-64\InstallPath)", "",
                         (c / "Users/me/anaconda3").string());
    windows.registry.set(R"(HKCU\Software\Python\PyLauncher\3.99\InstallPath)", "ExecutablePath",
                         (windows.system_root() / "py.exe").string());
    windows.registry.set(R"(HKLM\Software\Python\PythonCore\3.10\InstallPath)", "",
                         (c / "Wrong").string());
    windows.registry.set(R"(HKLM\Software\Python\PythonCore\3.10\InstallPath)", "ExecutablePath",
                         python310.string());
    const auto store =
        windows.program(windows.local_app_data() / "Microsoft/WindowsApps/python.exe", "");
    const auto python39 = windows.program(c / "Python39/python.exe", "");
    DetectionContext context = windows.context();
    context.environment["VIRTUAL_ENV"] = (c / "proj/.venv").string();
    context.path = store.parent_path().string() + ";" + python39.parent_path().string() + ";" +
                   python311.parent_path().string();

    std::vector<std::string> notes;
    const auto candidates = python_candidates(context, std::nullopt, notes);
    BOOST_TEST(
        sources(candidates) ==
            (std::vector<std::string>{
                "%VIRTUAL_ENV%", "py -0p: -V:3.12 (its default)", "py -0p: -V:3.11",
                R"(registry: HKCU\Software\Python\ContinuumAnalytics\Anaconda39-64\InstallPath)",
                R"(registry: HKLM\Software\Python\PythonCore\3.10\InstallPath)", "PATH"}),
        boost::test_tools::per_element());
    BOOST_TEST(candidates[0].path == venv);
    BOOST_TEST(candidates[1].path == python312);
    BOOST_TEST(candidates[3].path == anaconda);
    BOOST_TEST(candidates[4].path == python310);
    BOOST_TEST(candidates[5].path == python39);
    BOOST_TEST(
        has_note(notes, "py -0p: -V:3.8: " + (c / "Gone/python.exe").string() + " does not exist"));
    BOOST_TEST(has_note(notes, store.string() + " is the Microsoft Store's alias, skipped"));

    const auto chosen = python_candidates(context, python39.string(), notes);
    BOOST_TEST(sources(chosen) == (std::vector<std::string>{"option --python-exe"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_machine_without_python_says_where_it_looked, *test::posix_only()) {
    test::FakeWindows windows("no_python");
    windows.program(windows.system_root() / "py.exe", "echo 'No Installed Pythons Found!'; exit 1");
    std::vector<std::string> notes;
    BOOST_TEST(windows_python_candidates(windows.context(), notes).empty());
    BOOST_TEST(has_note(notes, "py -0p (" + (windows.system_root() / "py.exe").string() +
                                   ") exited with status 1"));
    BOOST_TEST(has_note(notes, "python.exe: not found on PATH"));
}

BOOST_AUTO_TEST_SUITE_END()
