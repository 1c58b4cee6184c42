// NVIDIA's driver branch per CUDA minor (cuda_branch): the direct requirement where no release
// minimum is published (Windows for 13.x), keyed by major.minor so that 13.4.1 (13.4 GA) and
// 13.4.2 (its Update 1) take one row; the same fit for a Windows driver as for its Linux twin.
#include "engine/solver/explanation.hpp"
#include "engine/solver/solver.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <algorithm>
#include <iterator>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::linux_machine;
using torchpin::test::MatrixBuilder;
using torchpin::test::request_for;

namespace {

CudaBranch branch(const std::string& cuda, const std::string& driver) {
    return CudaBranch{CudaVersion::from(cuda), DriverVersion::from(driver)};
}

// 2.14.1 with cu126, cu130 and cu132 on Linux and Windows: Linux has NVIDIA's per-release
// minimums, Windows only its 12.x ones (NVIDIA: N/A for 13.x), and both the 13.x branches.
CompatMatrix windows_and_linux_2_14_1() {
    MatrixBuilder b;
    b.release("2.14.1", "", "", "3.10 3.11 3.12")
        .cuda("cu126", "12.6.3", "560.35.05")
        .cuda("cu130", "13.0.2", "580.95.05")
        .cuda("cu132", "13.2.1", "595.58.03")
        .compat_floor(12, "525.60.13")
        .compat_floor(13, "580")
        .compat_floor(12, "528.33", OperatingSystem::Windows)
        .compat_floor(13, "580", OperatingSystem::Windows);
    for (const char* backend : {"cu126", "cu130", "cu132"}) {
        b.published("2.14.1", backend).published("2.14.1", backend, OperatingSystem::Windows);
    }
    CompatMatrix m = b.matrix();
    m.cuda_drivers.push_back(CudaDriverFact{CudaVersion::from("12.6.3"), OperatingSystem::Windows,
                                            DriverVersion::from("561.17")});
    for (const char* cuda : {"13.0.2", "13.2.1"}) {
        m.cuda_drivers.push_back(
            CudaDriverFact{CudaVersion::from(cuda), OperatingSystem::Windows, std::nullopt});
    }
    m.cuda_branches = {branch("13.0", "580"), branch("13.1", "590"), branch("13.2", "595")};
    return m;
}

TargetMachine windows_machine(const std::string& driver) {
    TargetMachine machine = linux_machine("3.12", driver, {});
    machine.tags.os = OperatingSystem::Windows;
    return machine;
}

// The candidate's warnings about its driver (the others say which files the matrix lists).
std::vector<std::string> driver_warnings(const Candidate& c) {
    std::vector<std::string> out;
    for (const AnswerWarning& w : c.warnings) {
        if (w.code == WarningCode::DriverMinorVersion || w.code == WarningCode::DriverFloorOnly) {
            out.push_back(w.message);
        }
    }
    return out;
}

const Candidate& candidate(const Resolution& r, const std::string& label) {
    const auto it = std::find_if(r.candidates.begin(), r.candidates.end(), [&](const Candidate& c) {
        return c.torch.to_string() + "+" + c.backend.to_string() == label;
    });
    BOOST_TEST_REQUIRE((it != r.candidates.end()), label);
    return *it;
}

} // namespace

BOOST_AUTO_TEST_SUITE(driver_branch)

BOOST_AUTO_TEST_CASE(a_windows_r590_driver_gets_cu130_directly_as_its_linux_twin_does) {
    const CompatMatrix m = windows_and_linux_2_14_1();
    const auto on_linux =
        resolve(m, linux_machine("3.12", "590.44.01", {}), request_for({"torch"}));
    const auto on_windows = resolve(m, windows_machine("591.44"), request_for({"torch"}));
    BOOST_REQUIRE(on_linux.solution.has_value());
    BOOST_REQUIRE(on_windows.solution.has_value());
    for (const Resolution* r : {&on_linux, &on_windows}) {
        const Candidate& cu130 = candidate(*r, "2.14.1+cu130");
        BOOST_TEST((cu130.driver_fit == DriverFit::Direct));
        BOOST_TEST(driver_warnings(cu130).empty());
    }
    // Not steered to cu126 for a "direct" fit that only the 12.x table gives Windows.
    BOOST_TEST(on_linux.solution->backend.to_string() == on_windows.solution->backend.to_string());
    BOOST_TEST(on_windows.solution->backend.to_string() == "cu130");
}

BOOST_AUTO_TEST_CASE(a_windows_driver_older_than_the_branch_runs_by_minor_version) {
    const CompatMatrix m = windows_and_linux_2_14_1();
    const auto r = resolve(m, windows_machine("591.44"), request_for({"torch"}));
    const Candidate& cu132 = candidate(r, "2.14.1+cu132");
    BOOST_TEST((cu132.driver_fit == DriverFit::MinorVersion));
    const auto warnings = driver_warnings(cu132);
    BOOST_TEST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings.front() ==
               "driver 591.44 is below CUDA 13.2's driver branch R595 and runs it through CUDA "
               "minor version compatibility");
    // Below the 13.x floor nothing runs it; the requirement named is the branch.
    const auto old = resolve(m, windows_machine("576.57"), request_for({"torch"}));
    BOOST_TEST(verdict(candidate(old, "2.14.1+cu130")) == "driver-too-old");
    BOOST_TEST(describe(candidate(old, "2.14.1+cu130").rejections.front()) ==
               "cu130 needs driver >= 580 for CUDA 13.0.2; this machine has 576.57");
}

BOOST_AUTO_TEST_CASE(the_branch_is_keyed_by_major_minor_whatever_the_third_number) {
    // 13.4 GA is versioned 13.4.1 and 13.4 Update 1 13.4.2: one branch for both, and for the bare
    // label's 13.4; a release's own minimum, where one is known, comes first.
    CompatMatrix m;
    m.cuda_branches = {branch("13.4", "615")};
    m.cuda_drivers.push_back(CudaDriverFact{CudaVersion::from("13.4.2"), OperatingSystem::Linux,
                                            DriverVersion::from("615.20.01")});
    for (const char* cuda : {"13.4", "13.4.1", "13.4.2"}) {
        const auto on_windows =
            m.direct_requirement(CudaVersion::from(cuda), OperatingSystem::Windows);
        BOOST_TEST_REQUIRE(on_windows.has_value(), cuda);
        BOOST_TEST(on_windows->driver.to_string() == "615", cuda);
        BOOST_TEST(on_windows->branch_only, cuda);
    }
    const auto own = m.direct_requirement(CudaVersion::from("13.4.2"), OperatingSystem::Linux);
    BOOST_TEST_REQUIRE(own.has_value());
    BOOST_TEST(own->driver.to_string() == "615.20.01");
    BOOST_TEST(!own->branch_only);
    // No X.4.0 row stands for the GA: the bare label takes the branch, not a later update's
    // minimum.
    const auto label = m.direct_requirement(CudaVersion::from("13.4"), OperatingSystem::Linux);
    BOOST_TEST_REQUIRE(label.has_value());
    BOOST_TEST(label->branch_only);
    BOOST_TEST(!m.direct_requirement(CudaVersion::from("13.5"), OperatingSystem::Linux));
}

BOOST_AUTO_TEST_SUITE_END()
