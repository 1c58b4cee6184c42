// GPU lookup rules on literal rows copied from data/gpus.toml: capability, sm and gfx spellings,
// PCI ids, names in any case and with or without brand words, families, ambiguity, suggestions.
#include "engine/hardware/gpu_catalog.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

NvidiaGpuRow nvidia(const char* name, const char* capability, const char* chip,
                    std::vector<const char*> ids, const char* inferred_from = "") {
    NvidiaGpuRow row{name, ComputeCapability::from(capability), inferred_from, {chip}, {}};
    for (const char* id : ids) {
        row.pci_ids.push_back(PciId::from(id));
    }
    return row;
}

GpuCatalog catalog() {
    GpuTables tables;
    tables.nvidia = {
        nvidia("GeForce GTX 1080", "6.1", "GP104", {"10de:1b80"}),
        nvidia("GeForce GTX 1080 Ti", "6.1", "GP102", {"10de:1b06"}),
        nvidia("GeForce GTX 1080 Ti 10GB", "6.1", "GP102", {"10de:1b01"}),
        nvidia("TITAN X Pascal", "6.1", "GP102", {"10de:1b00"}),
        nvidia("GeForce GTX TITAN X", "5.2", "GM200", {"10de:17c2"}),
        nvidia("A10", "8.6", "GA102", {"10de:2236"}),
        nvidia("A100-SXM4-40GB", "8.0", "GA100", {"10de:20b0"}),
        nvidia("A100-PG509-200", "8.0", "GA100", {"10de:20b0"}, "chip GA100"),
        nvidia("A100 80GB PCIe", "8.0", "GA100", {"10de:20b5"}),
        nvidia("Quadro M5000 SE", "5.2", "GM204", {"10de:13f8"}, "chip GM204"),
        nvidia("Quadro M5000M", "5.0", "GM204", {"10de:13f8"}),
        nvidia("RTX 6000D", "12.0", "GB202", {"10de:2bb9"}, "chip GB202"),
        nvidia("Tesla T4", "7.5", "TU104", {"10de:1eb8"}),
        nvidia("Jetson AGX Orin", "8.7", "", {}),
    };
    tables.amd = {
        {"Radeon RX 6800/6800 XT / 6900 XT", PciId::from("1002:73bf"), "gfx1030", ""},
        {"Radeon RX 6800 XT", std::nullopt, "gfx1030", ""},
        {"Radeon RX 6700/6700 XT/6750 XT / 6800M/6850M XT", PciId::from("1002:73df"), "gfx1031",
         ""},
        {"Instinct MI308X", PciId::from("1002:74a2"), "gfx942", "same chip MI300 parts"},
    };
    tables.intel = {
        {PciId::from("8086:e20b"), "Arc B580", "Battlemage (Arc B-series)", true,
         "validated: \"Intel Arc B-Series Graphics (CodeName: Battlemage)\""},
        {PciId::from("8086:56c0"), "Data Center GPU Flex 170",
         "Alchemist-based Data Center GPU Flex (ATS-M)", false,
         "not listed in PyTorch XPU hardware prerequisites"},
    };
    tables.pci = {{PciId::from("10de:1c82"), "GP107 [GeForce GTX 1050 Ti]", true},
                  {PciId::from("8086:9a49"), "TigerLake-LP GT2 [Iris Xe Graphics]", false}};
    return GpuCatalog(std::move(tables));
}

std::string id_text(const std::optional<PciId>& id) {
    return id ? id->to_string() : "none";
}

std::vector<std::string> names(const std::vector<GpuProduct>& products) {
    std::vector<std::string> out;
    for (const auto& product : products) {
        out.push_back(product.name);
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(gpu_catalog)

BOOST_AUTO_TEST_CASE(capabilities_sm_names_and_gfx_targets_need_no_tables) {
    const GpuCatalog empty(GpuTables{});
    const auto by_capability = empty.lookup("6.1");
    BOOST_TEST(by_capability.match->capability.compute_capability->to_string() == "6.1");
    BOOST_TEST(by_capability.match->rule == "compute capability 6.1");
    const auto by_sm = empty.lookup("sm_61");
    BOOST_TEST(by_sm.match->capability.compute_capability->to_string() == "6.1");
    BOOST_TEST(by_sm.match->rule == "sm name sm_61");
    const auto by_gfx = empty.lookup("GFX1031");
    BOOST_TEST((by_gfx.match->capability.vendor == GpuVendor::Amd));
    BOOST_TEST(by_gfx.match->capability.gfx_target == "gfx1031");
    BOOST_TEST(by_gfx.match->rule == "gfx target gfx1031");
    BOOST_TEST(empty.lookup("gfx90a").match->capability.gfx_target == "gfx90a");
    BOOST_TEST(!empty.lookup("gfx10").match.has_value());
    BOOST_TEST(!empty.lookup("gfx1031x").match.has_value());
}

BOOST_AUTO_TEST_CASE(names_ignore_case_spacing_punctuation_and_brand_words) {
    const GpuCatalog gpus = catalog();
    for (const char* text : {"GeForce GTX 1080 Ti", "gtx 1080 ti", "NVIDIA GeForce GTX 1080 Ti",
                             "gtx1080ti", "  GTX-1080-Ti "}) {
        const auto lookup = gpus.lookup(text);
        BOOST_TEST_REQUIRE(lookup.match.has_value(), text);
        BOOST_TEST(lookup.match->products.size() == 1u);
        BOOST_TEST(lookup.match->product_names() == "GeForce GTX 1080 Ti");
        BOOST_TEST(lookup.match->capability.compute_capability->to_string() == "6.1");
        BOOST_TEST(id_text(lookup.match->pci_id) == "10de:1b06");
    }
    BOOST_TEST(gpus.lookup("gtx 1080 ti").match->rule ==
               "'gtx 1080 ti' is GeForce GTX 1080 Ti in the NVIDIA GPU table");
    BOOST_TEST(gpus.lookup("T4").match->product_names() == "Tesla T4"); // "Tesla" is a brand word
}

BOOST_AUTO_TEST_CASE(a_whole_name_wins_over_names_that_contain_it) {
    const GpuCatalog gpus = catalog();
    BOOST_TEST(gpus.lookup("GTX 1080").match->product_names() == "GeForce GTX 1080");
    BOOST_TEST(gpus.lookup("A10").match->product_names() == "A10"); // not the A100s
}

BOOST_AUTO_TEST_CASE(a_family_of_one_capability_is_accepted_and_names_its_rows) {
    const auto lookup = catalog().lookup("A100");
    BOOST_TEST_REQUIRE(lookup.match.has_value());
    BOOST_TEST(lookup.match->capability.compute_capability->to_string() == "8.0");
    BOOST_TEST(names(lookup.match->products) ==
                   (std::vector<std::string>{"A100-SXM4-40GB", "A100-PG509-200", "A100 80GB PCIe"}),
               boost::test_tools::per_element());
    BOOST_TEST(lookup.match->rule ==
               "'A100' names 3 products of the NVIDIA GPU table, all compute capability 8.0: "
               "A100-SXM4-40GB, A100-PG509-200, A100 80GB PCIe");
    BOOST_TEST(!lookup.match->pci_id.has_value());   // two ids
    BOOST_TEST(lookup.match->inferred_from.empty()); // NVIDIA lists some of them
}

BOOST_AUTO_TEST_CASE(names_of_gpus_that_differ_are_ambiguous_and_list_them) {
    const auto lookup = catalog().lookup("titan x");
    BOOST_TEST(!lookup.match.has_value());
    BOOST_TEST(lookup.unknown_reason == "'titan x' names GPUs that differ");
    BOOST_TEST(names(lookup.candidates) ==
                   (std::vector<std::string>{"TITAN X Pascal", "GeForce GTX TITAN X"}),
               boost::test_tools::per_element());
    BOOST_TEST(lookup.candidates[1].capability.to_string() == "compute capability 5.2");
}

BOOST_AUTO_TEST_CASE(pci_ids_find_products_of_every_vendor) {
    const GpuCatalog gpus = catalog();
    const auto nvidia_id = gpus.lookup("10de:1B06");
    BOOST_TEST(nvidia_id.match->rule ==
               "PCI id 10de:1b06 is GeForce GTX 1080 Ti in the NVIDIA GPU table");
    const auto amd_id = gpus.lookup("1002:73bf");
    BOOST_TEST(amd_id.match->capability.gfx_target == "gfx1030");
    BOOST_TEST(id_text(amd_id.match->pci_id) == "1002:73bf");
    BOOST_TEST(amd_id.match->rule ==
               "PCI id 1002:73bf is Radeon RX 6800/6800 XT / 6900 XT in the AMD GPU table");
    const auto intel_id = gpus.lookup("8086:e20b");
    BOOST_TEST(intel_id.match->capability.to_string() ==
               "Battlemage (Arc B-series), on PyTorch's XPU list");
    BOOST_TEST(gpus.lookup("8086:56c0").match->capability.xpu_listed == false);
    // One id, two products of the same capability: accepted.
    BOOST_TEST(gpus.lookup("10de:20b0").match->product_names() ==
               "A100-SXM4-40GB / A100-PG509-200");
    // One id, two products that differ (pci.ids gives both the same id): ambiguous.
    const auto shared = gpus.lookup("10de:13f8");
    BOOST_TEST(!shared.match.has_value());
    BOOST_TEST(shared.candidates.size() == 2u);
}

BOOST_AUTO_TEST_CASE(an_id_only_torchruntime_lists_is_unknown_with_its_name) {
    const GpuCatalog gpus = catalog();
    const auto known_name = gpus.lookup("10de:1c82");
    BOOST_TEST(!known_name.match.has_value());
    BOOST_TEST(known_name.unknown_reason ==
               "PCI id 10de:1c82 is 'GP107 [GeForce GTX 1050 Ti]' in torchruntime's PCI list, "
               "but no GPU table gives it a compute capability");
    BOOST_TEST(gpus.pci_row(PciId::from("8086:9a49"))->discrete == false);
    BOOST_TEST(gpus.lookup("10de:ffff").unknown_reason == "PCI id 10de:ffff is in no GPU table");
    BOOST_TEST(gpus.lookup("14e4:1234").unknown_reason ==
               "PCI id 14e4:1234 is not an NVIDIA, AMD or Intel GPU");
}

BOOST_AUTO_TEST_CASE(pci_ids_name_several_skus_and_each_can_be_typed) {
    const GpuCatalog gpus = catalog();
    const auto xt = gpus.lookup("AMD Radeon RX 6800 XT"); // the pci.ids row and ROCm's name
    BOOST_TEST_REQUIRE(xt.match.has_value());
    BOOST_TEST(xt.match->capability.gfx_target == "gfx1030");
    BOOST_TEST(xt.match->products.size() == 2u);
    BOOST_TEST(id_text(xt.match->pci_id) == "1002:73bf"); // the only id of the two
    BOOST_TEST(gpus.lookup("rx 6900 xt").match->capability.gfx_target == "gfx1030");
    BOOST_TEST(gpus.lookup("RX 6750 XT").match->capability.gfx_target == "gfx1031");
    BOOST_TEST(gpus.lookup("Radeon RX 6850M XT").match->capability.gfx_target == "gfx1031");
    BOOST_TEST(id_text(gpus.lookup("Intel Arc B580").match->pci_id) == "8086:e20b");
}

BOOST_AUTO_TEST_CASE(chip_codenames_name_their_products) {
    const auto lookup = catalog().lookup("GP102");
    BOOST_TEST_REQUIRE(lookup.match.has_value());
    BOOST_TEST(lookup.match->products.size() == 3u);
    BOOST_TEST(lookup.match->capability.compute_capability->to_string() == "6.1");
}

BOOST_AUTO_TEST_CASE(inferred_capabilities_say_so) {
    const GpuCatalog gpus = catalog();
    const auto inferred = gpus.lookup("RTX 6000D");
    BOOST_TEST(inferred.match->inferred_from == "chip GB202");
    BOOST_TEST(inferred.match->rule == "'RTX 6000D' is RTX 6000D in the NVIDIA GPU table; "
                                       "compute capability inferred from chip GB202");
    const auto amd = gpus.lookup("1002:74a2");
    BOOST_TEST(amd.match->rule == "PCI id 1002:74a2 is Instinct MI308X in the AMD GPU table; gfx "
                                  "target inferred from same chip MI300 parts");
    BOOST_TEST(gpus.lookup("Jetson AGX Orin").match->inferred_from.empty());
}

BOOST_AUTO_TEST_CASE(unknown_names_suggest_the_nearest) {
    const auto lookup = catalog().lookup("GTX 1008 Ti");
    BOOST_TEST(!lookup.match.has_value());
    BOOST_TEST(lookup.unknown_reason ==
               "no GPU in the NVIDIA, AMD or Intel tables is named 'GTX 1008 Ti'");
    BOOST_TEST_REQUIRE(!lookup.suggestions.empty());
    BOOST_TEST(lookup.suggestions.front() == "GeForce GTX 1080 Ti");
    BOOST_TEST(catalog().lookup("nothing like a gpu").suggestions.empty());
}

BOOST_AUTO_TEST_SUITE_END()
