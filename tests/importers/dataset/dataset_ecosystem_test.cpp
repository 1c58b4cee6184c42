// data/ecosystem.toml as the matrix decodes it (CompatMatrix::companion_packages): facts of the
// ecosystem collection's tables (shared/data/extracted/ecosystem/*.tsv) for each pairing mode,
// the curated overrides beside the metadata they correct, and every row's citation.
#include "tests/importers/dataset/dataset_rows.hpp"
#include "tests/importers/dataset/ecosystem_rows.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;
using torchpin::CompanionPackageFact;
using torchpin::Version;

namespace {

const CompanionPackageFact& fact(const std::string& package, const std::string& version) {
    return test::companion_row(package, version);
}

bool accepts(const CompanionPackageFact& f, const std::string& torch) {
    return f.torch && f.torch->contains(Version::from(torch), true);
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_ecosystem)

// xformers.tsv: "0.0.29.post3 ... torch==2.6.0 ... Requires-Dist torch==2.6.0".
BOOST_AUTO_TEST_CASE(xformers_0_0_29_post3_pins_torch_2_6_0_exactly) {
    const auto& f = fact("xformers", "0.0.29.post3");
    BOOST_TEST(f.pairing == "exact");
    BOOST_TEST(f.torch->to_string() == "==2.6.0");
    BOOST_TEST(f.metadata_says->to_string() == "==2.6.0");
    BOOST_TEST(accepts(f, "2.6.0"));
    BOOST_TEST(!accepts(f, "2.7.0"));
    BOOST_TEST((f.files_on == std::vector<std::string>{"pytorch-index", "pypi"}));
}

// README section 5: 0.0.34's metadata pins ==2.10.0, its CHANGELOG says 2.10.0 "and later".
BOOST_AUTO_TEST_CASE(xformers_0_0_34_keeps_the_metadata_pin_beside_the_curated_floor) {
    const auto& f = fact("xformers", "0.0.34");
    BOOST_TEST(f.pairing == "floor");
    BOOST_TEST(accepts(f, "2.12.0"));
    BOOST_TEST(!f.metadata_says->contains(Version::from("2.12.0"), true));
    BOOST_TEST(f.note.find("Curated override") != std::string::npos);
}

// torchao.tsv: 0.17.0 and 0.18.0 "torch>=2.11 (runtime gate)"; 0.16.0 exact 2.10.0.
BOOST_AUTO_TEST_CASE(torchao_turns_from_an_exact_patch_to_a_floor_at_0_17) {
    BOOST_TEST(fact("torchao", "0.17.0").pairing == "floor");
    BOOST_TEST(accepts(fact("torchao", "0.17.0"), "2.13.0"));
    BOOST_TEST(!accepts(fact("torchao", "0.17.0"), "2.10.0"));
    BOOST_TEST(!fact("torchao", "0.17.0").metadata_says); // setup.py has no torch
    BOOST_TEST(fact("torchao", "0.16.0").pairing == "exact");
    BOOST_TEST(!accepts(fact("torchao", "0.15.0"), "2.9.0")); // exact patch 2.9.1
    // 0.18.0's built-against torch is INFERENCE in the TSV: not a value, kept in the note.
    BOOST_TEST(fact("torchao", "0.18.0").built_against.empty());
    BOOST_TEST(fact("torchao", "0.18.0").note.find("INFERENCE") != std::string::npos);
}

// pyg.tsv: pyg-lib 0.8.0 has pages for torch 2.10 ... 2.13, one file per minor.
BOOST_AUTO_TEST_CASE(pyg_lib_is_a_minor_series_on_find_links_pages) {
    const auto& f = fact("pyg-lib", "0.8.0");
    BOOST_TEST(f.pairing == "minor-series");
    BOOST_TEST((f.built_against == std::vector<std::string>{"2.10", "2.11", "2.12", "2.13"}));
    BOOST_TEST(accepts(f, "2.12.1"));
    BOOST_TEST(!accepts(f, "2.14.0"));
    BOOST_TEST((f.files_on == std::vector<std::string>{"find-links"}));
    BOOST_TEST(f.files_url == "https://data.pyg.org/whl/torch-{T.M}.0+{variant}.html");
}

// bitsandbytes.tsv: no libtorch linkage; the metadata only says torch>=2.4,<3.
BOOST_AUTO_TEST_CASE(bitsandbytes_pairs_with_no_torch) {
    const auto& f = fact("bitsandbytes", "0.50.1");
    BOOST_TEST(f.pairing == "none");
    BOOST_TEST(!f.torch);
    BOOST_TEST(f.metadata_says->to_string() == ">=2.4,<3");
    BOOST_TEST((f.files_on == std::vector<std::string>{"pypi"}));
}

// torchtext.tsv: 0.18.0 is retired, "2.3.0 only", while its metadata says torch>=2.3.0.
BOOST_AUTO_TEST_CASE(torchtext_is_retired_and_its_metadata_is_too_loose) {
    const auto& f = fact("torchtext", "0.18.0");
    BOOST_TEST(f.retired);
    BOOST_TEST(f.retired_note.find("last stable release") != std::string::npos);
    BOOST_TEST(f.metadata_says->contains(Version::from("2.4.0"), true));
    BOOST_TEST(!accepts(f, "2.4.0"));
    BOOST_TEST(accepts(f, "2.3.0"));
}

// triton.tsv: torch 2.10.0 and 2.11.0 both pin triton 3.6.0; one row names both.
BOOST_AUTO_TEST_CASE(triton_is_pinned_by_the_torch_releases_it_names) {
    const auto& f = fact("triton", "3.6.0");
    BOOST_TEST(f.pairing == "pinned-by-torch");
    BOOST_TEST((f.built_against == std::vector<std::string>{"2.10.0", "2.11.0"}));
    BOOST_TEST(!f.torch);
}

// flash-attn.tsv: 2.8.3's assets cover torch 2.4 ... 2.8 on GitHub release assets only.
BOOST_AUTO_TEST_CASE(flash_attn_lives_in_release_assets) {
    const auto& f = fact("flash-attn", "2.8.3");
    BOOST_TEST((f.files_on == std::vector<std::string>{"release-assets"}));
    BOOST_TEST(accepts(f, "2.8.0"));
    BOOST_TEST(!accepts(f, "2.9.0")); // 2.9 assets are INFERENCE, in the note only
    BOOST_TEST(f.note.find("INFERENCE") != std::string::npos);
}

// Every row cites an ecosystem source of data/citations.toml (dataset_rows checks the ids).
BOOST_AUTO_TEST_CASE(every_row_cites_its_table) {
    const auto rows = test::dataset_rows("ecosystem.toml", torchpin::companion_package_table());
    BOOST_TEST(rows.size() == test::dataset_matrix().companion_packages->size());
    for (const auto& row : rows) {
        BOOST_TEST(row.at("cites").value_or("").starts_with("eco-"));
        BOOST_TEST(!row.at("derivation").value_or("").empty());
    }
}

BOOST_AUTO_TEST_SUITE_END()
