// Doctor on Linux trees made of real ELF files: a library nobody has, a libstdc++ without the
// GLIBCXX version torch needs, $ORIGIN runpaths, and this machine's own libraries, which load.
#include "doctor/doctor.hpp"
#include "tests/doctor/doctor_fixtures.hpp"
#include "tests/support/scratch_directory.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::all_findings;
using torchpin::test::find_finding;
using torchpin::test::place;
using torchpin::test::ScratchDirectory;
using torchpin::test::write_dist_info;

namespace {

// An ELF file the build made (tests/fixtures/elf_libraries.cmake): "libneeds_absent.so".
std::filesystem::path elf_fixture(const std::string& name) {
    const std::filesystem::path file = std::filesystem::path(TORCHPIN_ELF_FIXTURES) / name;
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(file), "no ELF fixture " + file.string());
    return file;
}

struct LinuxTree {
    ScratchDirectory scratch{"torchpin-doctor-linux"};
    std::filesystem::path site_packages =
        scratch.path() / "venv" / "lib" / "python3.11" / "site-packages";
    std::filesystem::path torch_lib = site_packages / "torch" / "lib";

    LinuxTree() {
        write_dist_info(site_packages, "torch", "2.1.2", "cp311-cp311-manylinux1_x86_64");
    }
    DoctorRequest request() const {
        DoctorRequest request;
        request.environment = environment_of_site_packages(site_packages);
        request.matrix = &torchpin::test::dataset_matrix();
        return request;
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(linux_environment)

BOOST_AUTO_TEST_CASE(a_library_nobody_has_is_missing_with_what_ld_so_would_say) {
    const LinuxTree tree;
    place(elf_fixture("libneeds_absent.so"), tree.torch_lib);
    const DoctorReport report = run_doctor(tree.request());
    BOOST_TEST(report.os == "linux");
    BOOST_REQUIRE_MESSAGE(report.findings.size() == 1u, all_findings(report));
    const DoctorFinding& missing = report.findings.front();
    BOOST_TEST(missing.id.name() == "missing-library");
    BOOST_TEST(missing.subject == "torch/lib/libneeds_absent.so");
    BOOST_TEST(missing.message.find("libtorchpin_absent.so.1") != std::string::npos);
    const bool says = std::any_of(missing.details.begin(), missing.details.end(), [](auto& d) {
        return d == "Python would say: ImportError: libtorchpin_absent.so.1: cannot open shared "
                    "object file: No such file or directory";
    });
    BOOST_TEST(says);
}

BOOST_AUTO_TEST_CASE(a_libstdcxx_without_glibcxx_3_4_30_is_named_with_its_newest) {
    const LinuxTree tree;
    place(elf_fixture("libneeds_glibcxx_3_4_30.so"), tree.torch_lib);
    DoctorRequest request = tree.request();
    request.ld_library_path = {elf_fixture("stubs/libstdc++.so.6").parent_path()};
    const DoctorReport report = run_doctor(request);
    auto found = std::find_if(report.findings.begin(), report.findings.end(),
                              [](const auto& f) { return f.id == "missing-symbol-version"; });
    BOOST_REQUIRE_MESSAGE(found != report.findings.end(), all_findings(report));
    BOOST_TEST(found->message.find("GLIBCXX_3.4.30") != std::string::npos);
    BOOST_TEST(found->details.front().find("GLIBCXX_3.4.29") != std::string::npos);
    BOOST_TEST(found->details.front().find("LD_LIBRARY_PATH") != std::string::npos);
    BOOST_TEST(!found->known_issue.empty(), "no known issue for GLIBCXX_3.4.30");
}

BOOST_AUTO_TEST_CASE(a_libstdcxx_with_the_version_is_healthy) {
    const LinuxTree tree;
    place(elf_fixture("libneeds_glibcxx_3_4_30.so"), tree.torch_lib);
    DoctorRequest request = tree.request();
    request.ld_library_path = {elf_fixture("full/libstdc++.so.6").parent_path()};
    const DoctorReport report = run_doctor(request);
    BOOST_TEST(report.findings.empty(), all_findings(report));
}

BOOST_AUTO_TEST_CASE(origin_runpaths_are_followed_and_their_misses_name_the_folder) {
    const LinuxTree tree;
    place(elf_fixture("origin/lib/liborigin_user.so"), tree.torch_lib);
    const DoctorReport missing = run_doctor(tree.request());
    BOOST_REQUIRE_MESSAGE(missing.findings.size() == 1u, all_findings(missing));
    BOOST_TEST(missing.findings.front().message.find("libdep.so") != std::string::npos);
    BOOST_TEST(missing.findings.front().details[1].find("torch/deps") != std::string::npos);

    place(elf_fixture("origin/deps/libdep.so"), tree.site_packages / "torch" / "deps");
    const DoctorReport healthy = run_doctor(tree.request());
    BOOST_TEST(healthy.findings.empty(), all_findings(healthy));
}

BOOST_AUTO_TEST_CASE(this_machines_own_extension_modules_load) {
    const LinuxTree tree;
    std::size_t placed = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib")) {
        const std::filesystem::path dynload = entry.path() / "lib-dynload";
        if (!entry.path().filename().string().starts_with("python3") ||
            !std::filesystem::is_directory(dynload)) {
            continue;
        }
        for (const auto& module : std::filesystem::directory_iterator(dynload)) {
            place(module.path(), tree.torch_lib);
            ++placed;
        }
    }
    BOOST_REQUIRE_MESSAGE(placed > 10u, "no /usr/lib/python3*/lib-dynload modules (python3)");
    const DoctorReport report = run_doctor(tree.request());
    BOOST_TEST(report.libraries_checked >= placed);
    BOOST_TEST(report.findings.empty(), all_findings(report));
}

BOOST_AUTO_TEST_SUITE_END()
