// `db build` on a copy of data/ with one bad value: for every column type a dataset table
// declares, the build fails at data/FILE.toml:LINE:COL naming the column and its type, and
// writes no database.
#include "engine/matrix/dataset_tables.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;
using torchpin::ValueType;

namespace {

// One bad value: `column` of the first `table` entry that has it becomes `bad` (TOML text);
// the error points `offset` characters after the start of the value's first item.
struct BadValue {
    ValueType type;
    std::string file;
    std::string table;
    std::string column;
    std::string bad;
    std::size_t offset; // 1-based column of the caret within `bad`
    std::string detail; // the end of the message
};

// clang-format off
const std::vector<BadValue> bad_values{
    {ValueType::Text, "citations.toml", "citation", "what", "12", 1, "text"},
    {ValueType::Flag, "gpus.toml", "gpu_pci", "discrete", "\"yes\"", 1, "true or false"},
    {ValueType::Natural, "cuda.toml", "cuda_compat", "cuda_major", "\"1x\"", 3, "whole number"},
    {ValueType::Version, "releases.toml", "torch_release", "torch", "\"2.1.x\"", 5, "PEP 440 version"},
    {ValueType::Specifier, "windows.toml", "windows_runtime", "torch", "\">=2.6,<\"", 9, "specifier"},
    {ValueType::Backend, "backends.toml", "release_backend", "backend", "\"cu12x\"", 6, "backend label"},
    {ValueType::CudaVersion, "cuda.toml", "backend_cuda", "cuda", "\"12.x\"", 5, "CUDA"},
    {ValueType::DriverVersion, "cuda.toml", "cuda_compat", "minimum_driver", "\"five\"", 2, "driver"},
    {ValueType::RocmVersion, "hsa_overrides.toml", "hsa_override", "rocm_up_to", "\"six\"", 2, "ROCm"},
    {ValueType::ComputeCapability, "arch_lists.toml", "compute_capability", "sm", "\"8\"", 3, "compute capability"},
    {ValueType::VcRuntimeVersion, "known_issues.toml", "known_issue", "unless_vc_runtime", "\"14.x\"", 5, "Visual C++"},
    {ValueType::Os, "backends.toml", "release_backend", "os", "\"beos\"", 2, "operating system"},
    {ValueType::CpuArch, "backends.toml", "pypi_backend", "arch", "\"sparc\"", 2, "CPU"},
    {ValueType::PciId, "gpus.toml", "intel_gpu_model", "pci_id", "\"8086-e20b\"", 11, "PCI"},
    {ValueType::PciHalf, "gpus.toml", "gpu_pci", "vendor", "\"10dx\"", 5, "hex"},
    {ValueType::GfxTarget, "hsa_overrides.toml", "hsa_override", "runs_as", "\"gfx\"", 5, "gfx"},
    {ValueType::Date, "releases.toml", "torch_release", "release_date", "\"2024-13-01\"", 7, "date"},
    {ValueType::Enum, "releases.toml", "torch_release", "install_style", "\"wheel\"", 2, "local-label"},
    {ValueType::ArchList, "arch_lists.toml", "cuda_arch_list", "arch_list", "[\"8.6\", \"sm86\"]", 10, "arch"},
    {ValueType::GfxList, "rocm.toml", "rocm_target", "gfx", "[\"gfx90a\", \"vega\"]", 13, "gfx"},
    {ValueType::PythonList, "releases.toml", "torch_release", "python", "[\"3.12\", \"three\"]", 11, "Python"},
    {ValueType::PciIdList, "gpus.toml", "gpu_model", "pci_ids", "[\"10de:zzzz\"]", 8, "PCI"},
    {ValueType::Words, "gpus.toml", "gpu_model", "codename", "[\"GA 102\"]", 5, "words"},
    {ValueType::Citations, "releases.toml", "torch_release", "cites", "[\"no-such-source\"]", 3, "citation"},
    {ValueType::Urls, "known_issues.toml", "known_issue", "links", "[\"ftp://x\"]", 3, "https://"},
    {ValueType::EnumList, "backends.toml", "release_backend", "evidence", "[\"rumour\"]", 3, "install-command"},
    {ValueType::Lines, "known_issues.toml", "known_issue", "patterns", "[\"one\\ntwo\"]", 2, "line"},
    {ValueType::Enum, "ecosystem.toml", "companion_package", "pairing", "\"loose\"", 2, "exact"},
    {ValueType::Specifier, "ecosystem.toml", "companion_package", "torch", "\"=>2.11\"", 2, "specifier"},
    {ValueType::EnumList, "ecosystem.toml", "companion_package", "files_on", "[\"ftp\"]", 3, "pytorch-index"},
};
// clang-format on

// A copy of data/ in a scratch directory; removed afterwards.
struct DataCopy {
    std::filesystem::path dir;
    DataCopy() {
        dir = std::filesystem::temp_directory_path() /
              ("torchpin_bad_values_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        std::filesystem::copy(test::source_path("data"), dir / "data",
                              std::filesystem::copy_options::recursive);
    }
    ~DataCopy() { std::filesystem::remove_all(dir); }
};

std::vector<std::string> read_lines(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

// Replaces the value of `column` in the first `table` entry that has it; returns its 1-based
// line and the 1-based column where the value starts.
std::pair<std::size_t, std::size_t> write_bad_value(const std::filesystem::path& path,
                                                    const BadValue& bad) {
    std::vector<std::string> lines = read_lines(path);
    bool in_table = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].starts_with("[[")) {
            in_table = lines[i] == "[[" + bad.table + "]]";
            continue;
        }
        if (in_table && lines[i].starts_with(bad.column + " = ")) {
            // An array written over several lines: its other lines go with it.
            if (lines[i].ends_with("[")) {
                while (i + 1 < lines.size() && !lines[i + 1].starts_with("]")) {
                    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                }
                lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            }
            lines[i] = bad.column + " = " + bad.bad;
            std::ofstream out(path);
            for (const std::string& line : lines) {
                out << line << '\n';
            }
            return {i + 1, bad.column.size() + 4};
        }
    }
    BOOST_FAIL("no " << bad.table << " entry with " << bad.column << " in " << path);
    return {};
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_bad_values)

BOOST_AUTO_TEST_CASE(every_column_type_of_the_dataset_has_a_case) {
    std::set<ValueType> used;
    for (const torchpin::TableSpec* spec : torchpin::dataset_tables()) {
        for (const torchpin::Column& column : spec->columns()) {
            used.insert(column.type);
        }
    }
    std::set<ValueType> covered;
    for (const BadValue& bad : bad_values) {
        covered.insert(bad.type);
    }
    BOOST_TEST((used == covered));
}

BOOST_AUTO_TEST_CASE(a_bad_value_fails_the_build_at_its_line_and_column) {
    for (const BadValue& bad : bad_values) {
        const DataCopy copy;
        const auto [line, start] = write_bad_value(copy.dir / "data" / bad.file, bad);
        const auto db = copy.dir / "matrix.db";
        const auto result = test::run_torchpin(
            {"--db", db.string(), "db", "build", "--data", (copy.dir / "data").string()});
        std::ostringstream where;
        where << (copy.dir / "data" / bad.file).string() << ':' << line << ':'
              << start + bad.offset - 1 << ": error: ";
        const std::string message =
            where.str() + "column \"" + bad.column + "\" of " + bad.table + " must be ";
        BOOST_TEST_CONTEXT(bad.table << '.' << bad.column << " = " << bad.bad) {
            BOOST_TEST(result.exit_code == 2);
            BOOST_TEST(result.err.find(message) != std::string::npos, result.err);
            BOOST_TEST(result.err.find(bad.detail) != std::string::npos, result.err);
            BOOST_TEST(!std::filesystem::exists(db));
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
