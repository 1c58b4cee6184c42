// The pure parts of doctor: $ORIGIN expansion, the newest symbol version of a family, API set
// names, and reading the smoke test's output with the lines torch printed around it.
#include "doctor/linux_library_check.hpp"
#include "doctor/smoke_test.hpp"
#include "doctor/windows_dll_search.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(doctor_parts)

BOOST_AUTO_TEST_CASE(origin_is_the_folder_of_the_object_in_both_spellings) {
    const std::filesystem::path object = "/venv/lib/python3.11/site-packages/torch/lib/libtorch.so";
    BOOST_TEST(expand_origin("$ORIGIN/../../nvidia/cudnn/lib", object).generic_string() ==
               "/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    BOOST_TEST(expand_origin("${ORIGIN}", object).generic_string() ==
               "/venv/lib/python3.11/site-packages/torch/lib");
    BOOST_TEST(expand_origin("/opt/cuda/lib64", object).generic_string() == "/opt/cuda/lib64");
}

BOOST_AUTO_TEST_CASE(the_newest_version_of_a_family_compares_numbers) {
    const std::vector<std::string> defined{"GLIBCXX_3.4", "GLIBCXX_3.4.9", "GLIBCXX_3.4.29",
                                           "CXXABI_1.3.13", "GLIBCXX_3.4.10"};
    BOOST_TEST(newest_of_family(defined, "GLIBCXX_3.4.30") == "GLIBCXX_3.4.29");
    BOOST_TEST(newest_of_family(defined, "CXXABI_1.3.15") == "CXXABI_1.3.13");
    BOOST_TEST(newest_of_family(defined, "GLIBC_2.38").empty());
}

BOOST_AUTO_TEST_CASE(api_sets_are_known_by_their_prefix_in_any_case) {
    BOOST_TEST(is_api_set_name("api-ms-win-crt-runtime-l1-1-0.dll"));
    BOOST_TEST(is_api_set_name("API-MS-Win-Core-Synch-L1-2-0.dll"));
    BOOST_TEST(is_api_set_name("ext-ms-win-ntuser-window-l1-1-0.dll"));
    BOOST_TEST(!is_api_set_name("msvcp140.dll"));
    BOOST_TEST(lower_ascii("KERNEL32.dll") == "kernel32.dll");
}

BOOST_AUTO_TEST_CASE(smoke_output_keeps_steps_and_what_else_was_printed) {
    std::string printed;
    const auto steps = parse_smoke_output(
        "Microsoft Visual C++ Redistributable is not installed, this may lead to the DLL load "
        "failure.\n"
        R"({"step": "import torch", "ok": false, "result": "", "error": "OSError: [WinError 126]", "traceback": "Traceback ..."})"
        "\n{\"not\": \"a step\"}\n",
        printed);
    BOOST_REQUIRE(steps.size() == 1u);
    BOOST_TEST(steps[0].name == "import torch");
    BOOST_TEST(!steps[0].ok);
    BOOST_TEST(steps[0].error == "OSError: [WinError 126]");
    BOOST_TEST(printed.find("Redistributable is not installed") != std::string::npos);
    BOOST_TEST(printed.find("a step") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
