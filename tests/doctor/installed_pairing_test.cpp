// Doctor's verdict on installed versions against the dataset and a machine: a matching family is
// healthy; a companion of another torch, a driver too old for the build and a CPU build on a GPU
// machine are findings; two torch installs and pip's leftovers are found.
#include "doctor/doctor.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "tests/doctor/doctor_fixtures.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::dataset_matrix;
using torchpin::test::find_finding;
using torchpin::test::ScratchDirectory;
using torchpin::test::write_dist_info;

namespace {

struct Environment {
    ScratchDirectory scratch{"torchpin-doctor-pairing"};
    std::filesystem::path site = scratch.path() / "lib" / "python3.11" / "site-packages";

    Environment& with(const std::string& name, const std::string& version) {
        write_dist_info(site, name, version, "cp311-cp311-manylinux_2_17_x86_64");
        return *this;
    }

    DoctorReport doctor(const std::string& driver, const std::vector<std::string>& gpus) const {
        const TargetMachine machine = torchpin::test::linux_machine("3.11", driver, gpus);
        const CheckTarget target{"the machine", machine,
                                 narrowed_to_platform(dataset_matrix(), machine.tags)};
        DoctorRequest request;
        request.environment = environment_of_site_packages(site);
        request.matrix = &dataset_matrix();
        request.target = &target;
        request.install_command = "pip install torch==2.5.1+cu124 --index-url "
                                  "https://download.pytorch.org/whl/cu124";
        return run_doctor(request);
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(installed_pairing)

BOOST_AUTO_TEST_CASE(a_matching_cu121_family_on_a_fitting_machine_is_healthy) {
    Environment env;
    env.with("torch", "2.1.2+cu121")
        .with("torchvision", "0.16.2+cu121")
        .with("torchaudio", "2.1.2+cu121");
    const DoctorReport report = env.doctor("550.54.15", {"8.6"});
    BOOST_TEST(report.findings.empty(), all_findings(report));
    BOOST_TEST(report.installed.size() == 3u);
    BOOST_TEST(report.installed.front().origin.find("cu121") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(torchvision_of_another_torch_is_unpaired) {
    Environment env;
    env.with("torch", "2.1.2+cu121").with("torchvision", "0.17.0+cu121");
    const DoctorReport report = env.doctor("550.54.15", {"8.6"});
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"unpaired-companion"},
               all_findings(report));
    BOOST_TEST(report.findings.front().fix.find(report.install_command) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_cu128_build_on_driver_550_runs_only_by_minor_version_compatibility) {
    Environment env;
    env.with("torch", "2.7.1+cu128");
    const DoctorReport report = env.doctor("550.54.15", {"8.6"});
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"driver-minor-version"},
               all_findings(report));
    BOOST_TEST((report.findings.front().severity() == Severity::Warning));
}

BOOST_AUTO_TEST_CASE(a_cu128_build_on_driver_470_is_too_new_for_the_driver) {
    Environment env;
    env.with("torch", "2.7.1+cu128");
    const DoctorReport report = env.doctor("470.82.01", {"8.6"});
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"driver-too-old"},
               all_findings(report));
}

BOOST_AUTO_TEST_CASE(a_cpu_build_on_an_rtx_4090_machine_is_found) {
    Environment env;
    env.with("torch", "2.5.1+cpu");
    const DoctorReport report = env.doctor("560.94", {"8.9"});
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"cpu-build-on-gpu-target"},
               all_findings(report));
}

BOOST_AUTO_TEST_CASE(two_torch_installs_and_a_pip_leftover_are_found) {
    Environment env;
    env.with("torch", "2.1.2").with("torch", "2.3.0");
    std::filesystem::create_directories(env.site / "~orch");
    const DoctorReport report = env.doctor("550.54.15", {"8.6"});
    const auto found = test::finding_ids(report);
    BOOST_TEST(std::count(found.begin(), found.end(), "several-installs") == 1,
               all_findings(report));
    BOOST_TEST(std::count(found.begin(), found.end(), "uninstall-leftover") == 1,
               all_findings(report));
}

BOOST_AUTO_TEST_CASE(no_torch_at_all_is_a_finding) {
    Environment env;
    env.with("numpy", "2.1.0");
    const DoctorReport report = env.doctor("550.54.15", {"8.6"});
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"torch-not-installed"},
               all_findings(report));
}

BOOST_AUTO_TEST_SUITE_END()
