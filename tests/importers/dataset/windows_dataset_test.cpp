// The real data/: Windows runtime rows and known issues load and cite defined sources, the
// fbgemm issue covers exactly torch 2.4.0, observed wheel lists keep their hashes, and derived
// rows (whatever the release tables hold) never duplicate an observed file or carry a hash.
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/tag_environment.hpp"
#include "importers/dataset/dataset.hpp"
#include "tests/support/printing.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <set>
#include <sstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

const DatasetImport& dataset() {
    static const DatasetImport loaded = load_dataset(test::source_path("data"));
    return loaded;
}

// Rows of one table as column name -> value maps.
std::vector<std::map<std::string, std::string>> rows_of(const TableSpec& table) {
    std::vector<std::map<std::string, std::string>> out;
    const auto columns = table.columns();
    for (const ListingImport& listing : dataset().request.listings) {
        if (listing.table != &table) {
            continue;
        }
        for (const RowValues& row : listing.rows) {
            std::map<std::string, std::string> named;
            for (std::size_t i = 0; i < columns.size(); ++i) {
                if (row[i]) {
                    named[columns[i].name] = *row[i];
                }
            }
            out.push_back(std::move(named));
        }
    }
    return out;
}

std::set<std::string> citation_ids() {
    std::set<std::string> ids;
    for (const auto& row : rows_of(citation_table())) {
        ids.insert(row.at("citation"));
    }
    return ids;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

std::map<std::string, std::string> issue(const std::string& id) {
    for (const auto& row : rows_of(known_issue_table())) {
        if (row.at("issue") == id) {
            return row;
        }
    }
    BOOST_FAIL("no known issue " + id);
    return {};
}

std::vector<IndexFile> wheel_files(std::optional<Provenance> provenance = std::nullopt) {
    std::vector<IndexFile> out;
    for (const ListingImport& listing : dataset().request.listings) {
        if (listing.table != &wheel_file_table()) {
            continue;
        }
        for (const RowValues& row : listing.rows) {
            IndexFile file = wheel_file_from_row(listing.name, row);
            if (!provenance || file.provenance == *provenance) {
                out.push_back(std::move(file));
            }
        }
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(windows_dataset)

BOOST_AUTO_TEST_CASE(windows_rows_and_known_issues_cite_defined_sources) {
    const auto ids = citation_ids();
    const auto windows = rows_of(windows_runtime_table());
    const auto issues = rows_of(known_issue_table());
    BOOST_TEST(windows.size() == 9u);
    BOOST_TEST(issues.size() == 33u); // 12, and 21 of packages built against torch
    for (const auto* table : {&windows, &issues}) {
        for (const auto& row : *table) {
            BOOST_TEST(!words(row.at("cites")).empty());
            for (const std::string& id : words(row.at("cites"))) {
                BOOST_TEST(ids.contains(id), id);
            }
            BOOST_TEST(SpecifierSet::parse(row.at("torch")).has_value(), row.at("torch"));
        }
    }
    for (const auto& row : issues) {
        BOOST_TEST((row.at("severity") == "error" || row.at("severity") == "warning"));
        BOOST_TEST((row.at("os") == "any" || parse_operating_system(row.at("os")).has_value()));
        BOOST_TEST(!row.at("error").empty());
        BOOST_TEST(!words(row.at("links")).empty());
        for (const std::string& link : words(row.at("links"))) {
            BOOST_TEST(link.starts_with("https://github.com/"), link);
        }
    }
}

BOOST_AUTO_TEST_CASE(the_fbgemm_issue_covers_exactly_torch_2_4_0_on_windows) {
    const auto fbgemm = issue("win-fbgemm-dll-2.4.0");
    BOOST_TEST(fbgemm.at("os") == "windows");
    BOOST_TEST(!fbgemm.contains("backend")); // every variant
    const SpecifierSet affected = SpecifierSet::from(fbgemm.at("torch"));
    for (const char* version : {"2.4.0", "2.4.0+cpu", "2.4.0+cu121", "2.4.0+cu124"}) {
        BOOST_TEST(affected.contains(Version::from(version)), version);
    }
    for (const char* version : {"2.4.1", "2.4.1+cu121", "2.3.1", "2.5.0", "2.4.0.post1"}) {
        BOOST_TEST(!affected.contains(Version::from(version)), version);
    }
    BOOST_TEST(fbgemm.at("error").find("[WinError 126]") != std::string::npos);
    BOOST_TEST(fbgemm.at("error").find(R"(torch\lib\fbgemm.dll)") != std::string::npos);
    BOOST_TEST(fbgemm.at("fix").starts_with("install torch 2.4.1"));
    // The DLL it needs is a Windows runtime row for the same versions.
    bool libomp = false;
    for (const auto& row : rows_of(windows_runtime_table())) {
        libomp |= row.at("item") == "dll:libomp140.x86_64.dll" && row.at("torch") == "==2.4.0";
    }
    BOOST_TEST(libomp);
}

BOOST_AUTO_TEST_CASE(torch_2_9_and_later_need_msvcp140_14_40) {
    const auto issue_row = issue("win-msvcp140-too-old-2.9");
    const SpecifierSet affected = SpecifierSet::from(issue_row.at("torch"));
    BOOST_TEST(affected.contains(Version::from("2.9.0")));
    BOOST_TEST(affected.contains(Version::from("2.13.0+cu130")));
    BOOST_TEST(!affected.contains(Version::from("2.8.0")));
    BOOST_TEST(issue_row.at("error").find("[WinError 1114]") != std::string::npos);
    std::map<std::string, std::string> minimum;
    for (const auto& row : rows_of(windows_runtime_table())) {
        if (row.at("item") == "min_version:msvcp140.dll") {
            minimum = row;
        }
    }
    BOOST_TEST(minimum.at("torch") == ">=2.9");
    BOOST_TEST(minimum.at("value") == "14.40");
}

BOOST_AUTO_TEST_CASE(observed_wheel_lists_round_trip_with_their_hashes) {
    std::map<std::string, std::map<std::string, std::size_t>> per_list;
    std::map<std::string, IndexFile> by_url;
    for (const IndexFile& file : wheel_files(Provenance::Observed)) {
        ++per_list[file.listing][file.wheel.name().normalized()];
        by_url.emplace(file.url, file);
    }
    const auto& invokeai = per_list["data/wheels/invokeai_uvlock_pytorch_index_wheels.json"];
    BOOST_TEST(invokeai.at("torch") == 19u);
    BOOST_TEST(invokeai.at("torchvision") == 14u);
    const auto& nixpkgs = per_list["data/wheels/nixpkgs_torch_wheels.json"];
    BOOST_TEST(nixpkgs.at("torch") == 15u);
    BOOST_TEST(nixpkgs.at("torchaudio") == 26u);
    BOOST_TEST(per_list["data/wheels/quoted_index_fragments.json"].at("torch") == 2u);

    const IndexFile& rocm =
        by_url.at("https://download-r2.pytorch.org/whl/rocm7.1/"
                  "torch-2.10.0%2Brocm7.1-cp312-cp312-manylinux_2_28_x86_64.whl");
    BOOST_TEST(rocm.sha256.value_or("").starts_with("008ee0d7"));
    BOOST_TEST(rocm.upload_time == std::optional<std::string>("2026-01-26T16:51:17Z"));
    const IndexFile& vision = by_url.at("https://download.pytorch.org/whl/cu121/"
                                        "torchvision-0.18.0%2Bcu121-cp38-cp38-linux_x86_64.whl");
    BOOST_TEST(vision.sha256.value_or("").starts_with("c2483b2c"));
    BOOST_TEST(vision.backend->to_string() == "cu121");
    for (const auto& [url, file] : by_url) {
        if (!file.listing.starts_with("data/wheels/")) {
            continue;
        }
        BOOST_TEST(!file.requires_python, url); // no list states one
        BOOST_TEST(!file.yanked, url);
    }
}

BOOST_AUTO_TEST_CASE(derived_rows_never_repeat_an_observed_file_nor_carry_a_hash) {
    std::set<std::string> observed;
    for (const IndexFile& file : wheel_files(Provenance::Observed)) {
        observed.insert(file.wheel.to_string());
    }
    const auto derived = wheel_files(Provenance::Derived);
    for (const IndexFile& file : derived) {
        BOOST_TEST(!observed.contains(file.wheel.to_string()), file.wheel.to_string());
        BOOST_TEST(!file.sha256, file.url);
        BOOST_TEST(!file.upload_time, file.url);
        BOOST_TEST(file.url.starts_with("https://download.pytorch.org/whl/"), file.url);
        BOOST_TEST(file.listing.ends_with("/torch/"), file.listing);
    }
    BOOST_TEST_MESSAGE(derived.size() << " derived wheel rows in data/");
}

BOOST_AUTO_TEST_SUITE_END()
