// The GPU tables of data/gpus.toml against the sources they were written from: every row of the
// sourced tables (copies in tests/data/gpus), counts per vendor, spot checks of each source
// document, citations, and torchruntime's PCI list agreeing with them.
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/sqlite.hpp"
#include "importers/dataset/dataset_table_file.hpp"
#include "tests/importers/dataset/dataset_rows.hpp"
#include "tests/support/printing.hpp"
#include "tests/support/tables.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

using Row = test::DatasetRow;

// The rows of `table` in data/gpus.toml, by column name.
std::vector<Row> rows_of(const TableSpec& table) {
    return test::dataset_rows("gpus.toml", table);
}

// A sourced table of tests/data/gpus by column name (its first line names the columns).
std::vector<std::map<std::string, std::string>> source_rows(const std::string& file) {
    const auto table = test::read_table("gpus/" + file);
    std::vector<std::map<std::string, std::string>> out;
    for (std::size_t r = 1; r < table.size(); ++r) {
        std::map<std::string, std::string> row;
        for (std::size_t c = 0; c < table[0].size(); ++c) {
            row[table[0][c]] = c < table[r].size() ? table[r][c] : "";
        }
        out.push_back(std::move(row));
    }
    return out;
}

std::vector<std::string> words(const std::optional<std::string>& text) {
    std::vector<std::string> out;
    std::istringstream in(text.value_or(""));
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

bool cites(const Row& row, const std::string& citation) {
    const auto list = words(row.at("cites"));
    return std::find(list.begin(), list.end(), citation) != list.end();
}

// "GP102" of "GP102 [GeForce GTX 1080 Ti]".
std::string pci_codename(const std::string& name) {
    const std::size_t open = name.find(" [");
    return open == std::string::npos ? name : name.substr(0, open);
}

// The pci.ids name the derivation quotes: "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]".
std::string quoted_pci_name(const std::string& derivation) {
    static const std::regex quoted(R"re(pci\.ids@c1c12547 "([^"]*)")re");
    std::smatch match;
    return std::regex_search(derivation, match, quoted) ? match[1].str() : "";
}

// Intel rows the generator leaves out: PCI functions of the chipsets that are not GPUs.
bool not_a_gpu(const std::string& name) {
    static const std::regex functions(R"(Root Port|Trace Hub|WiFi|Sensor Hub|Neural-Network )"
                                      R"(Accelerator|HECI|Shared SRAM)");
    return std::regex_search(name, functions);
}

const Row& nvidia_named(const std::vector<Row>& rows, const std::string& name) {
    const auto it = std::find_if(rows.begin(), rows.end(),
                                 [&](const Row& row) { return row.at("name") == name; });
    BOOST_REQUIRE_MESSAGE(it != rows.end(), name);
    return *it;
}

const Row& amd_with(const std::vector<Row>& rows, const std::string& name,
                    const std::optional<std::string>& pci_id) {
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& row) {
        return row.at("name") == name && row.at("pci_id") == pci_id;
    });
    BOOST_REQUIRE_MESSAGE(it != rows.end(), name);
    return *it;
}

const Row& intel_with(const std::vector<Row>& rows, const std::string& pci_id) {
    const auto it = std::find_if(rows.begin(), rows.end(),
                                 [&](const Row& row) { return row.at("pci_id") == pci_id; });
    BOOST_REQUIRE_MESSAGE(it != rows.end(), pci_id);
    return *it;
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_gpus)

BOOST_AUTO_TEST_CASE(nvidia_rows_are_the_sourced_table_row_for_row) {
    const auto rows = rows_of(gpu_model_table());
    const auto source = source_rows("nvidia_gpus.tsv");
    const auto added = source_rows("nvidia_gpus_added.tsv");
    BOOST_TEST(source.size() == 497u);
    BOOST_TEST(rows.size() == source.size() + added.size());
    for (const auto& expected : added) {
        const Row& row = nvidia_named(rows, expected.at("name"));
        BOOST_TEST(row.at("pci_ids").value_or("") == expected.at("pci_ids"), expected.at("name"));
        BOOST_TEST(row.at("compute_capability") == expected.at("compute_capability"));
        BOOST_TEST(row.at("architecture") == expected.at("architecture"));
        BOOST_TEST(row.at("segment") == expected.at("segment"));
        BOOST_TEST(row.at("derivation") == expected.at("source"));
        BOOST_TEST(!row.at("inferred_from").has_value(), expected.at("name"));
        BOOST_TEST(!cites(row, "gpu-tables-notes"), expected.at("name")); // not the collection's
    }
    std::map<std::string, std::size_t> per_capability;
    std::size_t jetson = 0;
    std::size_t inferred = 0;
    for (const auto& expected : source) {
        const Row& row = nvidia_named(rows, expected.at("name"));
        std::string ids = expected.at("pci_ids");
        std::replace(ids.begin(), ids.end(), ',', ' ');
        BOOST_TEST(row.at("pci_ids").value_or("") == ids, expected.at("name"));
        BOOST_TEST(row.at("compute_capability") == expected.at("compute_capability"));
        BOOST_TEST(row.at("architecture") == expected.at("architecture"));
        BOOST_TEST(row.at("segment") == expected.at("segment"));
        BOOST_TEST(row.at("derivation") == expected.at("source"));
        const bool is_inferred = expected.at("source").find("INFERRED") != std::string::npos;
        BOOST_TEST(row.at("inferred_from").has_value() == is_inferred, expected.at("name"));
        inferred += is_inferred ? 1 : 0;
        if (expected.at("segment") == "jetson") {
            ++jetson;
        } else {
            ++per_capability[expected.at("compute_capability")];
        }
    }
    // The collection notes' counts (shared/data/extracted/gpus/README.md).
    const std::map<std::string, std::size_t> notes{
        {"3.0", 85}, {"3.5", 34}, {"3.7", 1},  {"5.0", 38},  {"5.2", 26}, {"6.0", 6},
        {"6.1", 60}, {"7.0", 17}, {"7.5", 54}, {"8.0", 15},  {"8.6", 56}, {"8.9", 39},
        {"9.0", 15}, {"10.0", 2}, {"10.3", 2}, {"12.0", 35}, {"12.1", 1}};
    BOOST_TEST(per_capability.size() == notes.size());
    for (const auto& [capability, count] : notes) {
        BOOST_TEST(per_capability[capability] == count, capability);
    }
    BOOST_TEST(jetson == 11u);
    BOOST_TEST(inferred == 171u);
}

BOOST_AUTO_TEST_CASE(amd_rows_are_the_sourced_table_row_for_row) {
    const auto rows = rows_of(amd_gpu_model_table());
    const auto source = source_rows("amd_gpus.tsv");
    BOOST_TEST(source.size() == 144u);
    BOOST_TEST(rows.size() == source.size());
    std::size_t with_id = 0;
    for (const auto& expected : source) {
        const auto& id = expected.at("pci_id");
        const Row& row = amd_with(rows, expected.at("name"),
                                  id.empty() ? std::nullopt : std::optional<std::string>(id));
        with_id += id.empty() ? 0 : 1;
        BOOST_TEST(row.at("gfx_target") == expected.at("gfx_target"));
        BOOST_TEST(row.at("hsa_override").value_or("") == expected.at("hsa_override"));
        BOOST_TEST(row.at("segment") == expected.at("segment"));
        BOOST_TEST(row.at("derivation") == expected.at("source"));
        BOOST_TEST(row.at("inferred_from").has_value() ==
                   (expected.at("source").find("INFERRED") != std::string::npos));
    }
    BOOST_TEST(with_id == 106u); // 38 names from ROCm's documentation have none
}

BOOST_AUTO_TEST_CASE(intel_rows_are_the_sourced_table_without_functions_that_are_not_gpus) {
    const auto rows = rows_of(intel_gpu_model_table());
    const auto source = source_rows("intel_gpus.tsv");
    BOOST_TEST(source.size() == 108u);
    std::size_t left_out = 0;
    for (const auto& expected : source) {
        if (not_a_gpu(expected.at("name"))) {
            ++left_out;
            BOOST_TEST(std::none_of(rows.begin(), rows.end(), [&](const Row& row) {
                return row.at("pci_id") == expected.at("pci_id");
            }));
            continue;
        }
        const Row& row = intel_with(rows, expected.at("pci_id"));
        BOOST_TEST(row.at("name") == expected.at("name"));
        BOOST_TEST(row.at("family") == expected.at("family"));
        BOOST_TEST(row.at("xpu_support") == expected.at("xpu_support"));
        BOOST_TEST(row.at("derivation") == expected.at("source"));
        const bool listed = expected.at("xpu_support").starts_with("validated") ||
                            expected.at("xpu_support").starts_with("supported");
        BOOST_TEST(row.at("xpu_listed") == std::optional<std::string>(listed ? "1" : "0"));
    }
    BOOST_TEST(left_out == 14u);
    BOOST_TEST(rows.size() == 94u);
}

BOOST_AUTO_TEST_CASE(every_row_cites_each_source_its_derivation_names) {
    const std::vector<std::pair<std::string, std::string>> sources{
        {"pciutils/pciids pci.ids@c1c12547", "pci-ids"},
        {"NVIDIA/open-gpu-kernel-modules README.md@df1c9a3d", "nvidia-open-gpu-kernel-modules"},
        {"https://developer.nvidia.com/cuda-gpus", "nvidia-cuda-gpus"},
        {"https://developer.nvidia.com/cuda-legacy-gpus", "nvidia-cuda-legacy-gpus"},
        {"ollama/ollama docs/gpu.mdx@948f6933", "ollama-gpu-docs"},
        {"yespon/yespon.github.io.source", "yespon-cuda-gpus-2017"},
        {"BBC-Esq/VectorDB-Plugin-for-LM-Studio misc.md@1197f876", "bbc-esq-cuda-table"},
        {"easydiffusion/torchruntime", "torchruntime-source"},
        {"bminor/mesa-mesa", "mesa-amd-family"},
        {"ROCm/ROCm docs/reference/gpu-arch-specs.rst@e396b489", "rocm-gpu-arch-specs"},
        {"https://github.com/llvm/llvm-project/pull/155577", "llvm-pr-155577"},
        {"https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html",
         "pytorch-xpu-get-started"},
        {"PyTorch ROCm wheel gfx list", "pytorch-rocm-arch-list"},
        {"audit 2026-12 G1", "audit-2026-12-gpus"},
        {"bitsandbytes-foundation/bitsandbytes#2038", "bitsandbytes-pr-2038"},
        {"cuRANDDx", "nvidia-mathdx-thor-rename"}};
    // Rows added from newer sources (nvidia_gpus_added.tsv) are not the collection's.
    std::set<std::string> added;
    for (const auto& row : source_rows("nvidia_gpus_added.tsv")) {
        added.insert(row.at("name"));
    }
    std::map<std::string, std::size_t> cited;
    for (const TableSpec* table :
         {&gpu_model_table(), &amd_gpu_model_table(), &intel_gpu_model_table()}) {
        for (const Row& row : rows_of(*table)) {
            const std::string& derivation = *row.at("derivation");
            BOOST_TEST(cites(row, "gpu-tables-notes") != added.contains(*row.at("name")),
                       *row.at("name"));
            for (const auto& [text, citation] : sources) {
                if (derivation.find(text) != std::string::npos) {
                    BOOST_TEST(cites(row, citation), *row.at("name") << ": " << citation);
                    ++cited[citation];
                }
            }
        }
    }
    for (const auto& [text, citation] : sources) {
        BOOST_TEST(cited[citation] > 0u, citation << " is cited by no row");
    }
}

// Name -> capability or gfx target as each source document states it, and the row cites it.
BOOST_AUTO_TEST_CASE(spot_checks_from_each_source_document) {
    const auto nvidia = rows_of(gpu_model_table());
    const auto amd = rows_of(amd_gpu_model_table());
    const auto intel = rows_of(intel_gpu_model_table());
    struct NvidiaCheck {
        const char* name;
        const char* capability;
        const char* citation;
    };
    for (const auto& check : std::vector<NvidiaCheck>{
             {"GB10", "12.1", "nvidia-cuda-gpus"},             // "NVIDIA GB10 (DGX Spark)"
             {"GeForce RTX 5090", "12.0", "nvidia-cuda-gpus"}, // 12.0 GeForce
             {"B200", "10.0", "nvidia-cuda-gpus"},             // 10.0 Data Center
             {"H100", "9.0", "nvidia-cuda-gpus"},              // 9.0 Data Center
             {"GeForce RTX 4090", "8.9", "nvidia-cuda-gpus"},  // 8.9 GeForce
             {"Jetson AGX Orin", "8.7", "nvidia-cuda-gpus"},   // 8.7 Jetson
             {"GeForce RTX 3090", "8.6", "ollama-gpu-docs"},   // 8.6 GeForce, ollama's copy
             {"A30", "8.0", "ollama-gpu-docs"},                // 8.0 Data Center
             {"GeForce GTX 1080 Ti", "6.1", "nvidia-cuda-legacy-gpus"}, // 6.1 GeForce
             {"Jetson AGX Xavier", "7.2", "nvidia-cuda-legacy-gpus"},   // 7.2 Jetson
             {"Quadro M5000M", "5.0", "nvidia-cuda-legacy-gpus"},       // NVIDIA's 5.0 kept (GM204)
             {"Tesla K80", "3.7", "yespon-cuda-gpus-2017"},             // 3.7 Tesla
             {"Jetson TK1", "3.2", "yespon-cuda-gpus-2017"},            // 3.2 Tegra
             {"GeForce GTX 1660 Ti", "7.5", "bbc-esq-cuda-table"}, // third-party, no NVIDIA entry
             // Added from sources newer than the collection (the 2026-12 audit, G1).
             {"RTX PRO 4500 Blackwell Server Edition", "12.0", "nvidia-cuda-gpus"}, // newer copy
             {"RTX Spark", "12.1",
              "bitsandbytes-pr-2038"}, // "only targets sm121 for the RTX Spark"
         }) {
        const Row& row = nvidia_named(nvidia, check.name);
        BOOST_TEST(row.at("compute_capability") == std::optional<std::string>(check.capability),
                   check.name);
        BOOST_TEST(cites(row, check.citation), check.name);
        BOOST_TEST(!row.at("inferred_from").has_value(), check.name);
    }
    // The open GPU kernel modules' table and pci.ids give the ids.
    BOOST_TEST(nvidia_named(nvidia, "GeForce RTX 4090").at("pci_ids") ==
               std::optional<std::string>("10de:2684"));
    BOOST_TEST(cites(nvidia_named(nvidia, "GeForce RTX 4090"), "nvidia-open-gpu-kernel-modules"));
    BOOST_TEST(nvidia_named(nvidia, "GeForce GTX 1080 Ti").at("pci_ids") ==
               std::optional<std::string>("10de:1b06"));
    // Inferred from the chip: said so.
    const Row& inferred = nvidia_named(nvidia, "RTX 6000D");
    BOOST_TEST(inferred.at("inferred_from") == std::optional<std::string>("chip GB202"));
    BOOST_TEST(inferred.at("compute_capability") == std::optional<std::string>("12.0"));

    struct AmdCheck {
        const char* name;
        std::optional<std::string> pci_id;
        const char* gfx;
        const char* citation;
    };
    for (const auto& check : std::vector<AmdCheck>{
             {"Instinct MI300X", std::nullopt, "gfx942", "rocm-gpu-arch-specs"},
             {"Instinct MI250X", std::nullopt, "gfx90a", "rocm-gpu-arch-specs"},
             {"Radeon RX 7900 XTX", std::nullopt, "gfx1100", "rocm-gpu-arch-specs"},
             {"Radeon PRO W7900", std::nullopt, "gfx1100", "rocm-gpu-arch-specs"},
             {"Radeon VII", std::nullopt, "gfx906", "rocm-gpu-arch-specs"},
             {"Radeon RX 6800/6800 XT / 6900 XT", "1002:73bf", "gfx1030", "mesa-amd-family"},
             {"Radeon RX 9070/9070 XT/9070 GRE", "1002:7550", "gfx1201", "llvm-pr-155577"},
             {"Radeon 610M", "1002:1506", "gfx1037", "torchruntime-source"},
         }) {
        const Row& row = amd_with(amd, check.name, check.pci_id);
        BOOST_TEST(row.at("gfx_target") == std::optional<std::string>(check.gfx), check.name);
        BOOST_TEST(cites(row, check.citation), check.name);
    }
    BOOST_TEST(amd_with(amd, "Radeon 610M", "1002:1506").at("hsa_override") ==
               std::optional<std::string>("10.3.7"));

    struct IntelCheck {
        const char* pci_id;
        const char* name;
        const char* family;
        const char* listed;
    };
    for (const auto& check : std::vector<IntelCheck>{
             {"8086:e20b", "Arc B580", "Battlemage (Arc B-series)", "1"},
             {"8086:56a0", "Arc A770", "Alchemist (Arc A-series, DG2)", "1"},
             {"8086:0bd5", "Data Center GPU Max 1550", "Ponte Vecchio (Data Center GPU Max)", "1"},
             {"8086:56c0", "Data Center GPU Flex 170",
              "Alchemist-based Data Center GPU Flex (ATS-M)", "0"},
         }) {
        const Row& row = intel_with(intel, check.pci_id);
        BOOST_TEST(row.at("name") == std::optional<std::string>(check.name));
        BOOST_TEST(row.at("family") == std::optional<std::string>(check.family));
        BOOST_TEST(row.at("xpu_listed") == std::optional<std::string>(check.listed));
        BOOST_TEST(cites(row, "pytorch-xpu-get-started"));
        BOOST_TEST(cites(row, "pci-ids"));
    }
}

BOOST_AUTO_TEST_CASE(gpu_pci_holds_every_torchruntime_row) {
    const auto gpus = rows_of(gpu_pci_table());
    std::map<std::pair<std::string, std::string>, const Row*> by_id;
    for (const Row& row : gpus) {
        by_id[{*row.at("vendor"), *row.at("device")}] = &row;
    }
    auto db = sqlite::Database::open(test::source_path("tests/data/gpus/gpu_pci_ids.db"),
                                     sqlite::Database::Mode::ReadOnly);
    auto query = db.prepare("SELECT vendor_id, device_id, device_name, is_discrete FROM pci_ids");
    std::size_t rows = 0;
    const std::regex hex(R"([0-9a-f]{4})");
    while (query.step()) {
        ++rows;
        const std::string vendor = query.text(0);
        const std::string device = query.text(1);
        BOOST_TEST(std::regex_match(vendor, hex));
        BOOST_TEST(std::regex_match(device, hex));
        const auto it = by_id.find({vendor, device});
        BOOST_TEST_REQUIRE((it != by_id.end()), vendor << ":" << device);
        BOOST_TEST(it->second->at("name") == query.text(2), vendor << ":" << device);
        BOOST_TEST(it->second->at("discrete") == std::to_string(query.integer(3)));
    }
    BOOST_TEST(rows == 1693u);
    BOOST_TEST(gpus.size() == rows);
}

// torchruntime's PCI list is kept for the ids the product tables lack; where both have an id,
// pci.ids gives it the same chip in both (its names may differ between pci.ids versions).
BOOST_AUTO_TEST_CASE(torchruntime_pci_rows_agree_with_the_product_tables) {
    std::map<std::string, std::string> torchruntime; // "10de:1b06" -> "GP102 [GeForce …]"
    for (const Row& row : rows_of(gpu_pci_table())) {
        torchruntime[*row.at("vendor") + ":" + *row.at("device")] = *row.at("name");
    }
    std::size_t shared = 0;
    for (const Row& row : rows_of(gpu_model_table())) {
        const auto chips = words(row.at("codename"));
        for (const std::string& id : words(row.at("pci_ids"))) {
            const auto it = torchruntime.find(id);
            if (it == torchruntime.end()) {
                continue;
            }
            ++shared;
            const std::string codename = pci_codename(it->second);
            BOOST_TEST(
                std::any_of(chips.begin(), chips.end(),
                            [&](const std::string& chip) { return codename.starts_with(chip); }),
                id << ": torchruntime '" << it->second << "', table " << *row.at("name"));
        }
    }
    for (const TableSpec* table : {&amd_gpu_model_table(), &intel_gpu_model_table()}) {
        for (const Row& row : rows_of(*table)) {
            const auto it =
                row.at("pci_id") ? torchruntime.find(*row.at("pci_id")) : torchruntime.end();
            if (it == torchruntime.end()) {
                continue;
            }
            ++shared;
            BOOST_TEST(pci_codename(it->second) ==
                           pci_codename(quoted_pci_name(*row.at("derivation"))),
                       *row.at("pci_id"));
        }
    }
    BOOST_TEST(shared == 653u + 99u + 47u); // NVIDIA ids counted per row
}

BOOST_AUTO_TEST_SUITE_END()
