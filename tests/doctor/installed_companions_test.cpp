// Doctor's verdict on the packages built against torch installed beside it, on the real rows of
// data/ecosystem.toml: a release pinned to the installed torch fits and one pinned to another does
// not, a PyG label for another torch minor or another CUDA major is a finding while another CUDA
// minor is not, flash-attn's label decides over its release's range, and a release the data lacks
// is unknown, never guessed.
#include "doctor/doctor.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "tests/doctor/doctor_fixtures.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::dataset_matrix;
using torchpin::test::find_finding;
using torchpin::test::ScratchDirectory;
using torchpin::test::write_dist_info;

namespace {

struct Environment {
    ScratchDirectory scratch{"torchpin-doctor-companions"};
    std::filesystem::path site = scratch.path() / "lib" / "python3.12" / "site-packages";

    Environment& with(const std::string& name, const std::string& version,
                      const std::vector<std::string>& requires_dist = {}) {
        write_dist_info(site, name, version, "cp312-cp312-manylinux_2_28_x86_64", requires_dist);
        return *this;
    }

    // Without a machine: only the installed files and the data speak.
    DoctorReport doctor() const {
        DoctorRequest request;
        request.environment = environment_of_site_packages(site);
        request.matrix = &dataset_matrix();
        return run_doctor(request);
    }
};

const InstalledCompanion& companion(const DoctorReport& report, const std::string& name) {
    for (const InstalledCompanion& c : report.companions) {
        if (c.name == name) {
            return c;
        }
    }
    BOOST_FAIL("no companion " + name + " in the report");
    throw std::logic_error("unreachable");
}

} // namespace

BOOST_AUTO_TEST_SUITE(installed_companions)

BOOST_AUTO_TEST_CASE(the_xformers_pinned_to_the_installed_torch_fits) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("xformers", "0.0.32.post2", {"torch==2.8.0"});
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.findings.empty(), all_findings(report));
    const InstalledCompanion& xformers = companion(report, "xformers");
    BOOST_TEST(name(xformers.verdict) == "fits");
    BOOST_TEST(xformers.built_for == "torch==2.8.0");
    BOOST_TEST(xformers.evidence.find("data/ecosystem.toml's row of xformers 0.0.32.post2") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_xformers_pinned_to_another_torch_names_both_and_the_release_that_fits) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("xformers", "0.0.33.post2", {"torch==2.9.1"});
    const DoctorReport report = env.doctor();
    BOOST_TEST(test::finding_ids(report) ==
                   std::vector<std::string>{"installed-companion-other-torch"},
               all_findings(report));
    const DoctorFinding* found = find_finding(report, "installed-companion-other-torch",
                                              "xformers 0.0.33.post2 works with torch==2.9.1");
    BOOST_REQUIRE_MESSAGE(found, all_findings(report));
    BOOST_TEST(found->message.find("the installed torch 2.8.0+cu128") != std::string::npos);
    BOOST_TEST(found->fix == "pip install 'xformers==0.0.32.post2' --index-url "
                             "https://download.pytorch.org/whl/cu128");
    BOOST_TEST(name(companion(report, "xformers").verdict) == "misfit");
}

BOOST_AUTO_TEST_CASE(a_pyg_label_for_another_torch_minor_outweighs_the_release_range) {
    // torch-scatter 2.1.2 has files for torch 2.8; this one's label says it is the 2.7 file.
    Environment env;
    env.with("torch", "2.8.0+cu128").with("torch-scatter", "2.1.2+pt27cu128");
    const DoctorReport report = env.doctor();
    BOOST_TEST(test::finding_ids(report) ==
                   std::vector<std::string>{"installed-companion-other-torch"},
               all_findings(report));
    const DoctorFinding* found =
        find_finding(report, "installed-companion-other-torch",
                     "torch-scatter 2.1.2+pt27cu128 was built for torch 2.7 (its local label "
                     "+pt27cu128), not for torch 2.8.0+cu128");
    BOOST_REQUIRE_MESSAGE(found, all_findings(report));
    BOOST_TEST(found->fix.starts_with("pip install 'torch-scatter==2.1.2+pt28cu128' -f "
                                      "https://data.pyg.org/whl/torch-2.8.0+cu128.html"),
               found->fix);
    BOOST_TEST(companion(report, "torch-scatter").built_for == "torch 2.7 and cu128");
}

BOOST_AUTO_TEST_CASE(a_pyg_label_of_another_cuda_minor_fits_as_pyg_compares_only_the_major) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("torch-scatter", "2.1.2+pt28cu126");
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.findings.empty(), all_findings(report));
    BOOST_TEST(name(companion(report, "torch-scatter").verdict) == "fits");
}

BOOST_AUTO_TEST_CASE(a_pyg_cpu_build_beside_a_cuda_torch_is_another_variant) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("torch-sparse", "0.6.18+pt28cpu");
    const DoctorReport report = env.doctor();
    const DoctorFinding* found = find_finding(report, "installed-companion-other-variant",
                                              "is a cpu build (cpu), torch a cuda");
    BOOST_REQUIRE_MESSAGE(found, all_findings(report));
    BOOST_TEST(!find_finding(report, "installed-companion-other-torch"), all_findings(report));
}

BOOST_AUTO_TEST_CASE(a_flash_attn_label_decides_the_torch_minor_and_the_cuda_major) {
    Environment fits;
    fits.with("torch", "2.8.0+cu128").with("flash-attn", "2.8.3+cu12torch2.8cxx11abiTRUE");
    const DoctorReport healthy = fits.doctor();
    BOOST_TEST(healthy.findings.empty(), all_findings(healthy));
    BOOST_TEST(companion(healthy, "flash-attn").built_for == "torch 2.8 and CUDA 12");

    Environment other_major;
    other_major.with("torch", "2.9.0+cu130").with("flash-attn", "2.8.3+cu12torch2.9cxx11abiTRUE");
    const DoctorReport report = other_major.doctor();
    BOOST_TEST(test::finding_ids(report) ==
                   std::vector<std::string>{"installed-companion-other-variant"},
               all_findings(report));
    BOOST_TEST(find_finding(report, "installed-companion-other-variant",
                            "is built with CUDA 12, torch (cu130) with CUDA 13"),
               all_findings(report));
}

BOOST_AUTO_TEST_CASE(a_release_the_data_lacks_is_unknown_with_what_its_metadata_requires) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("xformers", "0.0.1", {"torch==1.13.0"});
    const DoctorReport report = env.doctor();
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"companion-unknown-release"},
               all_findings(report));
    const DoctorFinding& found = report.findings.front();
    BOOST_TEST(found.details.front() ==
               "its METADATA requires torch==1.13.0, which torch 2.8.0+cu128 does not meet");
    BOOST_TEST(found.fix.find("'xformers==0.0.32.post2'") != std::string::npos, found.fix);
    BOOST_TEST(name(companion(report, "xformers").verdict) == "unknown");
}

BOOST_AUTO_TEST_CASE(companions_outside_the_family_are_listed_as_installed) {
    Environment env;
    env.with("torch", "2.8.0+cu128").with("torch-scatter", "2.1.2+pt28cu128");
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.installed.size() == 2u);
    BOOST_TEST(report.installed.back().name == "torch-scatter");
}

BOOST_AUTO_TEST_CASE(without_torch_no_companion_is_judged) {
    Environment env;
    env.with("xformers", "0.0.33.post2", {"torch==2.9.1"});
    const DoctorReport report = env.doctor();
    BOOST_TEST(report.companions.empty());
    BOOST_TEST(test::finding_ids(report) == std::vector<std::string>{"torch-not-installed"},
               all_findings(report));
}

BOOST_AUTO_TEST_SUITE_END()
