// The resolver on small stated matrices: each typed reason, each preference, the pain points the
// issue names (old GPUs on new CUDA, new GPUs on old CUDA, old drivers, pairing, Python).
#include "engine/solver/explanation.hpp"
#include "engine/solver/solver.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::linux_machine;
using torchpin::test::MatrixBuilder;
using torchpin::test::request_for;

namespace {

// torch 2.6/2.7 in the shape of the real releases: 2.7's cu128 adds sm_120 and drops sm_50-sm_70.
MatrixBuilder two_releases() {
    MatrixBuilder b;
    b.release("2.6.0", "0.21.0", "2.6.0", "3.9 3.10 3.11 3.12 3.13")
        .release("2.7.0", "0.22.0", "2.7.0", "3.9 3.10 3.11 3.12 3.13")
        .cuda("cu118", "11.8.0", "520.61.05")
        .cuda("cu124", "12.4.1", "550.54.15")
        .cuda("cu126", "12.6.3", "560.35.05")
        .cuda("cu128", "12.8.1", "570.124.06")
        .compat_floor(11, "450.80.02")
        .compat_floor(12, "525.60.13")
        .first_cuda("8.9", "11.8")
        .first_cuda("9.0", "11.8")
        .first_cuda("12.0", "12.8")
        .arch_list("==2.6.*", "cu118", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list("==2.6.*", "cu124", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list("==2.6.*", "cu126", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list("==2.7.*", "cu118", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list("==2.7.*", "cu126", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list("==2.7.*", "cu128", "7.5 8.0 8.6 9.0 10.0 12.0+PTX");
    for (const char* backend : {"cu118", "cu124", "cu126", "cpu"}) {
        b.published("2.6.0", backend);
    }
    for (const char* backend : {"cu118", "cu126", "cu128", "cpu"}) {
        b.published("2.7.0", backend);
    }
    return b;
}

std::string label(const Candidate& c) {
    return c.torch.to_string() + "+" + c.backend.to_string();
}

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

std::vector<std::string> hint_lines(const std::vector<AnswerHint>& hints) {
    std::vector<std::string> lines;
    for (const AnswerHint& hint : hints) {
        lines.push_back(hint.message);
    }
    return lines;
}

} // namespace

BOOST_AUTO_TEST_SUITE(solver)

BOOST_AUTO_TEST_CASE(newest_torch_then_direct_driver_then_newest_cuda) {
    const auto matrix = two_releases().matrix();
    const auto r =
        resolve(matrix, linux_machine("3.11", "575.51.03", {"8.6"}), request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.7.0+cu128");
    BOOST_TEST((r.solution->driver_fit == DriverFit::Direct));
    BOOST_TEST(r.index_url() == "https://download.pytorch.org/whl/cu128");
}

BOOST_AUTO_TEST_CASE(a_driver_below_the_toolkit_minimum_uses_minor_version_compatibility_last) {
    const auto matrix = two_releases().matrix();
    // 565 meets cu126 (560.35) directly; cu128 needs 570, reachable only via the 12.x floor.
    const auto r =
        resolve(matrix, linux_machine("3.11", "565.57.01", {"8.6"}), request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.7.0+cu126");
    BOOST_TEST((r.solution->driver_fit == DriverFit::Direct));
    const auto& minor = *std::find_if(r.candidates.begin(), r.candidates.end(),
                                      [](const Candidate& c) { return label(c) == "2.7.0+cu128"; });
    BOOST_TEST(verdict(minor) == "minor-version");
}

BOOST_AUTO_TEST_CASE(rtx_5090_gets_the_first_build_with_sm_120_and_never_an_older_one) {
    const auto matrix = two_releases().matrix();
    auto machine = linux_machine("3.11", "575.51.03", {"12.0"});
    machine.nvidia_gpus[0].name = "NVIDIA GeForce RTX 5090";
    const auto r = resolve(matrix, machine, request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.7.0+cu128");
    const auto pinned = resolve(matrix, machine, request_for({"torch==2.6.0"}));
    BOOST_TEST(!pinned.solution.has_value());
    const auto lines = explain_unsolvable(machine, pinned);
    BOOST_TEST(lines.at(0) ==
                   "torch 2.6.0: no build for NVIDIA GeForce RTX 5090 (sm_120): cu126, cu124 "
                   "and cu118 carry up to sm_90 and no PTX",
               lines.at(0));
    const auto h = hints(matrix, machine, pinned);
    BOOST_TEST(has_line(hint_lines(h), "the first build for NVIDIA GeForce RTX 5090 (sm_120) is "
                                       "2.7.0+cu128 (builds that carry sm_120)"));
    BOOST_TEST(name(h.back().code) == "builds-for-gpu");
}

BOOST_AUTO_TEST_CASE(gtx_1080_ti_is_not_offered_a_cu128_build_without_its_kernels) {
    const auto matrix = two_releases().matrix();
    const auto r =
        resolve(matrix, linux_machine("3.11", "575.51.03", {"6.1"}), request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.7.0+cu126");
    const auto& cu128 = *std::find_if(r.candidates.begin(), r.candidates.end(),
                                      [](const Candidate& c) { return label(c) == "2.7.0+cu128"; });
    BOOST_TEST(verdict(cu128) == "gpu-unsupported");
    BOOST_TEST(describe(cu128.rejections.front()) ==
               "cu128 builds carry up to sm_120 and PTX for compute_120, nothing for sm_61");
}

BOOST_AUTO_TEST_CASE(ptx_cannot_reach_a_gpu_newer_than_the_build_cuda) {
    MatrixBuilder b = two_releases();
    b.arch_list("==2.6.*", "cu124", "8.0 9.0+PTX"); // an earlier match wins; use a fresh matrix
    MatrixBuilder ptx;
    ptx.release("2.6.0", "0.21.0", "2.6.0", "3.11")
        .published("2.6.0", "cu124")
        .cuda("cu124", "12.4.1", "550.54.15")
        .first_cuda("12.0", "12.8")
        .arch_list("==2.6.*", "cu124", "8.0 9.0+PTX");
    const auto r =
        resolve(ptx.matrix(), linux_machine("3.11", "575.51.03", {"12.0"}), request_for({"torch"}));
    BOOST_REQUIRE(!r.solution.has_value());
    const auto* why = std::get_if<GpuArchNotBuilt>(&r.candidates.at(0).rejections.at(0));
    BOOST_REQUIRE(why != nullptr);
    BOOST_TEST((why->fit == GpuFit::CudaTooOld));
}

BOOST_AUTO_TEST_CASE(
    an_old_driver_gets_no_solution_and_the_driver_it_needs_never_a_silent_cpu_build) {
    const auto matrix = two_releases().matrix();
    // 470 runs CUDA 11.8 through minor version compatibility (floor 450.80.02); 440 runs nothing.
    const auto older =
        resolve(matrix, linux_machine("3.11", "470.82.01", {"8.6"}), request_for({"torch"}));
    BOOST_TEST(label(*older.solution) == "2.7.0+cu118");
    BOOST_TEST((older.solution->driver_fit == DriverFit::MinorVersion));
    const auto machine = linux_machine("3.11", "440.33.01", {"8.6"});
    const auto r = resolve(matrix, machine, request_for({"torch"}));
    BOOST_TEST(!r.solution.has_value());
    const auto h = hints(matrix, machine, r);
    // The lowest driver that allows the newest release (cu118's), not its newest toolkit's.
    BOOST_TEST(has_line(hint_lines(h), "an NVIDIA driver >= 520.61.05 would allow torch "
                                       "2.7.0+cu118"));
    BOOST_TEST(
        (h.front().facts.front() == std::pair<std::string, std::string>{"driver", "520.61.05"}));
    BOOST_TEST(has_line(hint_lines(h), "--allow-cpu-fallback would install torch 2.7.0+cpu (no GPU "
                                       "acceleration)"));
    ResolveRequest fallback = request_for({"torch"});
    fallback.allow_cpu_fallback = true;
    const auto with_fallback = resolve(matrix, machine, fallback);
    BOOST_REQUIRE(with_fallback.solution.has_value());
    BOOST_TEST(label(*with_fallback.solution) == "2.7.0+cpu");
}

BOOST_AUTO_TEST_CASE(a_torchvision_pin_forces_its_torch) {
    const auto matrix = two_releases().matrix();
    const auto r = resolve(matrix, linux_machine("3.11", "575.51.03", {"8.6"}),
                           request_for({"torch", "torchvision==0.21.0"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.6.0+cu126");
    BOOST_REQUIRE_EQUAL(r.solution->pins.size(), 2u);
    BOOST_TEST(r.solution->pins[1].specifier() == "==0.21.0+cu126");
}

BOOST_AUTO_TEST_CASE(python_without_wheels_is_rejected_with_the_pythons_that_have_them) {
    const auto matrix = two_releases().matrix();
    const auto machine = linux_machine("3.14", "575.51.03", {"8.6"});
    const auto r = resolve(matrix, machine, request_for({"torch"}));
    BOOST_TEST(!r.solution.has_value());
    BOOST_TEST(verdict(r.candidates.at(0)) == "no-wheel");
    const auto h = hints(matrix, machine, r);
    BOOST_TEST(has_line(hint_lines(h),
                        "torch 2.7.0+cu128 has wheels for Python 3.9, 3.10, 3.11, 3.12 and 3.13"));
}

BOOST_AUTO_TEST_CASE(listed_wheels_decide_over_the_python_list_and_pins_take_their_labels) {
    MatrixBuilder b;
    b.release("2.5.1", "0.20.1", "2.5.1", "3.9 3.10 3.11 3.12 3.13")
        .published("2.5.1", "cpu")
        .wheel("torch-2.5.1+cpu-cp311-cp311-linux_x86_64.whl", "cpu")
        .wheel("torch-2.5.1+cpu-cp312-cp312-linux_x86_64.whl", "cpu");
    const auto ok = resolve(b.matrix(), linux_machine("3.12", "", {}), request_for({"torch"}));
    BOOST_REQUIRE(ok.solution.has_value());
    BOOST_REQUIRE(ok.solution->pins.at(0).wheel.has_value());
    BOOST_TEST(ok.solution->pins.at(0).wheel->wheel.to_string() ==
               "torch-2.5.1+cpu-cp312-cp312-linux_x86_64.whl");
    const auto none = resolve(b.matrix(), linux_machine("3.13", "", {}), request_for({"torch"}));
    BOOST_TEST(
        !none.solution.has_value()); // 3.13 is in the release list, but no 3.13 file is listed
}

BOOST_AUTO_TEST_CASE(a_wheel_list_never_hides_a_python_of_the_release) {
    // A lockfile pins the cp312 file of torch 2.10.0+cu130; the index has one per Python.
    MatrixBuilder b;
    b.release("2.10.0", "0.25.0", "2.10.0", "3.10 3.11 3.12 3.13")
        .published("2.10.0", "cpu")
        .listed_wheel("https://download.pytorch.org/whl/cpu/"
                      "torch-2.10.0%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl");
    const auto listed = resolve(b.matrix(), linux_machine("3.12", "", {}), request_for({"torch"}));
    BOOST_REQUIRE(listed.solution.has_value());
    BOOST_TEST(listed.solution->pins.at(0).wheel->wheel.to_string() ==
               "torch-2.10.0+cpu-cp312-cp312-manylinux_2_28_x86_64.whl");
    const auto other = resolve(b.matrix(), linux_machine("3.11", "", {}), request_for({"torch"}));
    BOOST_REQUIRE(other.solution.has_value()); // not "no wheel": the list is not the index
    BOOST_TEST(!other.solution->pins.at(0).wheel.has_value());
    BOOST_TEST(other.solution->pins.at(0).specifier() == "==2.10.0+cpu");
    BOOST_TEST(
        has_line(messages(other.solution->warnings),
                 "the matrix lists no torch 2.10.0+cpu file for Python 3.11 (only some files "
                 "are known); Python 3.11 support comes from the release matrix"));
    // Outside the release's Pythons, and where the listed file is this Python's but needs a
    // newer glibc, there is no wheel.
    BOOST_TEST(!resolve(b.matrix(), linux_machine("3.9", "", {}), request_for({"torch"}))
                    .solution.has_value());
    auto old_glibc = linux_machine("3.12", "", {});
    old_glibc.tags.glibc = OsVersion{2, 17};
    const auto r = resolve(b.matrix(), old_glibc, request_for({"torch"}));
    BOOST_TEST(!r.solution.has_value());
    BOOST_TEST(verdict(r.candidates.at(0)) == "no-wheel");
}

BOOST_AUTO_TEST_CASE(files_of_pypi_and_other_indexes_are_never_pinned) {
    MatrixBuilder b;
    b.release("2.11.0", "0.26.0", "2.11.0", "3.10 3.11 3.12 3.13")
        .published("2.11.0", "cpu")
        // PyPI's torch 2.11.0 is its CUDA 13.0 build: no /whl/cpu/ file, whatever its label.
        .listed_wheel("https://files.pythonhosted.org/packages/1a/c9/82638e/"
                      "torch-2.11.0-cp312-cp312-manylinux_2_28_x86_64.whl")
        .listed_wheel("https://repo.radeon.com/rocm/windows/rocm-rel-7.2.1/"
                      "torch-2.9.1%2Brocm7.2.1-cp312-cp312-win_amd64.whl")
        .listed_wheel("https://mirrors.aliyun.com/pytorch-wheels/xpu/"
                      "torch-2.8.0%2Bxpu-cp312-cp312-win_amd64.whl");
    const CompatMatrix& m = b.matrix();
    BOOST_TEST(!m.on_pytorch_index(m.wheels.at(0)));
    BOOST_TEST(!m.on_pytorch_index(m.wheels.at(1)));
    BOOST_TEST(m.on_pytorch_index(m.wheels.at(2))); // a mirror of /whl/xpu/ keeps its layout
    const auto r = resolve(m, linux_machine("3.12", "", {}), request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(!r.solution->pins.at(0).wheel.has_value());
}

BOOST_AUTO_TEST_CASE(files_listed_for_another_cpu_say_nothing_about_this_one) {
    MatrixBuilder b;
    b.release("2.5.1", "0.20.1", "2.5.1", "3.9 3.10 3.11 3.12 3.13")
        .published("2.5.1", "cpu", OperatingSystem::Linux, CpuArch::Aarch64)
        .wheel("torch-2.5.1+cpu-cp312-cp312-linux_x86_64.whl", "cpu");
    auto arm = linux_machine("3.12", "", {});
    arm.tags.arch = CpuArch::Aarch64;
    const auto r = resolve(b.matrix(), arm, request_for({"torch"}));
    BOOST_REQUIRE(r.solution.has_value()); // the release's Python list decides, with a warning
    BOOST_TEST(!r.solution->pins.at(0).wheel.has_value());
    b.wheel("torch-2.5.1+cpu-cp311-cp311-manylinux_2_28_aarch64.whl", "cpu");
    const auto listed = resolve(b.matrix(), arm, request_for({"torch"}));
    BOOST_TEST(!listed.solution.has_value()); // aarch64 files are listed, none for cp312
}

BOOST_AUTO_TEST_CASE(no_gpu_means_cpu_and_markers_apply_per_machine) {
    const auto matrix = two_releases().matrix();
    const auto r = resolve(matrix, linux_machine("3.11", "", {}),
                           request_for({"torch<2.7; python_version >= \"3.11\"", "torchvision"}));
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.6.0+cpu");
    const auto ignored = resolve(matrix, linux_machine("3.11", "", {}),
                                 request_for({"torch<2.7; python_version < \"3.10\""}));
    BOOST_TEST(label(*ignored.solution) == "2.7.0+cpu");
}

BOOST_AUTO_TEST_CASE(a_missing_torchaudio_release_is_said_not_guessed) {
    MatrixBuilder b;
    b.release("2.12.0", "0.27.0", "", "3.10 3.11 3.12 3.13").published("2.12.0", "cpu");
    b.release("2.11.0", "0.26.0", "2.11.0", "3.10 3.11 3.12 3.13").published("2.11.0", "cpu");
    const auto machine = linux_machine("3.11", "", {});
    const auto r = resolve(b.matrix(), machine, request_for({"torch", "torchaudio"}));
    BOOST_TEST(label(*r.solution) == "2.11.0+cpu");
    BOOST_TEST(
        describe(r.candidates.at(0).rejections.at(0)) ==
        "torchaudio is not released for torch 2.12.0 (torchaudio is not released for this torch)");
}

BOOST_AUTO_TEST_CASE(known_issues_warn_and_a_forced_backend_is_taken) {
    MatrixBuilder b = two_releases();
    b.known_issue("demo", "linux", "==2.7.0");
    ResolveRequest request = request_for({"torch"});
    request.backend = Backend::from("cu118");
    const auto r = resolve(b.matrix(), linux_machine("3.11", "575.51.03", {"8.6"}), request);
    BOOST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.7.0+cu118");
    BOOST_TEST(std::any_of(r.solution->warnings.begin(), r.solution->warnings.end(),
                           [](const AnswerWarning& w) {
                               return w.code == WarningCode::KnownIssue &&
                                      w.message.find("known issue demo: an error") == 0;
                           }));
}

BOOST_AUTO_TEST_CASE(rocm_gfx_targets_decide_amd_builds) {
    MatrixBuilder b;
    b.release("2.5.1", "0.20.1", "2.5.1", "3.11")
        .published("2.5.1", "rocm6.2")
        .published("2.5.1", "rocm6.1")
        .rocm("rocm6.2", "gfx900 gfx906 gfx908 gfx90a gfx942 gfx1030 gfx1100")
        .rocm("rocm6.1", "gfx900 gfx906 gfx908 gfx90a gfx942 gfx1030");
    TargetMachine machine = linux_machine("3.11", "", {});
    machine.rocm_gfx = {"gfx1100"};
    const auto r = resolve(b.matrix(), machine, request_for({"torch"}));
    BOOST_TEST(label(*r.solution) == "2.5.1+rocm6.2");
    machine.rocm_gfx = {"gfx1201"};
    const auto none = resolve(b.matrix(), machine, request_for({"torch"}));
    BOOST_TEST(!none.solution.has_value());
    BOOST_TEST(verdict(none.candidates.at(0)) == "gpu-unsupported");
}

namespace {

// AMD builds in the shape of the real ones: rocm5.7 (2.3.1) has no known gfx list, rocm6.0 (2.3.1)
// and rocm6.2 (2.5.1) lack gfx1031 and gfx1101, rocm6.1 (2.5.1) has gfx1101. torchruntime's
// overrides for gfx1031 and gfx1101.
MatrixBuilder amd_releases() {
    MatrixBuilder b;
    b.release("2.3.1", "0.18.1", "2.3.1", "3.11")
        .release("2.5.1", "0.20.1", "2.5.1", "3.11")
        .published("2.3.1", "rocm5.7")
        .published("2.3.1", "rocm6.0")
        .published("2.5.1", "rocm6.1")
        .published("2.5.1", "rocm6.2")
        .rocm("rocm6.0", "gfx900 gfx906 gfx908 gfx90a gfx1030 gfx1100 gfx942")
        .rocm("rocm6.1", "gfx900 gfx906 gfx908 gfx90a gfx942 gfx1030 gfx1100 gfx1101")
        .rocm("rocm6.2", "gfx900 gfx906 gfx908 gfx90a gfx1030 gfx1100 gfx942")
        .hsa_override("gfx1031", "10.3.0", "gfx1030")
        .hsa_override("gfx1101", "11.0.0", "gfx1100");
    return b;
}

TargetMachine amd_machine(const std::string& gfx) {
    TargetMachine machine = linux_machine("3.11", "", {});
    machine.rocm_gfx = {gfx};
    return machine;
}

bool any_starts_with(const std::vector<std::string>& lines, const std::string& start) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& line) { return line.starts_with(start); });
}

} // namespace

BOOST_AUTO_TEST_CASE(an_amd_gpu_outside_the_lists_gets_the_newest_build_under_its_override) {
    const auto r = resolve(amd_releases().matrix(), amd_machine("gfx1031"), request_for({"torch"}));
    BOOST_TEST_REQUIRE(r.solution.has_value());
    BOOST_TEST(label(*r.solution) == "2.5.1+rocm6.2"); // not 2.3.1+rocm5.7, unverified
    BOOST_TEST(verdict(*r.solution) == "hsa-override");
    BOOST_TEST((r.solution->gfx_fit == GfxFit::Override));
    const auto environment = required_environment(*r.solution);
    BOOST_TEST_REQUIRE(environment.size() == 1u);
    BOOST_TEST(environment.front().name == "HSA_OVERRIDE_GFX_VERSION");
    BOOST_TEST(environment.front().value == "10.3.0");
    BOOST_TEST(any_starts_with(messages(r.solution->warnings),
                               "assumes HSA_OVERRIDE_GFX_VERSION=10.3.0 wherever torch runs"));
    const auto why = explain_solution(amd_releases().matrix(), amd_machine("gfx1031"), r);
    BOOST_TEST(any_starts_with(why, "AMD gfx1031 (chip of gfx1031): not in rocm6.2's gfx list; "
                                    "assumes HSA_OVERRIDE_GFX_VERSION=10.3.0"));
    BOOST_TEST(any_starts_with(why, "  source: a source sets 10.3.0 for gfx1031 (cites a-source)"));
}

BOOST_AUTO_TEST_CASE(a_build_that_carries_the_gpu_beats_a_newer_toolkit_under_an_override) {
    const auto r =
        resolve(amd_releases().matrix(), amd_machine("gfx1101"), request_for({"torch==2.5.1"}));
    BOOST_TEST(label(*r.solution) == "2.5.1+rocm6.1");
    BOOST_TEST(required_environment(*r.solution).empty());
    BOOST_TEST(verdict(r.candidates.at(1)) == "hsa-override"); // rocm6.2, ranked below
    BOOST_TEST(any_starts_with(explain_solution(amd_releases().matrix(), amd_machine("gfx1101"), r),
                               "AMD gfx1101: built (rocm6.1 carries gfx1101)"));
}

BOOST_AUTO_TEST_CASE(an_override_beats_a_build_whose_gfx_list_is_unknown) {
    const auto r =
        resolve(amd_releases().matrix(), amd_machine("gfx1101"), request_for({"torch==2.3.1"}));
    BOOST_TEST(label(*r.solution) == "2.3.1+rocm6.0");
    BOOST_TEST(r.solution->hsa_overrides.front().hsa_version == "11.0.0");
    const auto unverified =
        std::find_if(r.candidates.begin(), r.candidates.end(),
                     [](const Candidate& c) { return label(c) == "2.3.1+rocm5.7"; });
    BOOST_TEST_REQUIRE((unverified != r.candidates.end()));
    BOOST_TEST(unverified->works()); // it runs too, ranked below
    BOOST_TEST((unverified->gfx_fit == GfxFit::Unverified));
}

BOOST_AUTO_TEST_CASE(without_a_documented_override_the_answer_stays_the_unverified_build) {
    const auto r = resolve(amd_releases().matrix(), amd_machine("gfx1035"), request_for({"torch"}));
    BOOST_TEST(label(*r.solution) == "2.3.1+rocm5.7");
    BOOST_TEST(required_environment(*r.solution).empty());
    BOOST_TEST(any_starts_with(messages(r.solution->warnings),
                               "no gfx target list is known for rocm5.7: support for gfx1035 is "
                               "not verified"));
}

BOOST_AUTO_TEST_CASE(rocm_builds_off_linux_get_no_override) {
    MatrixBuilder b = amd_releases();
    b.published("2.5.1", "rocm6.2", OperatingSystem::Windows);
    TargetMachine machine = amd_machine("gfx1031");
    machine.tags.os = OperatingSystem::Windows;
    const auto r = resolve(b.matrix(), machine, request_for({"torch"}));
    BOOST_TEST(!r.solution.has_value());
    BOOST_TEST(describe(r.candidates.at(0).rejections.at(0)) ==
               "rocm6.2 is built for gfx900, gfx906, gfx908, gfx90a, gfx1030, gfx1100 and gfx942, "
               "not gfx1031 (HSA_OVERRIDE_GFX_VERSION=10.3.0 is documented for ROCm on Linux "
               "only)");
}

namespace {

// A reader of no files that writes down what the solver asks it: "torch 2.7.0".
class RecordingReader final : public WheelReader {
public:
    explicit RecordingReader(std::vector<std::string>& asked)
        : asked_(asked) {}

    std::vector<const IndexFile*> files(std::string_view package,
                                        const Version& public_version) override {
        asked_.push_back(std::string(package) + " " + public_version.to_string());
        return {};
    }
    std::vector<WheelGroup> groups(std::string_view package,
                                   const Version& public_version) override {
        asked_.push_back(std::string(package) + " " + public_version.to_string());
        return {};
    }
    void visit_tagged(std::string_view package, const std::vector<WheelTagColumns>& wanted,
                      const FileVisitor&) override {
        for (const WheelTagColumns& tags : wanted) {
            asked_.push_back(std::string(package) + " " + tags.version);
        }
    }

private:
    std::vector<std::string>& asked_;
};

} // namespace

BOOST_AUTO_TEST_CASE(a_pinned_answer_reads_no_file_of_the_releases_its_pin_excludes) {
    CompatMatrix matrix = two_releases().matrix();
    std::vector<std::string> asked; // "torch 2.7.0", as the solver asks the reader
    matrix.read_wheels = std::make_shared<RecordingReader>(asked);
    const auto machine = linux_machine("3.11", "575.51.03", {"8.6"});
    const auto pinned = request_for({"torch==2.6.0", "torchvision"});
    const auto answer = resolve(matrix, machine, pinned, Evaluation::UntilAnswer);
    BOOST_REQUIRE(answer.solution.has_value());
    BOOST_TEST(label(*answer.solution) == "2.6.0+cu126");
    for (const std::string& question : asked) {
        BOOST_TEST(question.find("2.7.0") == std::string::npos, question);
    }
    BOOST_TEST(!asked.empty()); // the answer's own release was read
    const auto passed_over =
        std::find_if(answer.candidates.begin(), answer.candidates.end(),
                     [](const Candidate& c) { return label(c) == "2.7.0+cu128"; });
    BOOST_REQUIRE(passed_over != answer.candidates.end());
    BOOST_TEST(describe(passed_over->rejections.front()) ==
               "torch 2.7.0 is excluded by the requirement torch==2.6.0");

    asked.clear(); // explain still reads and judges every release
    resolve(matrix, machine, pinned, Evaluation::Complete);
    BOOST_TEST(std::count_if(asked.begin(), asked.end(), [](const std::string& q) {
                   return q.find("2.7.0") != std::string::npos;
               }) > 0);
}

BOOST_AUTO_TEST_SUITE_END()
