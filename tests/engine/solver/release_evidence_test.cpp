// The resolver and the newest data's shapes: builds only projected from nightlies (2.15.0),
// companions that require a torch range (torchvision 0.29.1+), a release's own CUDA toolkit.
#include "engine/solver/explanation.hpp"
#include "engine/solver/solver.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::linux_machine;
using torchpin::test::MatrixBuilder;
using torchpin::test::request_for;

namespace {

// 2.14.0 (torchvision 0.29.0 pins it), 2.14.1 (0.29.1: torch>=2.14), 2.15.0 (projected builds,
// 0.29.2: torch>=2.14 published with it), each cu126 / cu130 where the real ones have them.
MatrixBuilder releases_2_14_and_2_15(bool cu130_confirmed = false) {
    MatrixBuilder b;
    b.release("2.14.0", "0.29.0", "", "3.10 3.11 3.12 3.13 3.14")
        .release("2.14.1", "0.29.1", "", "3.10 3.11 3.12 3.13 3.14")
        .release("2.15.0", "", "", "")
        .cuda("cu126", "12.6.3", "560.35.05")
        .cuda("cu130", "13.0.2", "580.95.05")
        .cuda("cu132", "13.2.1", "595.58.03")
        .compat_floor(12, "525.60.13")
        .compat_floor(13, "580.65.06")
        .first_cuda("12.0", "12.8")
        .arch_list(">=2.14", "cu126", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list(">=2.14", "cu130", "7.5 8.0 8.6 9.0 10.0 12.0")
        .arch_list(">=2.14", "cu132", "7.5 8.0 8.6 9.0 10.0 12.0");
    for (const char* release : {"2.14.0", "2.14.1"}) {
        for (const char* backend : {"cu126", "cu130", "cu132"}) {
            b.published(release, backend);
        }
    }
    if (cu130_confirmed) {
        b.published("2.15.0", "cu130");
    } else {
        b.projected("2.15.0", "cu130");
    }
    b.projected("2.15.0", "cu132")
        .companion_range("torchvision", "0.29.1", ">=2.14", "2.14.1")
        .companion_range("torchvision", "0.29.2", ">=2.14", "2.15.0");
    return b;
}

std::string label(const Candidate& c) {
    return c.torch.to_string() + "+" + c.backend.to_string();
}

const Pin* pin_of(const Candidate& c, const std::string& package) {
    for (const Pin& p : c.pins) {
        if (p.package == package) {
            return &p;
        }
    }
    return nullptr;
}

bool has_warning(const Candidate& c, const std::string& start) {
    return std::any_of(c.warnings.begin(), c.warnings.end(),
                       [&](const AnswerWarning& w) { return w.message.starts_with(start); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(release_evidence)

BOOST_AUTO_TEST_CASE(a_projected_release_is_named_but_not_answered) {
    const auto matrix = releases_2_14_and_2_15().matrix();
    const auto r = resolve(matrix, linux_machine("3.12", "580.95.05", {"12.0"}),
                           request_for({"torch", "torchvision"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+cu130");
    BOOST_TEST(has_warning(*r.solution, "torch 2.15.0 is released and would run here, but the "
                                        "matrix knows its builds only as projected"));
    const auto projected =
        std::find_if(r.candidates.begin(), r.candidates.end(),
                     [](const Candidate& c) { return label(c) == "2.15.0+cu130"; });
    BOOST_REQUIRE((projected != r.candidates.end()));
    BOOST_TEST(verdict(*projected) == "not-verified");
}

BOOST_AUTO_TEST_CASE(a_projected_build_counts_once_an_index_lists_its_files) {
    MatrixBuilder b = releases_2_14_and_2_15();
    b.wheel("torch-2.15.0+cu130-cp312-cp312-manylinux_2_28_x86_64.whl", "cu130")
        .wheel("torchvision-0.29.2+cu130-py3-none-manylinux_2_28_x86_64.whl", "cu130");
    const auto r = resolve(b.matrix(), linux_machine("3.12", "580.65.06", {"12.0"}),
                           request_for({"torch", "torchvision"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.15.0+cu130");
    // cu132 of 2.15.0 is still unconfirmed: only the listed variant counts.
    const auto cu132 = std::find_if(r.candidates.begin(), r.candidates.end(),
                                    [](const Candidate& c) { return label(c) == "2.15.0+cu132"; });
    BOOST_TEST((cu132 == r.candidates.end() || verdict(*cu132) == "not-verified"));
}

BOOST_AUTO_TEST_CASE(a_gpu_no_projected_build_serves_gets_no_note_about_it) {
    // sm_61: 2.15.0's projected cu130 / cu132 builds would not run anyway.
    const auto matrix = releases_2_14_and_2_15().matrix();
    const auto r = resolve(matrix, linux_machine("3.12", "580.65.06", {"6.1"}),
                           request_for({"torch", "torchvision"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+cu126");
    BOOST_TEST(!has_warning(*r.solution, "torch 2.15.0"));
}

BOOST_AUTO_TEST_CASE(torchvision_is_the_newest_whose_range_holds_the_torch_and_was_built_for_it) {
    const auto matrix = releases_2_14_and_2_15().matrix();
    const auto machine = linux_machine("3.12", "580.65.06", {"6.1"});
    // 2.14.0 pairs with 0.29.0, but 0.29.1 (torch>=2.14, published with 2.14.1's cu126) is newer;
    // 0.29.2 was published with 2.15.0, whose builds are only projected.
    for (const char* torch : {"2.14.0", "2.14.1"}) {
        const auto r =
            resolve(matrix, machine, request_for({std::string("torch==") + torch, "torchvision"}));
        BOOST_REQUIRE(r.solution.has_value());
        const Pin* vision = pin_of(*r.solution, "torchvision");
        BOOST_REQUIRE(vision != nullptr);
        BOOST_TEST(vision->version->public_version().to_string() == "0.29.1", torch);
    }
}

BOOST_AUTO_TEST_CASE(the_companion_of_a_confirmed_release_follows_its_backend) {
    // As if a source confirmed 2.15.0's cu130 build: its row is no longer projected.
    const MatrixBuilder b = releases_2_14_and_2_15(true);
    const auto r = resolve(b.matrix(), linux_machine("3.12", "580.95.05", {"8.6"}),
                           request_for({"torch==2.14.1", "torchvision"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+cu130");
    BOOST_TEST(pin_of(*r.solution, "torchvision")->version->public_version().to_string() ==
               "0.29.2");
    // cu126 was never a 2.15.0 build: 2.14.1+cu126 keeps 0.29.1.
    const auto cu126 = resolve(b.matrix(), linux_machine("3.12", "580.65.06", {"6.1"}),
                               request_for({"torch==2.14.1", "torchvision"}));
    BOOST_REQUIRE(cu126.solution.has_value());
    BOOST_TEST(pin_of(*cu126.solution, "torchvision")->version->public_version().to_string() ==
               "0.29.1");
}

BOOST_AUTO_TEST_CASE(a_release_toolkit_sets_the_driver_it_needs_directly) {
    MatrixBuilder b = releases_2_14_and_2_15();
    b.release_cuda("2.14.1", "cu132", "13.2.2", "595.71.05");
    const CompatMatrix& m = b.matrix();
    const Backend cu132 = Backend::from("cu132");
    BOOST_TEST(m.cuda_of(cu132, Version::from("2.14.1"), OperatingSystem::Linux)->to_string() ==
               "13.2.2");
    BOOST_TEST(m.cuda_of(cu132, Version::from("2.14.1"), OperatingSystem::Windows)->to_string() ==
               "13.2.2"); // the row names no system: every system's build
    BOOST_TEST(m.cuda_of(cu132, Version::from("2.14.0"), OperatingSystem::Linux)->to_string() ==
               "13.2.1");
    ResolveRequest request = request_for({"torch==2.14.1"});
    request.backend = Backend::from("cu132");
    const auto r = resolve(m, linux_machine("3.12", "595.58.03", {"12.0"}), request);
    BOOST_REQUIRE(r.solution.has_value());
    // 595.58.03 meets 13.2.1 but not 13.2.2: minor-version compatibility for 2.14.1.
    BOOST_TEST((r.solution->driver_fit == DriverFit::MinorVersion));
    request.requirements = request_for({"torch==2.14.0"}).requirements;
    const auto older = resolve(m, linux_machine("3.12", "595.58.03", {"12.0"}), request);
    BOOST_REQUIRE(older.solution.has_value());
    BOOST_TEST((older.solution->driver_fit == DriverFit::Direct));
}

// 2.14.1's move to CUDA 13.2.2 was for the Linux binaries only (v2.14.1 release notes).
BOOST_AUTO_TEST_CASE(a_release_toolkit_of_one_system_leaves_the_others_on_the_backends) {
    MatrixBuilder b = releases_2_14_and_2_15();
    b.release_cuda("2.14.1", "cu132", "13.2.2", "595.71.05", OperatingSystem::Linux);
    const CompatMatrix& m = b.matrix();
    const Backend cu132 = Backend::from("cu132");
    const Version v2141 = Version::from("2.14.1");
    BOOST_TEST(m.cuda_of(cu132, v2141, OperatingSystem::Linux)->to_string() == "13.2.2");
    BOOST_TEST(m.cuda_of(cu132, v2141, OperatingSystem::Windows)->to_string() == "13.2.1");
    BOOST_TEST(m.cuda_of(cu132, v2141, std::nullopt)->to_string() == "13.2.1");
}

BOOST_AUTO_TEST_CASE(among_minor_version_fits_the_driver_own_cuda_minor_comes_first) {
    // 580.65.06 runs CUDA 13.0.0 directly: cu130 (13.0.2) is an update away, cu132 a minor away.
    MatrixBuilder b = releases_2_14_and_2_15();
    const auto without = resolve(b.matrix(), linux_machine("3.12", "580.65.06", {"12.0"}),
                                 request_for({"torch==2.14.1"}));
    BOOST_REQUIRE(without.solution.has_value());
    BOOST_TEST(label(*without.solution) == "2.14.1+cu132"); // no 13.0 release it meets: newest
    b.driver("13.0.0", "580.65.06");
    const auto r = resolve(b.matrix(), linux_machine("3.12", "580.65.06", {"12.0"}),
                           request_for({"torch==2.14.1"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+cu130");
    BOOST_TEST((r.solution->driver_fit == DriverFit::MinorVersion));
    BOOST_TEST(r.solution->driver_meets_the_minor);
}

BOOST_AUTO_TEST_CASE(a_companion_known_by_its_series_only_is_pinned_as_the_series) {
    // Databases written before the exact companions of 2.8 ... 2.12 still hold series.
    MatrixBuilder b = releases_2_14_and_2_15();
    b.companion_series("2.14.0", "torchvision", "0.29");
    b.published("2.14.0", "cpu");
    const auto r = resolve(b.matrix(), linux_machine("3.12", "", {}),
                           request_for({"torch==2.14.0", "torchvision<0.29.1"}));
    BOOST_REQUIRE(r.solution.has_value());
    const Pin* vision = pin_of(*r.solution, "torchvision");
    BOOST_REQUIRE(vision != nullptr);
    BOOST_TEST(!vision->version.has_value());
    BOOST_TEST(vision->specifier() == "==0.29.*");
    BOOST_TEST(has_warning(*r.solution, "the exact torchvision release for torch 2.14.0 is not in "
                                        "the matrix; pinned its series 0.29.*"));
}

BOOST_AUTO_TEST_CASE(a_build_with_a_known_gfx_list_comes_before_one_without) {
    // 2.14's rocm7.14 has no known gfx list; rocm7.2's serves gfx1100.
    MatrixBuilder b = releases_2_14_and_2_15();
    b.published("2.14.1", "rocm7.2")
        .published("2.14.1", "rocm7.14")
        .rocm("rocm7.2", "gfx900 gfx1030 gfx1100");
    auto machine = linux_machine("3.12", "", {});
    machine.rocm_gfx = {"gfx1100"};
    const auto r = resolve(b.matrix(), machine, request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+rocm7.2");
    BOOST_TEST(!r.solution->gpu_support_unverified);
    machine.rocm_gfx = {"gfx803"}; // in no known list: only the unverified build is left
    const auto old_gpu = resolve(b.matrix(), machine, request_for({"torch"}));
    BOOST_REQUIRE(old_gpu.solution.has_value());
    BOOST_TEST(label(*old_gpu.solution) == "2.14.1+rocm7.14");
    BOOST_TEST(old_gpu.solution->gpu_support_unverified);
}

BOOST_AUTO_TEST_CASE(a_companion_carries_the_label_only_where_the_index_labels_its_files) {
    // torch 1.9's commands label torch and torchvision but pin torchaudio==0.9.0: no +cu111 build.
    MatrixBuilder old;
    old.release("1.9.0", "0.10.0", "0.9.0", "3.8")
        .published("1.9.0", "cu111")
        .cuda("cu111", "11.1.1", "455.32")
        .arch_list("==1.9.*", "cu111", "3.7 5.0 6.0 7.0 7.5 8.0 8.6");
    const auto machine = linux_machine("3.8", "470.82.01", {"8.6"});
    const auto r =
        resolve(old.matrix(), machine, request_for({"torch", "torchvision", "torchaudio"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(pin_of(*r.solution, "torch")->specifier() == "==1.9.0+cu111");
    BOOST_TEST(pin_of(*r.solution, "torchvision")->specifier() == "==0.10.0+cu111");
    BOOST_TEST(pin_of(*r.solution, "torchaudio")->specifier() == "==0.9.0");

    // 2.8: bare install commands; the torch file is labelled, and the matrix shows torchaudio
    // 2.8.0 labelled for another build, torchvision 0.23.0 for none.
    MatrixBuilder modern;
    modern.release("2.8.0", "0.23.0", "2.8.0", "3.12")
        .install_style("2.8.0", "index-url")
        .published("2.8.0", "cu128")
        .cuda("cu128", "12.8.1", "570.124.06")
        .arch_list("==2.8.*", "cu128", "7.0 7.5 8.0 8.6 9.0 10.0 12.0")
        .wheel("torch-2.8.0+cu128-cp312-cp312-manylinux_2_28_x86_64.whl", "cu128")
        .wheel("torchaudio-2.8.0+cu126-cp312-cp312-manylinux_2_28_x86_64.whl", "cu126");
    const auto m = resolve(modern.matrix(), linux_machine("3.12", "575.51.03", {"8.6"}),
                           request_for({"torch", "torchvision", "torchaudio"}));
    BOOST_REQUIRE(m.solution.has_value());
    BOOST_TEST(pin_of(*m.solution, "torch")->specifier() == "==2.8.0+cu128");
    BOOST_TEST(pin_of(*m.solution, "torchaudio")->specifier() == "==2.8.0+cu128");
    BOOST_TEST(pin_of(*m.solution, "torchvision")->specifier() == "==0.23.0");
}

BOOST_AUTO_TEST_CASE(without_a_published_minimum_the_cuda_major_floor_is_the_requirement) {
    // NVIDIA gives no Windows driver minimum for CUDA 13.x ("N/A"): the 13.x floor decides.
    MatrixBuilder b = releases_2_14_and_2_15();
    b.compat_floor(13, "580", OperatingSystem::Windows)
        .published("2.14.1", "cu130", OperatingSystem::Windows);
    b.arch_list(">=2.14", "cu130", "7.5 8.0 8.6 9.0 10.0 12.0"); // arch lists are Linux here
    auto machine = linux_machine("3.12", "581.57", {"8.6"});
    machine.tags.os = OperatingSystem::Windows;
    machine.tags.glibc.reset();
    const auto r = resolve(b.matrix(), machine, request_for({"torch==2.14.1"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.14.1+cu130");
    BOOST_TEST((r.solution->driver_fit == DriverFit::MinorVersion));
    BOOST_TEST(has_warning(*r.solution, "NVIDIA publishes no windows driver minimum for CUDA "
                                        "13.0.2; driver 581.57 meets the 13.x floor 580"));
    machine.nvidia_driver = DriverVersion::from("566.36");
    const auto old_driver = resolve(b.matrix(), machine, request_for({"torch==2.14.1"}));
    BOOST_TEST(!old_driver.solution.has_value());
    BOOST_TEST(verdict(old_driver.candidates.front()) == "driver-too-old");
}

BOOST_AUTO_TEST_SUITE_END()
