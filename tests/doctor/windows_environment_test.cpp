// Doctor on Windows trees made of real PE files: the torch 2.4.0 fbgemm case, its fix, a stale
// msvcp140.dll beside python.exe under torch 2.9, vcruntime140_1.dll missing, a CUDA DLL missing,
// a DLL found only through PATH.
#include "doctor/doctor.hpp"
#include "tests/doctor/doctor_fixtures.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::find_finding;
using torchpin::test::pe_fixture;
using torchpin::test::place;
using torchpin::test::WindowsTree;

BOOST_AUTO_TEST_SUITE(windows_environment)

BOOST_AUTO_TEST_CASE(torch_2_4_0_without_libomp140_is_the_fbgemm_known_issue) {
    const WindowsTree tree("2.4.0+cpu");
    const DoctorReport report = run_doctor(tree.request());
    BOOST_TEST(report.os == "windows");
    const DoctorFinding* missing = find_finding(report, "missing-library", "libomp140.x86_64.dll");
    BOOST_REQUIRE_MESSAGE(missing != nullptr, all_findings(report));
    BOOST_TEST(missing->subject == "torch/lib/fbgemm.dll");
    BOOST_TEST(missing->known_issue == "win-fbgemm-dll-2.4.0");
    BOOST_TEST(missing->fix.find("build tools") != std::string::npos);
    // The chain starts where Python starts: torch._C.
    BOOST_TEST(missing->details.front() ==
               "load chain: torch/_C.cp312-win_amd64.pyd → torch/lib/torch_python.dll → "
               "torch/lib/torch.dll → torch/lib/torch_cpu.dll → torch/lib/fbgemm.dll");
    BOOST_TEST(report.findings.size() == 1u, all_findings(report));
}

BOOST_AUTO_TEST_CASE(the_same_tree_with_libomp140_is_healthy) {
    const WindowsTree tree("2.4.0+cpu");
    place(pe_fixture("libomp140.x86_64.dll"), tree.torch_lib);
    const DoctorReport report = run_doctor(tree.request());
    BOOST_TEST(report.findings.empty(), all_findings(report));
    // torch's six, libomp140, and python312.dll from the application folder
    BOOST_TEST(report.libraries_checked == 8u);
    const auto used =
        std::find_if(report.runtime_copies.begin(), report.runtime_copies.end(),
                     [](const RuntimeCopy& c) { return c.used && c.name == "msvcp140.dll"; });
    BOOST_REQUIRE(used != report.runtime_copies.end());
    BOOST_TEST(used->version == "14.44.35211.0");
    BOOST_TEST(used->where == "System32");
}

BOOST_AUTO_TEST_CASE(a_stale_msvcp140_beside_python_breaks_torch_2_9) {
    const WindowsTree tree("2.9.0+cpu");
    place(pe_fixture("vc-14.38/msvcp140.dll"), tree.python);
    const DoctorReport report = run_doctor(tree.request());
    const DoctorFinding* old = find_finding(report, "vc-runtime-too-old");
    BOOST_REQUIRE_MESSAGE(old != nullptr, all_findings(report));
    BOOST_TEST(old->known_issue == "win-msvcp140-too-old-2.9");
    BOOST_TEST(old->message.find("14.38.33135.0") != std::string::npos);
    BOOST_TEST(old->details.front().find("Python312") != std::string::npos);
    BOOST_TEST(old->details.front().find("application folder") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_stale_copy_does_not_matter_to_torch_2_8) {
    const WindowsTree tree("2.8.0+cpu");
    place(pe_fixture("vc-14.38/msvcp140.dll"), tree.python);
    place(pe_fixture("libomp140.x86_64.dll"), tree.torch_lib);
    const DoctorReport report = run_doctor(tree.request());
    BOOST_TEST(find_finding(report, "vc-runtime-too-old") == nullptr, all_findings(report));
}

BOOST_AUTO_TEST_CASE(vcruntime140_1_missing_is_found_and_explained) {
    const WindowsTree tree("2.5.1+cpu");
    place(pe_fixture("libomp140.x86_64.dll"), tree.torch_lib);
    std::filesystem::remove(tree.system32 / "vcruntime140_1.dll");
    const DoctorReport report = run_doctor(tree.request());
    const DoctorFinding* missing = find_finding(report, "missing-library", "vcruntime140_1.dll");
    BOOST_REQUIRE_MESSAGE(missing != nullptr, all_findings(report));
    BOOST_TEST(missing->subject == "torch/lib/c10.dll");
    BOOST_TEST(!missing->known_issue.empty(), "no known issue for vcruntime140_1.dll");
    BOOST_TEST(missing->fix.find("Redistributable") != std::string::npos, missing->fix);
}

BOOST_AUTO_TEST_CASE(a_missing_cuda_dll_and_a_missing_driver_dll) {
    const WindowsTree tree("2.5.1+cu124");
    place(pe_fixture("libomp140.x86_64.dll"), tree.torch_lib);
    place(pe_fixture("torch_cuda.dll"), tree.torch_lib);
    place(pe_fixture("cublas64_12.dll"), tree.torch_lib);
    const DoctorReport report = run_doctor(tree.request());
    const DoctorFinding* cudart = find_finding(report, "missing-library", "cudart64_12.dll");
    BOOST_REQUIRE_MESSAGE(cudart != nullptr, all_findings(report));
    BOOST_TEST(cudart->subject == "torch/lib/torch_cuda.dll");
    BOOST_TEST((cudart->severity() == Severity::Error));
    BOOST_TEST(!cudart->fix.empty());
    const DoctorFinding* driver =
        find_finding(report, "missing-delay-loaded-library", "nvcuda.dll");
    BOOST_REQUIRE_MESSAGE(driver != nullptr, all_findings(report));
    BOOST_TEST((driver->severity() == Severity::Warning));
}

BOOST_AUTO_TEST_CASE(a_dll_only_on_path_loads_through_torchs_fallback) {
    const WindowsTree tree("2.5.1+cpu");
    const std::filesystem::path tools = tree.scratch.path() / "Program Files" / "LLVM" / "bin";
    place(pe_fixture("libomp140.x86_64.dll"), tools);
    DoctorRequest request = tree.request();
    request.path_folders = {tools};
    const DoctorReport report = run_doctor(request);
    BOOST_TEST(find_finding(report, "missing-library") == nullptr, all_findings(report));
    const DoctorFinding* path =
        find_finding(report, "library-only-on-path", "libomp140.x86_64.dll");
    BOOST_REQUIRE_MESSAGE(path != nullptr, all_findings(report));
    BOOST_TEST((path->severity() == Severity::Warning));
}

BOOST_AUTO_TEST_CASE(an_older_copy_in_another_package_is_a_warning) {
    const WindowsTree tree("2.5.1+cpu");
    place(pe_fixture("libomp140.x86_64.dll"), tree.torch_lib);
    place(pe_fixture("vc-14.38/msvcp140.dll"), tree.site_packages / "PyQt5" / "Qt5" / "bin");
    const DoctorReport report = run_doctor(tree.request());
    const DoctorFinding* older = find_finding(report, "older-runtime-copy");
    BOOST_REQUIRE_MESSAGE(older != nullptr, all_findings(report));
    BOOST_TEST(older->subject == "PyQt5/Qt5/bin/msvcp140.dll");
}

BOOST_AUTO_TEST_SUITE_END()
