// Curated TOML table files: rows in column order, and every kind of bad entry located.
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "importers/dataset/dataset_table_file.hpp"
#include "tests/support/printing.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

const std::set<std::string> citations{"release-md", "previous-versions"};

struct TomlFile {
    std::filesystem::path path;
    explicit TomlFile(const std::string& text) {
        path = std::filesystem::temp_directory_path() /
               ("torchpin_table_" + std::to_string(getpid()) + ".toml");
        std::ofstream(path) << text;
    }
    ~TomlFile() { std::filesystem::remove(path); }
};

std::vector<ListingImport> read(const std::string& text) {
    TomlFile file(text);
    return read_dataset_table_file(file.path, "data/test.toml",
                                   SourceInfo{"tables", "data/test.toml", "", "", ""}, &citations);
}

std::string error_of(const std::string& text) {
    try {
        read(text);
    } catch (const InputError& e) {
        const Diagnostic& d = e.diagnostic();
        return std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    }
    return "no error";
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_table_file)

BOOST_AUTO_TEST_CASE(entries_become_rows_in_column_order) {
    const auto listings = read(R"(
[[torch_release]]
torch = "2.5.1"
torchvision = "0.20.1"
python = ["3.9", "3.10", "3.13t"]
cites = ["release-md", "previous-versions"]

[[gpu_pci]]
vendor = "10de"
device = "2204"
name = "GA102 [GeForce RTX 3090]"
discrete = true
cites = ["release-md"]
)");
    BOOST_REQUIRE_EQUAL(listings.size(), 2u);
    const auto& releases = listings[0].table == &torch_release_table() ? listings[0] : listings[1];
    const auto& gpus = listings[0].table == &gpu_pci_table() ? listings[0] : listings[1];
    BOOST_TEST(releases.table == &torch_release_table());
    BOOST_TEST(gpus.table == &gpu_pci_table());
    BOOST_TEST(releases.name == "data/test.toml");
    BOOST_TEST(releases.source.digest.size() == 64u);
    const RowValues& release = releases.rows.at(0);
    BOOST_TEST(release[0] == std::optional<std::string>("2.5.1"));
    BOOST_TEST(release[1] == std::optional<std::string>()); // release_date unknown
    BOOST_TEST(release[2] == std::optional<std::string>("0.20.1"));
    BOOST_TEST(release[8] == std::optional<std::string>("3.9 3.10 3.13t"));
    BOOST_TEST(release[10] == std::optional<std::string>("release-md previous-versions"));
    BOOST_TEST(gpus.rows.at(0)[3] == std::optional<std::string>("1"));
}

BOOST_AUTO_TEST_CASE(bad_entries_are_located) {
    BOOST_TEST(error_of("[[torch_release]]\ntorch = \n").find("2:9 invalid TOML") == 0u);
    BOOST_TEST(error_of("[[torch_releases]]\ntorch = \"2.0\"\n") ==
               "1:3 unknown dataset table \"torch_releases\"");
    BOOST_TEST(
        error_of(
            "[[torch_release]]\ntorch = \"2.0\"\ncites = [\"release-md\"]\nvisionn = \"x\"\n") ==
        "4:1 unknown column \"visionn\" in torch_release");
    BOOST_TEST(error_of("[[torch_release]]\ntorchvision = \"0.15\"\ncites = [\"release-md\"]\n") ==
               "1:1 torch_release entry lacks \"torch\"");
    BOOST_TEST(error_of("[[torch_release]]\ntorch = 2\ncites = [\"release-md\"]\n") ==
               "2:9 column \"torch\" of torch_release must be a PEP 440 version (\"2.1.2\")");
    BOOST_TEST(error_of("[[torch_release]]\ntorch = \"2.0\"\ncites = [\"nowhere\"]\n") ==
               "3:11 column \"cites\" of torch_release must be a list of citation ids: unknown "
               "citation \"nowhere\" (cite an id from the citation table)");
    BOOST_TEST(error_of("[[torch_release]]\ntorch = \"2.0\"\ncites = [\"release-md\"]\n"
                        "[[torch_release]]\ntorch = \"2.0\"\ncites = [\"release-md\"]\n") ==
               "4:1 duplicate torch_release entry (first on line 1)");
    BOOST_TEST(error_of("[[torch_release]]\ntorch = \"2.0\"\ncites = []\n") ==
               "3:9 \"cites\" must name at least one source");
    BOOST_TEST(error_of("torch_release = 3\n").find("must be an array of tables") !=
               std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
