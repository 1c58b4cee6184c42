// parse_companion_label: PyG's pt{M}{m}{variant}, flash-attn's cu{CUDA}torch{M}.{m}cxx11abi{B},
// PyTorch variant labels, and each shape a label must not be read as.
#include "engine/solver/companion_label.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::Backend;
using torchpin::CompanionLabel;
using torchpin::parse_companion_label;
using torchpin::Version;

BOOST_AUTO_TEST_SUITE(companion_label)

BOOST_AUTO_TEST_CASE(a_pyg_label_names_the_torch_minor_and_the_variant) {
    const auto label = parse_companion_label("torch-scatter", "pt28cu128");
    BOOST_REQUIRE(label);
    BOOST_TEST((*label ==
                CompanionLabel{Version::from("2.8"), Backend::from("cu128"), 12u, std::nullopt}));
}

BOOST_AUTO_TEST_CASE(a_pyg_label_with_a_two_digit_minor_reads_the_first_digit_as_the_major) {
    const auto label = parse_companion_label("pyg-lib", "pt212cu130");
    BOOST_REQUIRE(label);
    BOOST_TEST(label->torch_minor->to_string() == "2.12");
    BOOST_TEST(label->backend->to_string() == "cu130");
    BOOST_TEST(*label->cuda_major == 13u);
}

BOOST_AUTO_TEST_CASE(a_pyg_cpu_label_has_no_cuda_major) {
    const auto label = parse_companion_label("torch-cluster", "pt20cpu");
    BOOST_REQUIRE(label);
    BOOST_TEST(label->torch_minor->to_string() == "2.0");
    BOOST_TEST(label->backend->to_string() == "cpu");
    BOOST_TEST(!label->cuda_major);
}

BOOST_AUTO_TEST_CASE(a_pyg_label_without_a_variant_or_a_minor_is_not_read) {
    BOOST_TEST(!parse_companion_label("torch-sparse", "pt28"));
    BOOST_TEST(!parse_companion_label("torch-sparse", "ptcu128"));
    BOOST_TEST(!parse_companion_label("torch-sparse", "pt2cu128"));
    BOOST_TEST(!parse_companion_label("torch-sparse", "pt208cu128")); // 2.08 is no torch minor
    BOOST_TEST(!parse_companion_label("torch-sparse", "cu128"));      // not PyG's scheme
}

BOOST_AUTO_TEST_CASE(a_flash_attn_label_names_the_cuda_major_the_torch_minor_and_the_abi) {
    const auto label = parse_companion_label("flash-attn", "cu12torch2.8cxx11abiTRUE");
    BOOST_REQUIRE(label);
    BOOST_TEST((*label == CompanionLabel{Version::from("2.8"), std::nullopt, 12u, true}));
}

BOOST_AUTO_TEST_CASE(an_old_flash_attn_label_spells_a_cuda_minor_too) {
    const auto label = parse_companion_label("flash-attn", "cu118torch2.0cxx11abiFALSE");
    BOOST_REQUIRE(label);
    BOOST_TEST(label->torch_minor->to_string() == "2.0");
    BOOST_TEST(*label->cuda_major == 11u);
    BOOST_TEST(*label->cxx11abi == false);
}

BOOST_AUTO_TEST_CASE(a_flash_attn_label_reads_in_the_lower_case_pep_440_gives_it) {
    const auto label = parse_companion_label(
        "flash-attn", Version::from("2.8.3+cu12torch2.8cxx11abiTRUE").local_label());
    BOOST_REQUIRE(label);
    BOOST_TEST(label->torch_minor->to_string() == "2.8");
    BOOST_TEST(*label->cxx11abi == true);
}

BOOST_AUTO_TEST_CASE(a_flash_attn_label_out_of_its_scheme_is_not_read) {
    BOOST_TEST(!parse_companion_label("flash-attn", "cu12torch2.8"));
    BOOST_TEST(!parse_companion_label("flash-attn", "cu12torch2.8cxx11abiMAYBE"));
    BOOST_TEST(!parse_companion_label("flash-attn", "cu12torch2.8.1cxx11abiTRUE"));
    BOOST_TEST(!parse_companion_label("flash-attn", "cuXtorch2.8cxx11abiTRUE"));
    BOOST_TEST(!parse_companion_label("flash-attn", "cu128"));
}

BOOST_AUTO_TEST_CASE(another_package_reads_a_pytorch_variant_label) {
    const auto label = parse_companion_label("torchao", "cu126");
    BOOST_REQUIRE(label);
    BOOST_TEST((*label == CompanionLabel{std::nullopt, Backend::from("cu126"), 12u, std::nullopt}));
    const auto rocm = parse_companion_label("torchao", "rocm6.4");
    BOOST_REQUIRE(rocm);
    BOOST_TEST(rocm->backend->to_string() == "rocm6.4");
    BOOST_TEST(!rocm->cuda_major);
}

BOOST_AUTO_TEST_CASE(an_empty_or_foreign_label_says_nothing) {
    BOOST_TEST(!parse_companion_label("xformers", ""));
    BOOST_TEST(!parse_companion_label("xformers", "git1234"));
    BOOST_TEST(!parse_companion_label("torchao", "pt28cu128")); // PyG's scheme, not torchao's
}

BOOST_AUTO_TEST_SUITE_END()
