// parse_companion_label on the label forms of real files: PyG's find-links wheels, flash-attn's
// release assets (as written and as PEP 440 lower-cases them), PyTorch index labels.
#include "engine/matrix/companion_label.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(companion_label)

// torch_scatter-2.1.2+pt28cu128-cp312-cp312-linux_x86_64.whl on
// data.pyg.org/whl/torch-2.8.0+cu128.html
BOOST_AUTO_TEST_CASE(a_pyg_label_names_the_torch_minor_and_the_variant) {
    const auto build = parse_companion_label("pt28cu128");
    BOOST_TEST_REQUIRE(build.has_value());
    BOOST_TEST((build->scheme == LabelScheme::Pyg));
    BOOST_TEST(build->torch_minor->to_string() == "2.8");
    BOOST_TEST(build->backend->to_string() == "cu128");
    BOOST_TEST(!build->cuda_major.has_value());
    const auto two_digit_minor = parse_companion_label("pt212cu130");
    BOOST_TEST_REQUIRE(two_digit_minor.has_value());
    BOOST_TEST(two_digit_minor->torch_minor->to_string() == "2.12");
    BOOST_TEST(two_digit_minor->backend->to_string() == "cu130");
    const auto old_cpu = parse_companion_label("pt113cpu");
    BOOST_TEST_REQUIRE(old_cpu.has_value());
    BOOST_TEST(old_cpu->torch_minor->to_string() == "1.13");
    BOOST_TEST(old_cpu->backend->to_string() == "cpu");
}

// flash_attn-2.8.3+cu12torch2.8cxx11abiTRUE-cp312-cp312-linux_x86_64.whl
BOOST_AUTO_TEST_CASE(a_flash_attn_label_names_the_cuda_major_the_torch_minor_and_the_abi) {
    for (const char* label : {"cu12torch2.8cxx11abiTRUE", "cu12torch2.8cxx11abitrue"}) {
        const auto build = parse_companion_label(label);
        BOOST_TEST_REQUIRE(build.has_value(), label);
        BOOST_TEST((build->scheme == LabelScheme::FlashAttn));
        BOOST_TEST(build->torch_minor->to_string() == "2.8");
        BOOST_TEST(*build->cuda_major == 12u);
        BOOST_TEST(!build->backend.has_value());
        BOOST_TEST(*build->cxx11_abi);
    }
    // flash-attn 2.3 named the toolkit: flash_attn-2.3.6+cu118torch2.0cxx11abiFALSE-…
    const auto toolkit = parse_companion_label("cu118torch2.0cxx11abiFALSE");
    BOOST_TEST_REQUIRE(toolkit.has_value());
    BOOST_TEST(toolkit->backend->to_string() == "cu118");
    BOOST_TEST(!toolkit->cuda_major.has_value());
    BOOST_TEST(!*toolkit->cxx11_abi);
}

BOOST_AUTO_TEST_CASE(a_pytorch_index_label_names_the_variant_only) {
    const auto build = parse_companion_label("cu126");
    BOOST_TEST_REQUIRE(build.has_value());
    BOOST_TEST((build->scheme == LabelScheme::PytorchIndex));
    BOOST_TEST(!build->torch_minor.has_value());
    BOOST_TEST(build->backend->to_string() == "cu126");
    BOOST_TEST(parse_companion_label("rocm6.4")->backend->to_string() == "rocm6.4");
}

BOOST_AUTO_TEST_CASE(other_labels_name_no_build) {
    for (const char* label :
         {"", "local", "pt", "pt2cu128", "ptxcu128", "pt28", "cu12torch2.8",
          "cu12torch2cxx11abitrue", "cu12torch2.8cxx11abimaybe", "cuxytorch2.8cxx11abitrue"}) {
        BOOST_TEST(!parse_companion_label(label).has_value(), label);
    }
}

BOOST_AUTO_TEST_SUITE_END()
