// The in-memory registry: case-insensitive keys and names, typed reads, subkeys as spelled.
#include "engine/base/registry.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::MemoryRegistry;

BOOST_AUTO_TEST_SUITE(registry)

BOOST_AUTO_TEST_CASE(keys_and_value_names_are_case_insensitive) {
    MemoryRegistry registry;
    registry.set(R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)", "Version",
                 std::string("v14.44.35211.00"));
    registry.set(R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)", "Installed",
                 std::uint32_t{1});
    const char* key = R"(hklm\software\microsoft\visualstudio\14.0\vc\runtimes\X64\)";
    BOOST_TEST(registry.text(key, "version").value() == "v14.44.35211.00");
    BOOST_TEST(registry.number(key, "INSTALLED").value() == 1u);
}

BOOST_AUTO_TEST_CASE(a_value_of_the_other_type_or_a_missing_one_reads_as_nothing) {
    MemoryRegistry registry;
    registry.set(R"(HKCU\Software\Python\PythonCore\3.12)", "SysVersion", std::string("3.12"));
    BOOST_TEST(!registry.number(R"(HKCU\Software\Python\PythonCore\3.12)", "SysVersion"));
    BOOST_TEST(!registry.text(R"(HKCU\Software\Python\PythonCore\3.12)", "Missing"));
    BOOST_TEST(!registry.text(R"(HKCU\Software\Python\Other)", "SysVersion"));
}

BOOST_AUTO_TEST_CASE(subkeys_are_listed_sorted_once_each_as_first_spelled) {
    MemoryRegistry registry;
    registry.set(R"(HKCU\Software\Python\PythonCore\3.12\InstallPath)", "", std::string("C:\\P"));
    registry.set(R"(HKCU\Software\Python\PythonCore\3.10\InstallPath)", "", std::string("C:\\Q"));
    registry.set(R"(HKCU\Software\Python\ContinuumAnalytics\Anaconda3)", "x", std::string("y"));
    registry.set(R"(hkcu\software\python\pythoncore\3.12)", "SysVersion", std::string("3.12"));
    using Names = std::vector<std::string>;
    BOOST_TEST(registry.subkeys(R"(HKCU\Software\Python)") ==
                   (Names{"ContinuumAnalytics", "PythonCore"}),
               boost::test_tools::per_element());
    BOOST_TEST(registry.subkeys(R"(HKCU\Software\Python\PythonCore)") == (Names{"3.10", "3.12"}),
               boost::test_tools::per_element());
    BOOST_TEST(registry.text(R"(HKCU\Software\Python\PythonCore\3.12\InstallPath)", "").value() ==
               "C:\\P");
    BOOST_TEST(registry.subkeys(R"(HKCU\Software\Nothing)").empty());
}

BOOST_AUTO_TEST_SUITE_END()
