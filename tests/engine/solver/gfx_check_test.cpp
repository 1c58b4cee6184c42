// check_gfx_targets: an AMD GPU in the build's gfx list, one it lacks with a documented HSA
// override that helps, and each reason an override does not (none documented, a target the build
// lacks too, a ROCm release past the source's, another OS, a clash between GPUs).
#include "engine/solver/answer_warning.hpp"
#include "engine/solver/gfx_check.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::MatrixBuilder;

namespace {

const Backend rocm62 = Backend::from("rocm6.2");

// rocm6.2 carries gfx1030 and gfx1100 (not gfx1031, gfx1032, gfx1101 or gfx1010); rocm5.2 the
// same; rocm5.7 has no known list. Overrides in the shape of torchruntime's.
CompatMatrix amd_matrix() {
    MatrixBuilder b;
    b.rocm("rocm6.2", "gfx900 gfx1030 gfx1100")
        .rocm("rocm5.2", "gfx900 gfx1030 gfx1100")
        .hsa_override("gfx1031", "10.3.0", "gfx1030")
        .hsa_override("gfx1032", "10.3.0", "gfx1030")
        .hsa_override("gfx1101", "11.0.0", "gfx1100")
        .hsa_override("gfx1010", "10.3.0", "gfx1030", "5.2")
        .hsa_override("gfx1201", "12.0.0", "gfx1200");
    return b.matrix();
}

GfxCheck check(const std::vector<std::string>& gpus, const Backend& backend = rocm62,
               OperatingSystem os = OperatingSystem::Linux) {
    return check_gfx_targets(amd_matrix(), Version::from("2.5.0"), backend, gpus, os);
}

std::string only_note(const GfxCheck& result) {
    BOOST_TEST_REQUIRE(result.rejections.size() == 1u);
    return result.rejections.front().override_note;
}

} // namespace

BOOST_AUTO_TEST_SUITE(gfx_check)

BOOST_AUTO_TEST_CASE(a_target_in_the_list_needs_no_override) {
    const GfxCheck result = check({"gfx1100"});
    BOOST_TEST((result.fit == GfxFit::Built));
    BOOST_TEST(result.overrides.empty());
    BOOST_TEST(result.rejections.empty());
}

BOOST_AUTO_TEST_CASE(a_documented_override_to_a_carried_target_lets_the_build_run) {
    const GfxCheck result = check({"gfx1031"});
    BOOST_TEST((result.fit == GfxFit::Override));
    BOOST_TEST_REQUIRE(result.overrides.size() == 1u);
    BOOST_TEST(result.overrides.front().hsa_version == "10.3.0");
    BOOST_TEST(result.overrides.front().runs_as == "gfx1030");
    BOOST_TEST(result.rejections.empty());
}

BOOST_AUTO_TEST_CASE(without_a_documented_override_the_gpu_is_not_built) {
    const GfxCheck result = check({"gfx1035"});
    BOOST_TEST(only_note(result).empty());
    BOOST_TEST(result.rejections.front().gfx == "gfx1035");
    BOOST_TEST(result.overrides.empty());
}

BOOST_AUTO_TEST_CASE(an_override_to_a_target_the_build_lacks_does_not_help) {
    BOOST_TEST(only_note(check({"gfx1201"})) ==
               "HSA_OVERRIDE_GFX_VERSION=12.0.0 runs it as gfx1200, which rocm6.2 does not carry "
               "either");
}

BOOST_AUTO_TEST_CASE(an_override_holds_only_up_to_the_rocm_release_its_source_names) {
    BOOST_TEST(only_note(check({"gfx1010"})) ==
               "HSA_OVERRIDE_GFX_VERSION=10.3.0 is documented for chip of gfx1010 only up to "
               "ROCm 5.2");
    const GfxCheck old_rocm = check({"gfx1010"}, Backend::from("rocm5.2"));
    BOOST_TEST((old_rocm.fit == GfxFit::Override));
}

BOOST_AUTO_TEST_CASE(an_override_is_a_linux_setting) {
    for (const OperatingSystem os : {OperatingSystem::Windows, OperatingSystem::Macos}) {
        BOOST_TEST(only_note(check({"gfx1031"}, rocm62, os)) ==
                   "HSA_OVERRIDE_GFX_VERSION=10.3.0 is documented for ROCm on Linux only");
    }
}

BOOST_AUTO_TEST_CASE(one_value_serves_gpus_that_need_the_same_or_run_as_its_target) {
    const GfxCheck same = check({"gfx1031", "gfx1032", "gfx1031"});
    BOOST_TEST((same.fit == GfxFit::Override));
    BOOST_TEST(same.overrides.size() == 2u); // each target once
    BOOST_TEST((check({"gfx1031", "gfx1030"}).fit == GfxFit::Override));
}

BOOST_AUTO_TEST_CASE(one_variable_cannot_serve_gpus_that_need_different_targets) {
    const GfxCheck mixed = check({"gfx1031", "gfx1101"});
    BOOST_TEST(mixed.overrides.empty());
    BOOST_TEST_REQUIRE(mixed.rejections.size() == 2u);
    BOOST_TEST(mixed.rejections.front().override_note ==
               "HSA_OVERRIDE_GFX_VERSION applies to every GPU, and gfx1031 needs 10.3.0, gfx1101 "
               "11.0.0");
    BOOST_TEST(only_note(check({"gfx1031", "gfx1100"})) ==
               "HSA_OVERRIDE_GFX_VERSION=10.3.0 applies to every GPU and would run gfx1100 as "
               "gfx1030");
}

BOOST_AUTO_TEST_CASE(a_gpu_without_an_override_fails_the_build_for_all) {
    const GfxCheck result = check({"gfx1031", "gfx1035"});
    BOOST_TEST(result.overrides.empty());
    BOOST_TEST(only_note(result).empty());
}

BOOST_AUTO_TEST_CASE(no_known_list_is_unverified_and_no_amd_gpu_needs_nothing) {
    BOOST_TEST((check({"gfx1031"}, Backend::from("rocm5.7")).fit == GfxFit::Unverified));
    BOOST_TEST((check({}).fit == GfxFit::NotNeeded));
}

// rocm7.1's list changed between releases: a row for 2.10 - 2.12 adds gfx1151 to uv's list, the
// unranged row answers for every other release.
BOOST_AUTO_TEST_CASE(a_list_keyed_by_torch_release_answers_for_its_releases_only) {
    MatrixBuilder b;
    b.rocm("rocm7.1", "gfx1030 gfx1100")
        .rocm("rocm7.1", "gfx1030 gfx1100 gfx1151", ">=2.10,<2.13")
        .rocm("rocm7.14", "gfx1100", ">=2.14,<2.15");
    const CompatMatrix m = b.matrix();
    const Backend rocm71 = Backend::from("rocm7.1");
    const Backend rocm714 = Backend::from("rocm7.14");
    const auto check_for = [&](const char* torch, const Backend& backend) {
        return check_gfx_targets(m, Version::from(torch), backend, {"gfx1151"},
                                 OperatingSystem::Linux);
    };
    BOOST_TEST(check_for("2.10.0", rocm71).rejections.empty());
    BOOST_TEST(check_for("2.12.1", rocm71).rejections.empty());
    BOOST_TEST(check_for("2.13.0", rocm71).rejections.size() == 1u); // the unranged row lacks it
    BOOST_TEST(check_for("2.14.1", rocm714).rejections.size() == 1u);
    BOOST_TEST((check_for("2.15.0", rocm714).fit == GfxFit::Unverified)); // no row holds 2.15
    BOOST_TEST(m.rocm(rocm71, Version::from("2.11.0"))->gfx.size() == 3u);
    BOOST_TEST(m.rocm(rocm71, Version::from("2.9.0"))->gfx.size() == 2u);
}

BOOST_AUTO_TEST_CASE(the_assumption_names_the_value_the_gpu_and_the_target_it_runs_as) {
    const GfxCheck result = check({"gfx1031"});
    const AnswerWarning warning = warnings::hsa_override(result.overrides.front(), rocm62);
    BOOST_TEST(name(warning.code) == "hsa-override");
    BOOST_TEST(warning.facts.at(1).second == "10.3.0");
    BOOST_TEST(warning.message ==
               "assumes HSA_OVERRIDE_GFX_VERSION=10.3.0 wherever torch runs: rocm6.2 has no "
               "gfx1031 (chip of gfx1031) kernels; the override runs the GPU as gfx1030");
}

BOOST_AUTO_TEST_SUITE_END()
