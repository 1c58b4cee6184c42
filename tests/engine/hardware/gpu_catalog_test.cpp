// GPU lookup rules on literal gpu_pci / gpu_model rows (copied from data/gpus.toml): capability
// and sm spellings, PCI ids through pci.ids names, names in any case and spacing, suggestions.
#include "engine/base/edit_distance.hpp"
#include "engine/hardware/gpu_catalog.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

GpuCatalog catalog() {
    return GpuCatalog({{PciId::from("10de:2204"), "GA102 [GeForce RTX 3090]", true},
                       {PciId::from("10de:2504"), "GA106 [GeForce RTX 3060 Lite Hash Rate]", true},
                       {PciId::from("10de:20b0"), "GA100 [A100 SXM4 40GB]", true},
                       {PciId::from("10de:2200"), "GA102", true},
                       {PciId::from("8086:9a49"), "TigerLake-LP GT2 [Iris Xe Graphics]", false}},
                      {{"GeForce RTX 3090", ComputeCapability(8, 6), {"GA102"}},
                       {"RTX 3090", ComputeCapability(8, 6), {"GA102"}},
                       {"GeForce RTX 3090 Ti", ComputeCapability(8, 6), {"GA102"}},
                       {"GeForce RTX 3080", ComputeCapability(8, 6), {"GA102"}},
                       {"GeForce RTX 4090", ComputeCapability(8, 9), {"AD102"}},
                       {"GA106", ComputeCapability(8, 6), {"GA106"}},
                       {"Tesla T4", ComputeCapability(7, 5), {"TU104GL"}}});
}

} // namespace

BOOST_AUTO_TEST_SUITE(gpu_catalog)

BOOST_AUTO_TEST_CASE(capabilities_and_sm_names_need_no_tables) {
    const GpuCatalog empty({}, {});
    const auto by_capability = empty.lookup("8.6");
    BOOST_TEST(by_capability.match->compute_capability.to_string() == "8.6");
    BOOST_TEST(by_capability.match->rule == "compute capability 8.6");
    const auto by_sm = empty.lookup("sm_90");
    BOOST_TEST(by_sm.match->compute_capability.to_string() == "9.0");
    BOOST_TEST(by_sm.match->rule == "sm name sm_90");
}

BOOST_AUTO_TEST_CASE(marketing_names_match_in_any_case_and_spacing) {
    const GpuCatalog gpus = catalog();
    for (const char* text : {"GeForce RTX 3090", "geforce rtx 3090", "GeForceRTX3090",
                             "NVIDIA GeForce RTX 3090", "  geforce  rtx-3090 "}) {
        BOOST_TEST_CONTEXT(text) {
            const auto lookup = gpus.lookup(text);
            BOOST_REQUIRE(lookup.match.has_value());
            BOOST_TEST(lookup.match->model == "GeForce RTX 3090");
            BOOST_TEST(lookup.match->compute_capability.to_string() == "8.6");
        }
    }
    BOOST_TEST(gpus.lookup("RTX 3090").match->model == "RTX 3090");
    BOOST_TEST(gpus.lookup("rtx3090").match->rule ==
               "model name 'rtx3090' in the GPU model table (RTX 3090)");
    const auto codename = gpus.lookup("tu104gl");
    BOOST_TEST(codename.match->compute_capability.to_string() == "7.5");
    BOOST_TEST(codename.match->rule.find("codename 'tu104gl'") == 0u);
}

BOOST_AUTO_TEST_CASE(pci_ids_go_through_their_pci_ids_name_to_the_model_table) {
    const GpuCatalog gpus = catalog();
    const auto rtx = gpus.lookup("10de:2204");
    BOOST_REQUIRE(rtx.match.has_value());
    BOOST_TEST(rtx.match->model == "GeForce RTX 3090");
    BOOST_TEST(rtx.match->pci_id->to_string() == "10de:2204");
    BOOST_TEST(rtx.match->rule == "PCI id 10de:2204 is 'GA102 [GeForce RTX 3090]' in the GPU PCI "
                                  "table; model name 'GeForce RTX 3090' in the GPU model table "
                                  "(GeForce RTX 3090)");
    // The bracketed name is not a model row: the codename before it is.
    const auto lite = gpus.lookup("10DE:2504");
    BOOST_TEST(lite.match->model == "GA106");
    // A bare codename.
    BOOST_TEST(gpus.lookup("10de:2200").match->compute_capability.to_string() == "8.6");
}

BOOST_AUTO_TEST_CASE(pci_names_never_invent_a_capability) {
    const GpuCatalog gpus = catalog();
    // GA100 is no row of the model table (torchruntime's "ga*" rule would say 8.6; an A100 is
    // 8.0): unknown, never a guess.
    const auto a100 = gpus.lookup("10de:20b0");
    BOOST_TEST(!a100.match.has_value());
    BOOST_TEST(a100.unknown_reason.find("is 'GA100 [A100 SXM4 40GB]' in the GPU PCI table") !=
               std::string::npos);
    BOOST_TEST(a100.unknown_reason.find("no compute capability") != std::string::npos);
    BOOST_TEST(!gpus.match_pci(PciId::from("8086:9a49")).has_value());
    const auto missing = gpus.lookup("10de:ffff");
    BOOST_TEST(missing.unknown_reason == "PCI id 10de:ffff is not in the GPU PCI table");
}

BOOST_AUTO_TEST_CASE(unknown_names_get_suggestions_by_edit_distance) {
    const GpuCatalog gpus = catalog();
    const auto typo = gpus.lookup("RTX 3909");
    BOOST_TEST(!typo.match.has_value());
    BOOST_TEST(typo.unknown_reason == "no GPU model is named 'RTX 3909'");
    BOOST_REQUIRE(!typo.suggestions.empty());
    BOOST_TEST(typo.suggestions.front() == "RTX 3090");
    const auto partial = gpus.suggest("3090");
    BOOST_TEST((std::find(partial.begin(), partial.end(), "GeForce RTX 3090 Ti") != partial.end()));
    BOOST_TEST(gpus.suggest("Radeon RX 7900 XTX").empty());
    BOOST_TEST(gpus.suggest("").empty());
}

BOOST_AUTO_TEST_CASE(edit_distance_is_levenshtein) {
    BOOST_TEST(edit_distance("", "") == 0u);
    BOOST_TEST(edit_distance("abc", "") == 3u);
    BOOST_TEST(edit_distance("kitten", "sitting") == 3u);
    BOOST_TEST(edit_distance("rtx3909", "rtx3090") == 2u);
    BOOST_TEST(edit_distance("flaw", "lawn") == 2u);
}

BOOST_AUTO_TEST_CASE(names_normalize_for_comparison) {
    BOOST_TEST(normalized_gpu_name("NVIDIA GeForce RTX-3090") == "geforcertx3090");
    BOOST_TEST(normalized_gpu_name("A100_SXM4 40GB") == "a100sxm440gb");
    BOOST_TEST(normalized_gpu_name("NVIDIA") == "nvidia");
}

BOOST_AUTO_TEST_SUITE_END()
