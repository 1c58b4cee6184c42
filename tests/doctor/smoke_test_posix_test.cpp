// The smoke test with stand-in torch packages in a scratch site-packages, run by this machine's
// Python: one that imports and has no CUDA, one whose import raises the WinError 126 fbgemm
// message (explained by its known issue), one that hangs past the timeout (killed, reported).
#include "doctor/doctor.hpp"
#include "tests/doctor/doctor_fixtures.hpp"
#include "tests/support/scratch_directory.hpp"

#include <algorithm>
#include <chrono>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::find_finding;
using torchpin::test::ScratchDirectory;
using torchpin::test::write_dist_info;

namespace {

constexpr std::string_view cpu_torch = R"(__version__ = "2.5.1+cpu"
class version:
    cuda = None
class cuda:
    @staticmethod
    def is_available():
        return False
class _Tensor:
    def __init__(self, values):
        self.values = values
    def __mul__(self, factor):
        return _Tensor([v * factor for v in self.values])
    def sum(self):
        return _Tensor(sum(self.values))
    def item(self):
        return self.values
def ones(n, device=None):
    return _Tensor([1.0] * n)
)";

constexpr std::string_view fbgemm_torch =
    R"(raise OSError('[WinError 126] The specified module could not be found. Error loading "C:\\Users\\me\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.')
)";

constexpr std::string_view hanging_torch = R"(import time
time.sleep(60)
)";

// A site-packages holding `torch_init` as torch/__init__.py, and a "python" that runs this
// machine's python3 with that folder on its path.
struct StandIn {
    ScratchDirectory scratch{"torchpin-doctor-smoke"};
    std::filesystem::path site = scratch.path() / "lib" / "python3.11" / "site-packages";
    std::filesystem::path python = scratch.path() / "bin" / "python";

    StandIn(std::string_view torch_init, const std::string& version) {
        scratch.write("lib/python3.11/site-packages/torch/__init__.py", torch_init);
        write_dist_info(site, "torch", version, "cp311-cp311-manylinux_2_17_x86_64");
        scratch.write("bin/python",
                      "#!/bin/sh\nPYTHONPATH='" + site.string() + "' exec python3 \"$@\"\n");
        std::filesystem::permissions(python, std::filesystem::perms::owner_all);
    }

    DoctorReport doctor(std::chrono::milliseconds timeout) const {
        DoctorRequest request;
        request.environment = environment_of_site_packages(site);
        request.environment.interpreter = python;
        request.matrix = &torchpin::test::dataset_matrix();
        request.smoke_timeout = timeout;
        return run_doctor(request);
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(smoke_test)

BOOST_AUTO_TEST_CASE(a_torch_that_imports_reports_its_version_and_no_cuda) {
    const StandIn stand_in(cpu_torch, "2.5.1+cpu");
    const DoctorReport report = stand_in.doctor(std::chrono::seconds(30));
    BOOST_REQUIRE(report.smoke);
    BOOST_TEST(report.smoke->passed(), report.smoke->problem);
    const auto& steps = report.smoke->steps;
    BOOST_REQUIRE(steps.size() >= 5u);
    BOOST_TEST(steps[1].name == "torch.__version__");
    BOOST_TEST(steps[1].result == "2.5.1+cpu");
    BOOST_TEST(steps[2].result == "None");  // torch.version.cuda
    BOOST_TEST(steps[3].result == "False"); // torch.cuda.is_available()
    BOOST_TEST(find_finding(report, "smoke-step-failed") == nullptr);
}

BOOST_AUTO_TEST_CASE(an_import_failure_is_explained_by_its_known_issue) {
    const StandIn stand_in(fbgemm_torch, "2.4.0+cpu");
    const DoctorReport report = stand_in.doctor(std::chrono::seconds(30));
    const DoctorFinding* failed = find_finding(report, "smoke-step-failed");
    BOOST_REQUIRE(failed != nullptr);
    BOOST_TEST(failed->subject == "import torch");
    BOOST_TEST(failed->message.find("WinError 126") != std::string::npos);
    BOOST_TEST(failed->known_issue == "win-fbgemm-dll-2.4.0");
}

BOOST_AUTO_TEST_CASE(a_hanging_import_is_killed_and_reported) {
    const StandIn stand_in(hanging_torch, "2.5.1+cpu");
    const auto started = std::chrono::steady_clock::now();
    const DoctorReport report = stand_in.doctor(std::chrono::seconds(2));
    BOOST_TEST((std::chrono::steady_clock::now() - started < std::chrono::seconds(20)));
    const DoctorFinding* hung = find_finding(report, "smoke-did-not-finish");
    BOOST_REQUIRE(hung != nullptr);
    BOOST_TEST(hung->message.find("timed out") != std::string::npos, hung->message);
    BOOST_TEST(!report.smoke->passed());
}

BOOST_AUTO_TEST_SUITE_END()
