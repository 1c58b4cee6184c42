// explain_error: which issues a message matches, and how installed versions and machine facts
// order them and speak for and against each.
#include "engine/diagnosis/error_explanation.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::MatrixBuilder;

namespace {

KnownIssueFact issue(const std::string& id, const std::string& os, const std::string& torch,
                     std::vector<std::string> patterns, const std::string& decided_by = "") {
    KnownIssueFact fact;
    fact.decided_by = decided_by;
    fact.issue = id;
    fact.os = os;
    fact.torch = SpecifierSet::from(torch);
    fact.severity = "error";
    fact.patterns = std::move(patterns);
    fact.message_only = torch.empty();
    return fact;
}

std::vector<std::string> ids(const std::vector<ErrorCause>& causes) {
    std::vector<std::string> out;
    for (const ErrorCause& cause : causes) {
        out.push_back(cause.issue.issue);
    }
    return out;
}

Machine linux_machine_with_gpu(const std::string& sm, const std::string& driver) {
    Machine machine;
    machine.os = Fact<OperatingSystem>{OperatingSystem::Linux, "option --os"};
    machine.arch = Fact<CpuArch>{CpuArch::X86_64, "option --arch"};
    machine.nvidia.driver = Fact<std::optional<DriverVersion>>{DriverVersion::from(driver), "test"};
    machine.nvidia.gpus.push_back(NvidiaGpu{
        "GPU", std::nullopt, "", Fact<ComputeCapability>{ComputeCapability::from(sm), "test"},
        std::nullopt, std::nullopt, "test"});
    return machine;
}

const std::string fbgemm_message =
    R"(OSError: [WinError 126] The specified module could not be found. Error loading )"
    R"("C:\Users\me\venv\Lib\site-packages\torch\lib\fbgemm.dll" or one of its dependencies.)";

} // namespace

BOOST_AUTO_TEST_SUITE(error_explanation)

BOOST_AUTO_TEST_CASE(only_issues_whose_patterns_match_are_returned) {
    const std::vector<KnownIssueFact> issues{
        issue("win-fbgemm", "windows", "==2.4.0", {"[WinError 126] ... fbgemm.dll"}),
        issue("nms", "any", "", {"operator torchvision::nms does not exist"})};
    BOOST_TEST(ids(explain_error(fbgemm_message, issues, {})) ==
                   std::vector<std::string>{"win-fbgemm"},
               boost::test_tools::per_element());
    BOOST_TEST(explain_error("KeyError: 'model'", issues, {}).empty());
}

BOOST_AUTO_TEST_CASE(an_installed_torch_outside_the_range_is_a_doubt) {
    const std::vector<KnownIssueFact> issues{
        issue("win-fbgemm", "windows", "==2.4.0", {"[WinError 126] ... fbgemm.dll"})};
    ErrorFacts facts;
    facts.os = "windows";
    facts.torch = Version::from("2.4.1+cpu");
    const auto causes = explain_error(fbgemm_message, issues, facts);
    BOOST_TEST_REQUIRE(causes.size() == 1u);
    BOOST_TEST(
        causes[0].doubts ==
            std::vector<std::string>{"torch 2.4.1+cpu is installed; the issue affects ==2.4.0"},
        boost::test_tools::per_element());
    BOOST_TEST(causes[0].evidence.size() == 2u); // the pattern, the OS
}

BOOST_AUTO_TEST_CASE(facts_that_fit_rank_an_issue_first) {
    // Both match "DLL load failed"; the machine's runtime rules out the first.
    std::vector<KnownIssueFact> issues{issue("runtime-missing", "windows", "", {"DLL load failed"}),
                                       issue("any-dll", "windows", "", {"DLL load"})};
    issues[0].unless_vc_runtime = VcRuntimeVersion::from("14.40");
    Machine machine;
    machine.windows.system32_dlls.push_back({"msvcp140.dll", "14.44.35211.0", "System32"});
    ErrorFacts facts;
    facts.machine = &machine;
    const std::string message = "ImportError: DLL load failed while importing _C";
    BOOST_TEST(ids(explain_error(message, issues, {})) ==
                   (std::vector<std::string>{"runtime-missing", "any-dll"}),
               boost::test_tools::per_element());
    const auto causes = explain_error(message, issues, facts);
    BOOST_TEST(ids(causes) == (std::vector<std::string>{"any-dll", "runtime-missing"}),
               boost::test_tools::per_element());
    BOOST_TEST(causes[1].doubts ==
                   std::vector<std::string>{
                       "this machine's Visual C++ runtime 14.44.35211.0 is 14.40 or newer"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(no_kernel_image_names_the_gpu_missing_from_the_arch_list) {
    MatrixBuilder builder;
    builder.release("2.6.0", "0.21.0", "2.6.0", "3.12")
        .cuda("cu124", "12.4.1", "550.54.15")
        .arch_list("==2.6.0", "cu124", "5.0 8.0 9.0")
        .first_cuda("12.0", "12.8");
    const std::vector<KnownIssueFact> issues{issue("any-cuda-no-kernel-image", "any", "",
                                                   {"no kernel image is available for execution"},
                                                   "gpu-arch")};
    const Machine blackwell = linux_machine_with_gpu("12.0", "570.86.10");
    ErrorFacts facts;
    facts.os = "linux";
    facts.torch = Version::from("2.6.0+cu124");
    facts.machine = &blackwell;
    facts.matrix = &builder.matrix();
    const std::string message =
        "RuntimeError: CUDA error: no kernel image is available for execution on the device";
    auto causes = explain_error(message, issues, facts);
    BOOST_TEST_REQUIRE(causes.size() == 1u);
    BOOST_TEST(causes[0].evidence.back() ==
               "sm_120 (GPU) is not in torch 2.6.0+cu124's arch list (sm_50 sm_80 sm_90)");

    const Machine ampere = linux_machine_with_gpu("8.6", "570.86.10");
    facts.machine = &ampere;
    causes = explain_error(message, issues, facts);
    BOOST_TEST(causes[0].doubts ==
                   std::vector<std::string>{"sm_86 (GPU) runs torch 2.6.0+cu124's arch list "
                                            "(sm_50 sm_80 sm_90)"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_driver_messages_compare_the_driver_with_the_builds_minimum) {
    MatrixBuilder builder;
    builder.release("2.4.0", "0.19.0", "2.4.0", "3.12").cuda("cu121", "12.1.1", "530.30.02");
    const std::vector<KnownIssueFact> issues{issue("any-nvidia-driver-too-old", "any", "",
                                                   {"The NVIDIA driver on your system is too old"},
                                                   "driver")};
    const Machine old_driver = linux_machine_with_gpu("8.6", "470.86");
    ErrorFacts facts;
    facts.os = "linux";
    facts.torch = Version::from("2.4.0+cu121");
    facts.machine = &old_driver;
    facts.matrix = &builder.matrix();
    const auto causes = explain_error(
        "RuntimeError: The NVIDIA driver on your system is too old (found version 11040).", issues,
        facts);
    BOOST_TEST_REQUIRE(causes.size() == 1u);
    BOOST_TEST(causes[0].evidence ==
                   (std::vector<std::string>{
                       "the message has: The NVIDIA driver on your system is too old",
                       "the driver reports CUDA 11.4 as the newest it runs",
                       "torch 2.4.0+cu121 is built with CUDA 12.1.1",
                       "driver 470.86 is below CUDA 12.1.1's minimum 530.30.02 (torch "
                       "2.4.0+cu121)"}),
               boost::test_tools::per_element());
    BOOST_TEST(causes[0].doubts.empty());
}

BOOST_AUTO_TEST_CASE(torchvision_of_another_build_or_release_speaks_for_the_nms_issue) {
    MatrixBuilder builder;
    builder.release("2.2.1", "0.17.1", "2.2.1", "3.12");
    const std::vector<KnownIssueFact> issues{issue("any-torchvision-nms-missing", "any", "",
                                                   {"operator torchvision::nms does not exist"},
                                                   "torchvision-pairing")};
    ErrorFacts facts;
    facts.torch = Version::from("2.2.1+cpu");
    facts.torchvision = Version::from("0.17.1");
    facts.matrix = &builder.matrix();
    const std::string message = "RuntimeError: operator torchvision::nms does not exist";
    auto causes = explain_error(message, issues, facts);
    BOOST_TEST(causes[0].evidence.back() ==
               "torch 2.2.1+cpu and torchvision 0.17.1 are of different builds (labels cpu and "
               "none)");
    BOOST_TEST(causes[0].doubts ==
                   std::vector<std::string>{"torch 2.2.1 is released with torchvision 0.17.1, "
                                            "the one installed"},
               boost::test_tools::per_element());
    facts.torchvision = Version::from("0.18.0+cpu");
    causes = explain_error(message, issues, facts);
    BOOST_TEST(causes[0].evidence.back() ==
               "torch 2.2.1 is released with torchvision 0.17.1, not 0.18.0");
}

BOOST_AUTO_TEST_CASE(a_cpu_build_speaks_for_torch_not_compiled_with_cuda) {
    const std::vector<KnownIssueFact> issues{issue("any-torch-not-compiled-with-cuda", "any", "",
                                                   {"Torch not compiled with CUDA enabled"},
                                                   "cuda-build")};
    ErrorFacts facts;
    facts.torch = Version::from("2.5.1+cpu");
    const std::string message = "AssertionError: Torch not compiled with CUDA enabled";
    BOOST_TEST(explain_error(message, issues, facts)[0].evidence.back() ==
               "torch 2.5.1+cpu is a CPU build, without CUDA");
    facts.torch = Version::from("2.5.1+cu124");
    BOOST_TEST(explain_error(message, issues, facts)[0].doubts ==
                   std::vector<std::string>{"torch 2.5.1+cu124 is a CUDA build"},
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
