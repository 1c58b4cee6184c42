// The CUDA, arch-list and ROCm data files: well-formed, consistent with each other and with the
// raw sources they were curated from (copies under tests/data/cuda).
#include "engine/hardware/backend.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/gfx_target.hpp"
#include "engine/hardware/rocm_version.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/version.hpp"
#include "importers/dataset/dataset_table_file.hpp"
#include "tests/importers/dataset/dataset_rows.hpp"
#include "tests/support/printing.hpp"
#include "tests/support/tables.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using namespace torchpin;

namespace {

using Row = test::DatasetRow;

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

std::string without_ptx(const std::string& arch) {
    const auto plus = arch.find('+');
    return plus == std::string::npos ? arch : arch.substr(0, plus);
}

// "5.0 8.6+PTX" -> {"5.0", "8.6+PTX"}, or without the PTX marks.
std::set<std::string> arch_set(const std::string& list, bool keep_ptx = true) {
    std::set<std::string> out;
    for (const std::string& arch : words(list)) {
        out.insert(keep_ptx ? arch : without_ptx(arch));
    }
    return out;
}

CudaVersion major_minor(const CudaVersion& v) {
    return CudaVersion(v.major(), v.minor());
}

const Row* find_driver(const std::vector<Row>& drivers, const std::string& cuda,
                       const std::string& os) {
    for (const Row& row : drivers) {
        if (row.at("cuda") == cuda && row.at("os") == os) {
            return &row;
        }
    }
    return nullptr;
}

// The cuda_arch_list row for (torch, backend, os, arch), or nullptr.
const Row* find_arch_list(const std::vector<Row>& lists, const Version& torch,
                          const std::string& backend, const std::string& os,
                          const std::string& arch) {
    const Row* found = nullptr;
    for (const Row& row : lists) {
        if (row.at("backend") == backend && row.at("os") == os && row.at("arch") == arch &&
            SpecifierSet::from(*row.at("torch")).contains(torch)) {
            found = &row;
        }
    }
    return found;
}

// NVIDIA's release label as cuda_driver keys it: "CUDA 12.1 Update 1" -> 12.1.1,
// "CUDA 11.8 GA" -> 11.8.0, "CUDA 10.2.89" -> 10.2.89, "CUDA 9.2 (9.2.148 Update 1)" -> 9.2.148.
std::string release_key(const std::string& label) {
    std::smatch m;
    static const std::regex named(R"(CUDA (\d+)\.(\d+)(?:\.(\d+))? (GA|RC|Update (\d+)))");
    static const std::regex in_parens(R"(CUDA [\d.]+ \((\d+\.\d+\.\d+).*\))");
    static const std::regex plain(R"(CUDA (\d+\.\d+\.\d+))");
    if (std::regex_match(label, m, named)) {
        const std::string patch = m[3].matched ? m[3].str() : m[5].matched ? m[5].str() : "0";
        return m[1].str() + "." + m[2].str() + "." + patch;
    }
    if (std::regex_match(label, m, in_parens) || std::regex_match(label, m, plain)) {
        return m[1].str();
    }
    BOOST_FAIL("unrecognised NVIDIA release label: " + label);
    return "";
}

} // namespace

BOOST_AUTO_TEST_SUITE(dataset_cuda)

BOOST_AUTO_TEST_CASE(driver_rows_are_well_formed) {
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    BOOST_TEST(drivers.size() >= 130u);
    for (const Row& row : drivers) {
        const std::string where = *row.at("cuda") + " " + *row.at("os");
        BOOST_TEST(CudaVersion::parse(*row.at("cuda")).has_value(), where);
        BOOST_TEST((row.at("os") == "linux" || row.at("os") == "windows"), where);
        for (const char* column : {"toolkit_minimum", "installer_driver", "used"}) {
            if (row.at(column)) {
                BOOST_TEST(DriverVersion::parse(*row.at(column)).has_value(), where);
            }
        }
        // used is one of the two numbers, and a row that departs from NVIDIA's says why.
        if (row.at("used")) {
            BOOST_TEST((row.at("used") == row.at("toolkit_minimum") ||
                        row.at("used") == row.at("installer_driver")),
                       where);
            if (row.at("used") != row.at("toolkit_minimum")) {
                BOOST_TEST_REQUIRE(row.at("note").has_value(), where);
                BOOST_TEST(row.at("note")->find("uses " + *row.at("used")) != std::string::npos,
                           where);
            }
        } else {
            // No number to compare with: the note must send the reader to the minor's branch.
            BOOST_TEST_REQUIRE(row.at("note").has_value(), where);
            BOOST_TEST(row.at("note")->find("cuda_branch") != std::string::npos, where);
        }
    }
}

BOOST_AUTO_TEST_CASE(driver_branches_transcribe_nvidias_table_and_hold_its_minimums) {
    // One row per 13.x minor NVIDIA names, major.minor only, the branch as NVIDIA gives it; every
    // per-release minimum of a minor is a driver of its branch (>= R, < the next minor's R); and
    // every release row without a minimum (Windows 13.x) has a branch to fall back on.
    std::ifstream in(test::source_path("tests/data/cuda/cuda_minor_version_compat.json"));
    const auto nvidia = nlohmann::json::parse(in).at("driver_branch_per_toolkit");
    const auto branches = test::dataset_rows("cuda.toml", cuda_branch_table());
    BOOST_TEST(branches.size() == nvidia.size());
    std::map<std::string, DriverVersion> branch_of;
    for (const Row& row : branches) {
        const std::string cuda = *row.at("cuda");
        BOOST_TEST(!CudaVersion::from(cuda).patch().has_value(), cuda);
        BOOST_TEST_REQUIRE(nvidia.contains(cuda), cuda);
        BOOST_TEST(nvidia.at(cuda).get<std::string>() == "R" + *row.at("branch"), cuda);
        branch_of.emplace(cuda, DriverVersion::from(*row.at("branch")));
    }
    for (const Row& row : test::dataset_rows("cuda.toml", cuda_driver_table())) {
        const CudaVersion cuda = CudaVersion::from(*row.at("cuda"));
        const std::string minor = major_minor(cuda).to_string();
        if (cuda.major() < 13) {
            continue;
        }
        const std::string where = *row.at("cuda") + " " + *row.at("os");
        BOOST_TEST_REQUIRE(branch_of.contains(minor), where);
        if (row.at("used")) {
            const DriverVersion used = DriverVersion::from(*row.at("used"));
            BOOST_TEST(!(used < branch_of.at(minor)), where);
            const auto next = branch_of.upper_bound(minor);
            BOOST_TEST((next == branch_of.end() || used < next->second), where);
        }
    }
}

BOOST_AUTO_TEST_CASE(driver_minimums_rise_with_the_cuda_version) {
    // No exceptions are needed: NVIDIA's minimums, the installers' drivers and the numbers
    // torchpin uses all rise (or stay) with the toolkit release, on both systems.
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    for (const std::string os : {"linux", "windows"}) {
        for (const char* column : {"used", "toolkit_minimum", "installer_driver"}) {
            std::vector<std::pair<CudaVersion, DriverVersion>> series;
            for (const Row& row : drivers) {
                if (row.at("os") == os && row.at(column)) {
                    series.emplace_back(CudaVersion::from(*row.at("cuda")),
                                        DriverVersion::from(*row.at(column)));
                }
            }
            std::sort(series.begin(), series.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
            BOOST_TEST(series.size() > 10u);
            for (std::size_t i = 1; i < series.size(); ++i) {
                BOOST_TEST((series[i - 1].second <= series[i].second),
                           os << " " << column << ": " << series[i - 1].first.to_string()
                              << " needs " << series[i - 1].second.to_string() << " but "
                              << series[i].first.to_string() << " only "
                              << series[i].second.to_string());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(nvidia_table_and_installer_names_are_transcribed_exactly) {
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    std::size_t checked = 0;
    for (const auto& line : test::read_table("cuda/cuda_toolkit_driver_versions.tsv")) {
        if (line[0] == "cuda_toolkit_release") {
            continue;
        }
        std::string cuda = release_key(line[0]);
        if (cuda == "9.0.76") {
            cuda = "9.0.176"; // keyed by the real release, see the row's note
        }
        for (const auto& [os, value] : {std::pair{std::string("linux"), line[2]},
                                        std::pair{std::string("windows"), line[3]}}) {
            const Row* row = find_driver(drivers, cuda, os);
            BOOST_TEST_REQUIRE(row != nullptr, cuda << " " << os);
            const std::optional<std::string> expected =
                value == "N/A" ? std::nullopt : std::optional<std::string>(value);
            BOOST_TEST(row->at("toolkit_minimum") == expected, cuda << " " << os);
            ++checked;
        }
    }
    BOOST_TEST(checked == 128u); // 64 NVIDIA rows, two systems each

    // Installer drivers: one per (release, os) where the file names agree; the two 13.0.0
    // Windows names disagree and the row leaves the number out.
    std::map<std::pair<std::string, std::string>, std::set<std::string>> seen;
    for (const auto& line : test::read_table("cuda/cuda_installer_bundled_driver_versions.tsv")) {
        if (line[0] != "cuda_version" && (line[2] == "linux" || line[2] == "windows")) {
            seen[{line[0], line[2]}].insert(line[1]);
        }
    }
    for (const auto& [release, found] : seen) {
        const Row* row = find_driver(drivers, release.first, release.second);
        BOOST_TEST_REQUIRE(row != nullptr, release.first << " " << release.second);
        if (found.size() == 1) {
            BOOST_TEST(row->at("installer_driver") == *found.begin(), release.first);
        } else {
            BOOST_TEST(!row->at("installer_driver").has_value(), release.first);
            BOOST_TEST(row->at("note")->find("two") != std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_CASE(the_11_8_windows_disagreement_is_kept) {
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    const Row* row = find_driver(drivers, "11.8.0", "windows");
    BOOST_TEST_REQUIRE(row != nullptr);
    BOOST_TEST(row->at("toolkit_minimum") == std::optional<std::string>("520.06"));
    BOOST_TEST(row->at("installer_driver") == std::optional<std::string>("522.06"));
    BOOST_TEST(row->at("used") == std::optional<std::string>("522.06"));
    BOOST_TEST(row->at("note")->find("torchpin uses 522.06") != std::string::npos);
    BOOST_TEST(row->at("note")->find("520.06") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(every_variant_toolkit_has_driver_rows) {
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    const auto variants = test::dataset_rows("cuda.toml", backend_cuda_table());
    BOOST_TEST(variants.size() >= 15u);
    for (const Row& row : variants) {
        const std::string label = *row.at("backend");
        const auto backend = Backend::parse(label);
        BOOST_TEST_REQUIRE(backend.has_value(), label);
        BOOST_TEST_REQUIRE((backend->kind() == BackendKind::Cuda), label);
        const CudaVersion cuda = CudaVersion::from(*row.at("cuda"));
        BOOST_TEST(cuda.patch().has_value(), label); // an exact toolkit release
        BOOST_TEST((major_minor(cuda) == *backend->cuda_version()), label);
        const Row* linux_row = find_driver(drivers, *row.at("cuda"), "linux");
        BOOST_TEST_REQUIRE(linux_row != nullptr, label);
        BOOST_TEST(linux_row->at("used").has_value(), label);
        BOOST_TEST(find_driver(drivers, *row.at("cuda"), "windows") != nullptr, label);
    }
}

BOOST_AUTO_TEST_CASE(release_minimums_lie_in_their_minor_version_range) {
    const auto drivers = test::dataset_rows("cuda.toml", cuda_driver_table());
    const auto compat = test::dataset_rows("cuda.toml", cuda_compat_table());
    BOOST_TEST(compat.size() == 6u);
    // Documented in the rows' notes: CUDA 11.0 shipped before the 11.x floor existed, and the
    // 12.0 GA Windows toolkit minimum (527.41) is below the 12.x Windows floor (528.33).
    const std::set<std::pair<std::string, std::string>> below_floor{
        {"11.0.1", "linux"},   {"11.0.2", "linux"},   {"11.0.3", "linux"},  {"11.0.1", "windows"},
        {"11.0.2", "windows"}, {"11.0.3", "windows"}, {"12.0.0", "windows"}};
    for (const Row& range : compat) {
        const DriverVersion floor = DriverVersion::from(*range.at("minimum_driver"));
        std::optional<DriverVersion> ceiling;
        if (range.at("below_driver")) {
            ceiling = DriverVersion::from(*range.at("below_driver"));
            BOOST_TEST((floor < *ceiling));
        }
        std::size_t releases = 0;
        for (const Row& row : drivers) {
            const CudaVersion cuda = CudaVersion::from(*row.at("cuda"));
            if (std::to_string(cuda.major()) != *range.at("cuda_major") ||
                row.at("os") != range.at("os") || !row.at("used")) {
                continue;
            }
            ++releases;
            const DriverVersion used = DriverVersion::from(*row.at("used"));
            const bool exception = below_floor.contains({*row.at("cuda"), *row.at("os")});
            BOOST_TEST(((floor <= used) != exception), *row.at("cuda") << " " << *row.at("os"));
            if (ceiling) {
                BOOST_TEST((used < *ceiling), *row.at("cuda"));
            }
        }
        // 13.x Windows has no per-release minimum at all.
        if (!(range.at("cuda_major") == "13" && range.at("os") == "windows")) {
            BOOST_TEST(releases > 0u, *range.at("cuda_major") << " " << *range.at("os"));
        }
    }
}

BOOST_AUTO_TEST_CASE(arch_lists_are_well_formed_and_sourced) {
    const auto lists = test::dataset_rows("arch_lists.toml", cuda_arch_list_table());
    const auto capabilities = test::dataset_rows("arch_lists.toml", compute_capability_table());
    std::map<std::string, CudaVersion> first_cuda;
    for (const Row& row : capabilities) {
        BOOST_TEST(std::regex_match(*row.at("sm"), std::regex(R"(\d+\.\d)")), *row.at("sm"));
        first_cuda.emplace(*row.at("sm"), CudaVersion::from(*row.at("first_cuda")));
    }
    const std::set<std::string> bases{"build-script", "release-rules", "conda-measured",
                                      "release-matrix"};
    const std::regex entry(R"(\d+\.\d(\+PTX)?)");
    BOOST_TEST(lists.size() >= 60u);
    for (const Row& row : lists) {
        const std::string where = *row.at("torch") + " " + *row.at("backend") + " " +
                                  *row.at("os") + " " + *row.at("arch");
        BOOST_TEST(SpecifierSet::parse(*row.at("torch")).has_value(), where);
        const auto backend = Backend::parse(*row.at("backend"));
        BOOST_TEST_REQUIRE(backend.has_value(), where);
        BOOST_TEST_REQUIRE((backend->kind() == BackendKind::Cuda), where);
        BOOST_TEST((row.at("os") == "linux" || row.at("os") == "windows"), where);
        BOOST_TEST((row.at("arch") == "x86_64" || row.at("arch") == "aarch64"), where);
        BOOST_TEST(bases.contains(*row.at("basis")), where);
        const auto archs = words(*row.at("arch_list"));
        BOOST_TEST(!archs.empty(), where);
        BOOST_TEST(arch_set(*row.at("arch_list"), false).size() == archs.size(), where);
        for (const std::string& arch : archs) {
            BOOST_TEST(std::regex_match(arch, entry), where << ": " << arch);
            // Every capability has a row, and its first toolkit is not newer than the build's.
            const auto first = first_cuda.find(without_ptx(arch));
            BOOST_TEST_REQUIRE((first != first_cuda.end()), where << ": no row for " << arch);
            BOOST_TEST((major_minor(first->second) <= *backend->cuda_version()),
                       where << ": " << arch << " needs CUDA " << first->second.to_string());
        }
        if (row.at("basis") == "conda-measured") {
            BOOST_TEST(row.at("note")->find("conda") != std::string::npos, where);
            BOOST_TEST(row.at("arch_list")->find("+PTX") == std::string::npos, where);
        }
    }
}

// Capabilities no PyTorch build lists take their first toolkit from NVIDIA's notes or clang's
// per-target table, transcribed here with the citation each row must carry.
BOOST_AUTO_TEST_CASE(capabilities_outside_every_build_have_their_sourced_first_toolkit) {
    const auto capabilities = test::dataset_rows("arch_lists.toml", compute_capability_table());
    struct Expected {
        const char* sm;
        const char* first_cuda;
        const char* citation;
    };
    for (const auto& expected : std::vector<Expected>{
             {"8.7", "11.4", "clang-cuda-min-version"},     // SM_87 -> CUDA_114 (Orin)
             {"10.1", "12.8", "clang-cuda-min-version"},    // SM_101 -> CUDA_128 (Thor, <= 12.9)
             {"10.3", "12.9", "nvidia-cuda-12.9-features"}, // "adds ... 10.3 (sm_103 ...)"
             {"12.1", "12.9", "nvidia-cuda-12.9-features"}, // "... and 12.1 (sm_121)"
             {"10.7", "13.4", "nvidia-cuda-13.4-rubin-preview"}, // Rubin, preview support
         }) {
        const auto row = std::find_if(capabilities.begin(), capabilities.end(),
                                      [&](const Row& r) { return r.at("sm") == expected.sm; });
        BOOST_TEST_REQUIRE((row != capabilities.end()), "no row for " << expected.sm);
        BOOST_TEST(row->at("first_cuda") == std::optional<std::string>(expected.first_cuda),
                   expected.sm);
        const auto cited = words(row->at("cites").value_or(""));
        BOOST_TEST((std::find(cited.begin(), cited.end(), expected.citation) != cited.end()),
                   expected.sm << " cites " << expected.citation);
    }
    // The preview-only first toolkit says so where the row is read.
    const auto rubin = std::find_if(capabilities.begin(), capabilities.end(),
                                    [](const Row& r) { return r.at("sm") == "10.7"; });
    BOOST_TEST(rubin->at("note").value_or("").find("UNCERTAIN") != std::string::npos);
}

// Every capability of a named NVIDIA GPU has a first toolkit, except those no source gives one
// for (docs/data.md, "Known gaps").
BOOST_AUTO_TEST_CASE(every_capability_of_a_named_gpu_has_a_row_or_is_a_known_gap) {
    const auto capabilities = test::dataset_rows("arch_lists.toml", compute_capability_table());
    std::set<std::string> with_row;
    for (const Row& row : capabilities) {
        with_row.insert(*row.at("sm"));
    }
    const std::set<std::string> known_gaps{"3.2", "6.2", "7.2", "8.9"};
    std::set<std::string> missing;
    for (const Row& gpu : test::dataset_rows("gpus.toml", gpu_model_table())) {
        const std::string capability = *gpu.at("compute_capability");
        if (!with_row.contains(capability)) {
            missing.insert(capability);
        }
    }
    BOOST_TEST(missing == known_gaps);
}

BOOST_AUTO_TEST_CASE(rows_of_one_variant_never_overlap) {
    const auto lists = test::dataset_rows("arch_lists.toml", cuda_arch_list_table());
    std::vector<Version> releases;
    for (int minor = 0; minor <= 13; ++minor) {
        for (int patch = 0; patch <= 2; ++patch) {
            releases.push_back(
                Version::from("1." + std::to_string(minor) + "." + std::to_string(patch)));
        }
    }
    for (int minor = 0; minor <= 16; ++minor) {
        for (int patch = 0; patch <= 3; ++patch) {
            releases.push_back(
                Version::from("2." + std::to_string(minor) + "." + std::to_string(patch)));
        }
    }
    for (const Version& torch : releases) {
        std::map<std::string, int> matches;
        for (const Row& row : lists) {
            if (SpecifierSet::from(*row.at("torch")).contains(torch)) {
                ++matches[*row.at("backend") + " " + *row.at("os") + " " + *row.at("arch")];
            }
        }
        for (const auto& [variant, count] : matches) {
            BOOST_TEST(count == 1, torch.to_string() << " " << variant);
        }
    }
}

BOOST_AUTO_TEST_CASE(arch_lists_agree_with_release_md) {
    // RELEASE.md's "PyTorch CUDA Support Matrix" (releases 2.12 - 2.14), copied verbatim.
    const auto lists = test::dataset_rows("arch_lists.toml", cuda_arch_list_table());
    const auto variants = test::dataset_rows("cuda.toml", backend_cuda_table());
    const std::string text =
        test::read_file(test::source_path("tests/data/cuda/release_md_cuda_support_matrix.md"));
    const std::regex table_row(R"(\| (\d+\.\d+\.\d+) \| ([^|]+)\|)");
    const std::regex capability(R"(\d+\.\d(\+PTX)?)");
    // Documented in the row's note: the Windows cu126 script also builds 6.1, which RELEASE.md
    // (one capability per architecture) does not name.
    const std::map<std::string, std::set<std::string>> extra{{"cu126 windows", {"6.1"}}};
    std::istringstream in(text);
    bool aarch64 = false;
    std::size_t compared = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.find("Linux aarch64") != std::string::npos) {
            aarch64 = true;
        }
        std::smatch m;
        if (!std::regex_search(line, m, table_row)) {
            continue;
        }
        std::set<std::string> expected;
        const std::string cells = m[2].str();
        for (auto it = std::sregex_iterator(cells.begin(), cells.end(), capability);
             it != std::sregex_iterator(); ++it) {
            expected.insert(it->str());
        }
        // The variant built with that exact toolkit release.
        std::string backend;
        for (const Row& row : variants) {
            if (row.at("cuda") == m[1].str()) {
                backend = *row.at("backend");
            }
        }
        BOOST_TEST_REQUIRE(!backend.empty(), "no backend_cuda row for CUDA " << m[1].str());
        const std::vector<std::pair<std::string, std::string>> targets =
            aarch64 ? std::vector<std::pair<std::string, std::string>>{{"linux", "aarch64"}}
                    : std::vector<std::pair<std::string, std::string>>{{"linux", "x86_64"},
                                                                       {"windows", "x86_64"}};
        for (const auto& [os, arch] : targets) {
            for (const char* torch : {"2.12.0", "2.13.0", "2.14.0"}) {
                const Row* row = find_arch_list(lists, Version::from(torch), backend, os, arch);
                BOOST_TEST_REQUIRE(row != nullptr,
                                   torch << " " << backend << " " << os << " " << arch);
                // "+PTX available on linux builds only".
                const bool ptx = os == "linux";
                std::set<std::string> want;
                for (const std::string& a : expected) {
                    want.insert(ptx ? a : without_ptx(a));
                }
                std::set<std::string> have = arch_set(*row->at("arch_list"), ptx);
                if (const auto it = extra.find(backend + " " + os); it != extra.end()) {
                    for (const std::string& a : it->second) {
                        BOOST_TEST(have.erase(a) == 1u, backend << " " << os << " lost " << a);
                    }
                    BOOST_TEST(row->at("note")->find("6.1") != std::string::npos);
                }
                BOOST_TEST((have == want), torch << " " << backend << " " << os << " " << arch
                                                 << ": " << *row->at("arch_list"));
                ++compared;
            }
        }
    }
    BOOST_TEST(compared == 27u); // 3 toolkits x (x86_64 Linux, Windows, aarch64) x 3 releases
}

BOOST_AUTO_TEST_CASE(release_rules_rows_agree_with_torch_check) {
    // rice8y/torch-check's reviewed per-release lists (Linux x86_64), copied verbatim.
    const auto lists = test::dataset_rows("arch_lists.toml", cuda_arch_list_table());
    const auto rules = nlohmann::json::parse(
        test::read_file(test::source_path("tests/data/cuda/pytorch-release-rules.json")));
    std::map<std::string, std::set<std::string>> published; // series -> variants
    for (const auto& release : rules.at("releases")) {
        for (const auto& variant : release.at("variants")) {
            published[release.at("series").get<std::string>()].insert(variant.get<std::string>());
        }
    }
    std::size_t compared = 0;
    for (const auto& entry : rules.at("gpu_architectures")) {
        BOOST_TEST(entry.at("platform") == "linux_x86_64");
        std::set<std::string> want;
        for (const auto& cc : entry.at("cubin_capabilities")) {
            want.insert(cc.get<std::string>());
        }
        if (!entry.at("ptx_capability").is_null()) {
            const std::string ptx = entry.at("ptx_capability");
            BOOST_TEST_REQUIRE(want.erase(ptx) == 1u);
            want.insert(ptx + "+PTX");
        }
        const std::string series = entry.at("series");
        for (const auto& variant_json : entry.at("variants")) {
            const std::string variant = variant_json;
            if (!published[series].contains(variant)) {
                continue; // a rule for a variant that release did not publish
            }
            for (const auto& version_json : entry.at("versions")) {
                const std::string version = version_json;
                const Row* row =
                    find_arch_list(lists, Version::from(version), variant, "linux", "x86_64");
                BOOST_TEST_REQUIRE(row != nullptr, version << " " << variant);
                BOOST_TEST(row->at("basis") == std::optional<std::string>("release-rules"));
                BOOST_TEST((arch_set(*row->at("arch_list")) == want),
                           version << " " << variant << ": " << *row->at("arch_list"));
                ++compared;
            }
        }
    }
    BOOST_TEST(compared >= 25u);
}

BOOST_AUTO_TEST_CASE(rocm_targets_are_well_formed) {
    const auto targets = test::dataset_rows("rocm.toml", rocm_target_table());
    BOOST_TEST(targets.size() >= 9u);
    const std::regex gfx(R"(gfx\d{1,2}[0-9][0-9a-f])");
    for (const Row& row : targets) {
        const auto backend = Backend::parse(*row.at("backend"));
        BOOST_TEST_REQUIRE(backend.has_value(), *row.at("backend"));
        BOOST_TEST((backend->kind() == BackendKind::Rocm), *row.at("backend"));
        const auto list = words(*row.at("gfx"));
        BOOST_TEST(!list.empty());
        BOOST_TEST(std::set<std::string>(list.begin(), list.end()).size() == list.size());
        for (const std::string& target : list) {
            BOOST_TEST(std::regex_match(target, gfx), *row.at("backend") << ": " << target);
        }
    }
}

// A release's own toolkit is for a build the release published (on the row's system), has a
// driver row of its minor, and one (torch, backend) is keyed either per system or for all.
BOOST_AUTO_TEST_CASE(release_toolkits_are_of_published_builds_with_a_driver_row) {
    std::set<std::string> published;
    for (const Row& build : test::dataset_rows("backends.toml", release_backend_table())) {
        published.insert(*build.at("torch") + ' ' + *build.at("backend") + ' ' + *build.at("os"));
        published.insert(*build.at("torch") + ' ' + *build.at("backend") + " any");
    }
    std::set<std::string> minors;
    for (const Row& row : test::dataset_rows("cuda.toml", cuda_driver_table())) {
        const CudaVersion cuda = CudaVersion::from(*row.at("cuda"));
        minors.insert(std::to_string(cuda.major()) + '.' + std::to_string(cuda.minor()));
    }
    std::map<std::string, std::set<std::string>> systems; // "2.14.1 cu132" -> {"linux"}
    const auto rows = test::dataset_rows("cuda.toml", release_cuda_table());
    BOOST_TEST(rows.size() >= 10u);
    for (const Row& row : rows) {
        const std::string build = *row.at("torch") + ' ' + *row.at("backend");
        const std::string os = row.at("os").value_or("any");
        BOOST_TEST(published.contains(build + ' ' + os), build << ' ' << os);
        const CudaVersion cuda = CudaVersion::from(*row.at("cuda"));
        BOOST_TEST(
            minors.contains(std::to_string(cuda.major()) + '.' + std::to_string(cuda.minor())),
            build);
        BOOST_TEST(systems[build].insert(os).second, build << ' ' << os << " twice");
    }
    for (const auto& [build, oses] : systems) {
        BOOST_TEST(!(oses.contains("any") && oses.size() > 1u), build);
    }
}

// The builds' own lists are keyed by torch release: no two rows of a backend hold one published
// build, and every published ROCm build of 2.10 - 2.14 has one (data/rocm.toml's header).
BOOST_AUTO_TEST_CASE(rocm_lists_keyed_by_release_cover_each_published_build_once) {
    const auto targets = test::dataset_rows("rocm.toml", rocm_target_table());
    std::size_t covered = 0;
    for (const Row& build : test::dataset_rows("backends.toml", release_backend_table())) {
        const std::string backend = *build.at("backend");
        if (!backend.starts_with("rocm")) {
            continue;
        }
        const Version torch = Version::from(*build.at("torch"));
        std::size_t holding = 0;
        for (const Row& row : targets) {
            if (*row.at("backend") == backend && row.at("torch") &&
                SpecifierSet::from(*row.at("torch")).contains(torch, true)) {
                ++holding;
            }
        }
        BOOST_TEST(holding <= 1u, backend << " " << torch.to_string());
        const bool audited = !(torch < Version::from("2.10.0")) && torch < Version::from("2.15.0");
        BOOST_TEST((holding == 1u || !audited), backend << " " << torch.to_string());
        covered += holding;
    }
    BOOST_TEST(covered == 14u); // 2.10.0: 7.0, 7.1; 2.11.0 - 2.13.0: 7.1, 7.2; 2.14.x: 7.2, 7.14
}

// rocm7.14 of torch 2.14 (the builder's ROCm 7.14 path): no gfx900/gfx906, no RDNA1, no gfx1036,
// although the rocm7.14 index mirrors ROCm device packages for RDNA1 and gfx1031 - gfx1036.
BOOST_AUTO_TEST_CASE(rocm7_14_of_torch_2_14_lists_the_builders_thirteen_targets) {
    for (const Row& row : test::dataset_rows("rocm.toml", rocm_target_table())) {
        if (*row.at("backend") != "rocm7.14") {
            continue;
        }
        BOOST_TEST(row.at("torch") == std::optional<std::string>(">=2.14,<2.15"));
        BOOST_TEST(words(*row.at("gfx")) ==
                       (std::vector<std::string>{"gfx908", "gfx90a", "gfx942", "gfx950", "gfx1030",
                                                 "gfx1100", "gfx1101", "gfx1102", "gfx1103",
                                                 "gfx1200", "gfx1201", "gfx1150", "gfx1151"}),
                   boost::test_tools::per_element());
    }
}

BOOST_AUTO_TEST_CASE(hsa_overrides_run_each_gpu_as_another_target_some_build_carries) {
    const auto overrides = test::dataset_rows("hsa_overrides.toml", hsa_override_table());
    BOOST_TEST(overrides.size() >= 9u);
    std::set<std::string> carried;
    for (const Row& row : test::dataset_rows("rocm.toml", rocm_target_table())) {
        for (const std::string& gfx : words(*row.at("gfx"))) {
            carried.insert(gfx);
        }
    }
    for (const Row& row : overrides) {
        const std::string gfx = *row.at("gfx");
        const auto runs_as = gfx_target_of_override(*row.at("hsa_version"));
        BOOST_TEST_REQUIRE(runs_as.has_value(), gfx);
        BOOST_TEST(*runs_as == *row.at("runs_as"), gfx);
        BOOST_TEST(*runs_as != gfx);
        BOOST_TEST(carried.contains(*runs_as), gfx << " runs as " << *runs_as);
        if (const auto& up_to = row.at("rocm_up_to")) {
            BOOST_TEST(RocmVersion::parse(*up_to).has_value(), gfx);
        }
    }
}

// shared/data's AMD table: each discrete family's value (its hsa_override column, or "torchruntime
// still sets X for this family") is in data/hsa_overrides.toml exactly when it names another
// target than the GPU's own; integrated GPUs' per-device values are left out.
BOOST_AUTO_TEST_CASE(hsa_overrides_transcribe_the_amd_table) {
    std::map<std::string, Row> by_gfx;
    for (const Row& row : test::dataset_rows("hsa_overrides.toml", hsa_override_table())) {
        by_gfx[*row.at("gfx")] = row;
    }
    const std::regex still_sets(R"(torchruntime still sets ([0-9.]+) for this family)");
    const std::regex chip(R"(chip "?(Navi \d+))");
    std::set<std::string> expected;
    std::set<std::string> chip_seen;
    const auto table = test::read_table("gpus/amd_gpus.tsv");
    BOOST_TEST_REQUIRE(table.size() > 100u);
    for (std::size_t i = 1; i < table.size(); ++i) { // after the header
        const auto& fields = table[i];
        BOOST_TEST_REQUIRE(fields.size() == 6u);
        const std::string& gfx = fields[2];
        const std::string& source = fields[5];
        if (source.find("AMD_INTEGRATED_GPUS") != std::string::npos) {
            BOOST_TEST(!by_gfx.contains(gfx), gfx << " (integrated)");
            continue;
        }
        std::string value = fields[3];
        std::smatch found;
        if (value.empty() && std::regex_search(source, found, still_sets)) {
            value = found[1];
        }
        if (value.empty()) {
            continue; // a row that names no value (ROCm's documentation rows)
        }
        if (gfx_target_of_override(value).value() == gfx) {
            BOOST_TEST(!by_gfx.contains(gfx), gfx << " -> " << value << ", its own target");
            continue;
        }
        expected.insert(gfx);
        BOOST_TEST_REQUIRE(by_gfx.contains(gfx), gfx << " -> " << value);
        BOOST_TEST(*by_gfx[gfx].at("hsa_version") == value, gfx);
        if (std::regex_search(source, found, chip)) { // rows from pci.ids; not ROCm's doc rows
            BOOST_TEST(*by_gfx[gfx].at("chip") == found[1].str(), gfx);
            chip_seen.insert(gfx);
        }
    }
    for (const auto& [gfx, row] : by_gfx) {
        BOOST_TEST(expected.contains(gfx), gfx << " has no row in the AMD table");
        BOOST_TEST(chip_seen.contains(gfx), gfx << ": no pci.ids row names its chip");
    }
}

BOOST_AUTO_TEST_SUITE_END()
