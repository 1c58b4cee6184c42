// The derived-wheel generator on small inputs: exactly the expected names, never a hash, never a
// file without a rule, never a file an observed listing has; bad rules located; the dataset step.
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "importers/dataset/dataset.hpp"
#include "importers/dataset/dataset_table_file.hpp"
#include "importers/dataset/derived_wheels.hpp"
#include "tests/support/printing.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

const std::set<std::string> citations{"invokeai-uv-lock", "pep503-fragments", "release-md"};

// A scratch directory for rule files and small datasets; removed afterwards.
struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("torchpin_derived_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        const auto path = dir / name;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path) << text;
        return path;
    }
};

std::string rule(const std::string& torch, const std::string& backend, const std::string& os,
                 const std::string& arch, bool label, const std::string& abi,
                 const std::string& platform, const std::string& evidence,
                 const std::string& cite = "invokeai-uv-lock") {
    return "[[rule]]\ntorch = \"" + torch + "\"\nbackend = \"" + backend + "\"\nos = \"" + os +
           "\"\narch = \"" + arch + "\"\nlocal_label = " + (label ? "true" : "false") +
           "\nabi = \"" + abi + "\"\nplatform = \"" + platform + "\"\nevidence = [\"" + evidence +
           "\"]\ncites = [\"" + cite + "\"]\n\n";
}

const std::string windows_cu128 = rule("==2.7.1", "cu128", "windows", "x86_64", true, "cp",
                                       "win_amd64", "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl");
const std::string macos_cpu =
    rule("==2.7.1", "cpu", "macos", "arm64", false, "none", "macosx_11_0_arm64",
         "torch-2.7.1-cp311-none-macosx_11_0_arm64.whl");
const std::string linux_cu121 =
    rule("==2.1.0", "cu121", "linux", "x86_64", true, "cp", "linux_x86_64",
         "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl", "pep503-fragments");

// `rule_text` with a "python" key (after "arch").
std::string with_python(const std::string& rule_text, const std::string& pythons) {
    const std::size_t line_end = rule_text.find('\n', rule_text.find("arch = "));
    return rule_text.substr(0, line_end + 1) + "python = \"" + pythons + "\"\n" +
           rule_text.substr(line_end + 1);
}

std::vector<WheelNamingRule> rules_of(const std::string& text) {
    Scratch s;
    return read_wheel_naming_rules(s.write("rules.toml", text), citations);
}

std::string rule_error(const std::string& text) {
    try {
        rules_of(text);
    } catch (const InputError& e) {
        const Diagnostic& d = e.diagnostic();
        return std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    }
    return "no error";
}

PythonTarget py(const std::string& version) {
    return *PythonTarget::parse("cp" + version);
}

ReleaseBuild build(const std::string& torch, const std::string& backend, OperatingSystem os,
                   CpuArch arch) {
    return ReleaseBuild{Version::from(torch), Backend::from(backend), os, arch};
}

IndexFile observed(const std::string& name) {
    return IndexFile{.listing = "data/observed.json",
                     .wheel = WheelFilename::from(name),
                     .backend = std::nullopt,
                     .url = "https://example.invalid/" + name,
                     .sha256 = std::string(64, 'a'),
                     .requires_python = std::nullopt,
                     .yanked = false,
                     .yanked_reason = "",
                     .core_metadata = std::nullopt,
                     .upload_time = std::nullopt,
                     .provenance = Provenance::Observed,
                     .seen_in = std::nullopt};
}

std::vector<std::string> urls_of(const DerivedWheels& derived) {
    std::vector<std::string> urls;
    for (const IndexFile& file : derived.files) {
        urls.push_back(file.url);
    }
    return urls;
}

DerivedWheels derive_small() {
    const std::vector<ReleasePythons> releases{
        {Version::from("2.7.1"), {py("3.9"), py("3.10"), py("3.11"), py("3.13t")}},
        {Version::from("2.1.0"), {py("3.7"), py("3.8"), py("3.10")}},
    };
    const std::vector<ReleaseBuild> builds{
        build("2.7.1", "cu128", OperatingSystem::Windows, CpuArch::X86_64),
        build("2.7.1", "cpu", OperatingSystem::Macos, CpuArch::Aarch64),
        build("2.7.1", "cu126", OperatingSystem::Windows, CpuArch::X86_64), // no rule
        build("2.6.0", "cu126", OperatingSystem::Linux, CpuArch::X86_64),   // no rule
        build("2.1.0", "cu121", OperatingSystem::Linux, CpuArch::X86_64),
        build("2.2.0", "cu121", OperatingSystem::Linux, CpuArch::X86_64), // no rule for 2.2.0
    };
    return derive_wheel_files(releases, builds, rules_of(windows_cu128 + macos_cpu + linux_cu121),
                              {observed("torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")});
}

} // namespace

BOOST_AUTO_TEST_SUITE(derived_wheels)

BOOST_AUTO_TEST_CASE(rules_name_exactly_the_expected_files) {
    const DerivedWheels derived = derive_small();
    const std::vector<std::string> expected{
        "https://download.pytorch.org/whl/cpu/torch-2.7.1-cp310-none-macosx_11_0_arm64.whl",
        "https://download.pytorch.org/whl/cpu/torch-2.7.1-cp311-none-macosx_11_0_arm64.whl",
        "https://download.pytorch.org/whl/cpu/torch-2.7.1-cp39-none-macosx_11_0_arm64.whl",
        "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl",
        "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp38-cp38-linux_x86_64.whl",
        "https://download.pytorch.org/whl/cu128/torch-2.7.1%2Bcu128-cp310-cp310-win_amd64.whl",
        "https://download.pytorch.org/whl/cu128/torch-2.7.1%2Bcu128-cp39-cp39-win_amd64.whl",
    };
    BOOST_TEST(urls_of(derived) == expected, boost::test_tools::per_element());
    const IndexFile& first = derived.files.front();
    BOOST_TEST(first.wheel.to_string() == "torch-2.7.1-cp310-none-macosx_11_0_arm64.whl");
    BOOST_TEST(first.listing == "https://download.pytorch.org/whl/cpu/torch/");
    BOOST_TEST(first.backend->to_string() == "cpu");
    BOOST_TEST(derived.files.back().listing == "https://download.pytorch.org/whl/cu128/torch/");
    BOOST_TEST(derived.files.back().backend->to_string() == "cu128");
}

BOOST_AUTO_TEST_CASE(derived_files_never_carry_a_hash_or_other_invented_fields) {
    for (const IndexFile& file : derive_small().files) {
        BOOST_TEST(name(file.provenance) == "derived");
        BOOST_TEST(!file.sha256);
        BOOST_TEST(!file.requires_python);
        BOOST_TEST(!file.core_metadata);
        BOOST_TEST(!file.upload_time);
        BOOST_TEST(!file.yanked);
    }
}

BOOST_AUTO_TEST_CASE(no_rule_no_file_and_the_gap_is_reported) {
    const DerivedWheels derived = derive_small();
    std::vector<std::string> no_rule;
    for (const DerivationGap& gap : derived.gaps) {
        if (gap.reason == GapReason::NoRule) {
            no_rule.push_back(gap.build.torch.to_string() + " " + gap.build.backend.to_string());
        }
    }
    BOOST_TEST(no_rule == (std::vector<std::string>{"2.7.1 cu126", "2.6.0 cu126", "2.2.0 cu121"}),
               boost::test_tools::per_element());
    for (const IndexFile& file : derived.files) {
        const std::string version = file.wheel.version().to_string();
        BOOST_TEST((version == "2.7.1+cu128" || version == "2.7.1" || version == "2.1.0+cu121"),
                   version);
    }
}

BOOST_AUTO_TEST_CASE(pythons_whose_abi_tag_has_a_flag_are_not_named) {
    const DerivedWheels derived = derive_small();
    std::vector<std::string> flagged;
    for (const DerivationGap& gap : derived.gaps) {
        if (gap.reason == GapReason::FlaggedAbi) {
            flagged.push_back(gap.build.torch.to_string() + " " + gap.python->abi());
        }
    }
    BOOST_TEST(flagged == (std::vector<std::string>{"2.7.1 cp313t", "2.7.1 cp313t", "2.1.0 cp37m"}),
               boost::test_tools::per_element());
    for (const std::string& url : urls_of(derived)) {
        BOOST_TEST(url.find("cp313") == std::string::npos, url);
        BOOST_TEST(url.find("cp37") == std::string::npos, url);
    }
}

BOOST_AUTO_TEST_CASE(an_observed_file_is_never_derived_again) {
    const DerivedWheels derived = derive_small();
    BOOST_TEST(derived.already_observed == 1u);
    for (const IndexFile& file : derived.files) {
        BOOST_TEST(file.wheel.to_string() != "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl");
    }
}

BOOST_AUTO_TEST_CASE(a_release_without_a_python_list_derives_nothing) {
    const DerivedWheels derived =
        derive_wheel_files({}, {build("2.1.0", "cu121", OperatingSystem::Linux, CpuArch::X86_64)},
                           rules_of(linux_cu121), {});
    BOOST_TEST(derived.files.empty());
    BOOST_REQUIRE_EQUAL(derived.gaps.size(), 1u);
    BOOST_TEST(name(derived.gaps[0].reason) == "no-python-list");
}

BOOST_AUTO_TEST_CASE(derived_listings_group_files_by_index_page) {
    const SourceInfo source{"derived-wheels", "data/rules.toml", std::string(64, 'd'), "", ""};
    const auto listings = derived_listings(derive_small(), source);
    BOOST_REQUIRE_EQUAL(listings.size(), 3u);
    BOOST_TEST(listings[0].name == "https://download.pytorch.org/whl/cpu/torch/");
    BOOST_TEST(listings[0].rows.size() == 3u);
    BOOST_TEST(listings[1].name == "https://download.pytorch.org/whl/cu121/torch/");
    BOOST_TEST(listings[2].rows.size() == 2u);
    BOOST_TEST(listings[2].table == &wheel_file_table());
    BOOST_TEST(listings[2].source.kind == "derived-wheels");
    BOOST_TEST(listings[2].rows[0][14] == std::optional<std::string>("derived"));
}

BOOST_AUTO_TEST_CASE(a_rule_must_reproduce_its_evidence) {
    BOOST_TEST(rules_of(windows_cu128 + macos_cpu + linux_cu121).size() == 3u);
    // Evidence of another platform tag, variant, form or release is rejected at "evidence".
    BOOST_TEST(
        rule_error(rule("==2.1.0", "cu121", "linux", "x86_64", true, "cp", "manylinux_2_28_x86_64",
                        "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl")) ==
        "9:12 the rule does not name its evidence "
        "\"torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl\" (it would name "
        "\"torch-2.1.0+cu121-cp310-cp310-manylinux_2_28_x86_64.whl\")");
    BOOST_TEST(rule_error(rule("==2.1.0", "cu118", "linux", "x86_64", true, "cp", "linux_x86_64",
                               "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl"))
                   .find("9:12 the rule does not name its evidence") == 0u);
    BOOST_TEST(rule_error(rule("==2.7.1", "cpu", "macos", "arm64", false, "cp", "macosx_11_0_arm64",
                               "torch-2.7.1-cp311-none-macosx_11_0_arm64.whl"))
                   .find("9:12 the rule does not name its evidence") == 0u);
    BOOST_TEST(rule_error(rule("==2.7.0", "cu128", "windows", "x86_64", true, "cp", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")) ==
               "9:12 the rule does not name its evidence "
               "\"torch-2.7.1+cu128-cp311-cp311-win_amd64.whl\"");
    BOOST_TEST(
        rule_error(rule("==2.7.1", "cpu", "macos", "arm64", false, "none", "macosx_11_0_arm64",
                        "torch-2.7.1-cp313-cp313t-macosx_11_0_arm64.whl"))
            .find("9:12 the rule does not name its evidence") == 0u);
    // A rule's Pythons ("python") must include its evidence's.
    BOOST_TEST(rule_error(with_python(windows_cu128, ">=3.12")) ==
               "10:12 the rule does not name its evidence "
               "\"torch-2.7.1+cu128-cp311-cp311-win_amd64.whl\"");
}

BOOST_AUTO_TEST_CASE(free_threaded_files_only_within_their_evidence_releases) {
    const auto rules = rules_of(rule(">=2.12.0,<=2.13.0", "cpu", "linux", "x86_64", true, "cp",
                                     "manylinux_2_28_x86_64",
                                     "torch-2.12.0+cpu-cp312-cp312-manylinux_2_28_x86_64.whl\", "
                                     "\"torch-2.13.0+cpu-cp314-cp314t-manylinux_2_28_x86_64.whl"));
    const DerivedWheels derived =
        derive_wheel_files({{Version::from("2.12.0"), {py("3.14"), py("3.14t")}},
                            {Version::from("2.13.0"), {py("3.14"), py("3.14t")}}},
                           {build("2.12.0", "cpu", OperatingSystem::Linux, CpuArch::X86_64),
                            build("2.13.0", "cpu", OperatingSystem::Linux, CpuArch::X86_64)},
                           rules, {});
    BOOST_TEST(
        urls_of(derived) ==
            (std::vector<std::string>{"https://download.pytorch.org/whl/cpu/"
                                      "torch-2.12.0%2Bcpu-cp314-cp314-manylinux_2_28_x86_64.whl",
                                      "https://download.pytorch.org/whl/cpu/"
                                      "torch-2.13.0%2Bcpu-cp314-cp314-manylinux_2_28_x86_64.whl",
                                      "https://download.pytorch.org/whl/cpu/"
                                      "torch-2.13.0%2Bcpu-cp314-cp314t-manylinux_2_28_x86_64.whl"}),
        boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(derived.gaps.size(), 1u); // 2.12.0 cp314t: no free-threaded evidence there
    BOOST_TEST(derived.gaps[0].build.torch.to_string() == "2.12.0");
    BOOST_TEST(name(derived.gaps[0].reason) == "flagged-abi");
}

BOOST_AUTO_TEST_CASE(rules_split_by_python_name_each_python_once) {
    // torch 2.9.0 on macOS: cp310 … cp313 as cpXY-none-macosx_11_0, cp314 as cp314-cp314.
    const auto rules = rules_of(
        with_python(rule("==2.9.0", "cpu", "macos", "arm64", false, "none", "macosx_11_0_arm64",
                         "torch-2.9.0-cp313-none-macosx_11_0_arm64.whl"),
                    "<3.14") +
        with_python(rule("==2.9.0", "cpu", "macos", "arm64", false, "cp", "macosx_11_0_arm64",
                         "torch-2.9.0-cp314-cp314-macosx_11_0_arm64.whl"),
                    ">=3.14"));
    const DerivedWheels derived = derive_wheel_files(
        {{Version::from("2.9.0"), {py("3.13"), py("3.14")}}},
        {build("2.9.0", "cpu", OperatingSystem::Macos, CpuArch::Aarch64)}, rules, {});
    BOOST_TEST(
        urls_of(derived) ==
            (std::vector<std::string>{
                "https://download.pytorch.org/whl/cpu/torch-2.9.0-cp313-none-macosx_11_0_arm64.whl",
                "https://download.pytorch.org/whl/cpu/"
                "torch-2.9.0-cp314-cp314-macosx_11_0_arm64.whl"}),
        boost::test_tools::per_element());
    BOOST_TEST(derived.files[0].seen_in ==
               std::optional<std::string>("named by the rule on line 1"));
    BOOST_TEST(derived.files[1].seen_in ==
               std::optional<std::string>("named by the rule on line 13"));
}

BOOST_AUTO_TEST_CASE(a_rule_names_no_release_outside_its_evidence) {
    const auto rules = rules_of(rule(">=2.7", "cu128", "windows", "x86_64", true, "cp", "win_amd64",
                                     "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl"));
    try {
        derive_wheel_files({{Version::from("2.8.0"), {py("3.12")}}},
                           {build("2.8.0", "cu128", OperatingSystem::Windows, CpuArch::X86_64)},
                           rules, {});
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.diagnostic().line == 1u);
        BOOST_TEST(e.diagnostic().message ==
                   "the rule covers torch 2.8.0 cu128 windows x86_64, outside the releases of its "
                   "evidence (2.7.1 to 2.7.1)");
    }
}

BOOST_AUTO_TEST_CASE(an_observed_file_of_another_name_contradicts_a_rule) {
    // XPU torch 2.9.0 is tagged linux_x86_64 on the index; a manylinux_2_28 rule contradicts it.
    const auto rules =
        rules_of(rule("==2.9.0", "xpu", "linux", "x86_64", true, "cp", "manylinux_2_28_x86_64",
                      "torch-2.9.0+xpu-cp311-cp311-manylinux_2_28_x86_64.whl"));
    IndexFile contradicting = observed("torch-2.9.0+xpu-cp312-cp312-linux_x86_64.whl");
    contradicting.backend = Backend::from("xpu");
    try {
        derive_wheel_files({{Version::from("2.9.0"), {py("3.11"), py("3.12")}}},
                           {build("2.9.0", "xpu", OperatingSystem::Linux, CpuArch::X86_64)}, rules,
                           {contradicting});
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.diagnostic().line == 1u);
        BOOST_TEST(e.diagnostic().message ==
                   "the rule names torch-2.9.0+xpu-cp312-cp312-manylinux_2_28_x86_64.whl, but the "
                   "observed torch-2.9.0+xpu-cp312-cp312-linux_x86_64.whl (data/observed.json) is "
                   "that build's file for cp312");
    }
}

BOOST_AUTO_TEST_CASE(observed_files_of_the_index_show_their_builds) {
    IndexFile mac = observed("torch-2.8.0-cp310-none-macosx_11_0_arm64.whl");
    mac.backend = Backend::from("cpu");
    IndexFile mac_again = observed("torch-2.8.0-cp311-none-macosx_11_0_arm64.whl");
    mac_again.backend = Backend::from("cpu");
    IndexFile s390x = observed("torch-2.13.0+cpu-cp312-cp312-linux_s390x.whl");
    s390x.backend = Backend::from("cpu");
    const IndexFile vision = observed("torchvision-0.23.0-cp310-cp310-macosx_11_0_arm64.whl");
    const auto builds = builds_shown_by({mac, mac_again, s390x, vision});
    BOOST_REQUIRE_EQUAL(builds.size(), 2u);
    BOOST_TEST(builds[0].torch.to_string() == "2.8.0");
    BOOST_TEST(name(builds[0].os) == "macos");
    BOOST_TEST(name(builds[0].arch) == "aarch64");
    BOOST_TEST(builds[1].backend.to_string() == "cpu");
    BOOST_TEST(name(builds[1].arch) == "s390x");
}

BOOST_AUTO_TEST_CASE(bad_rules_are_located) {
    BOOST_TEST(rule_error("[[rules]]\ntorch = \"==2.1\"\n") ==
               "1:3 a rules file holds only [[rule]] entries");
    BOOST_TEST(rule_error(windows_cu128 + "[[rule]]\ntorch = \"==2.7.1\"\n") ==
               "12:1 a rule needs \"backend\"");
    BOOST_TEST(rule_error("[[rule]]\nplatfrom = \"x\"\n") ==
               "2:1 unknown key \"platfrom\" in a rule");
    BOOST_TEST(rule_error(rule("2.7.1", "cu128", "windows", "x86_64", true, "cp", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")) ==
               "2:9 \"torch\" must be a PEP 440 specifier set such as \"==2.7.1\"");
    BOOST_TEST(rule_error(rule("==2.7.1", "cuda", "windows", "x86_64", true, "cp", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl"))
                   .find("3:11 \"backend\" must be a backend label") == 0u);
    BOOST_TEST(rule_error(rule("==2.7.1", "cu128", "win", "x86_64", true, "cp", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")) ==
               "4:6 \"os\" must be linux, windows or macos");
    BOOST_TEST(rule_error(rule("==2.7.1", "cu128", "windows", "x86_64", true, "abi3", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")) ==
               "7:7 \"abi\" must be \"cp\" or \"none\"");
    BOOST_TEST(rule_error(rule("==2.7.1", "cu128", "windows", "x86_64", true, "cp", "win_amd64",
                               "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl", "nowhere")) ==
               "10:9 unknown citation \"nowhere\" (cite an id from the citation table)");
}

BOOST_AUTO_TEST_CASE(two_rules_for_one_build_are_an_error) {
    const auto rules =
        rules_of(windows_cu128 + rule(">=2.7", "cu128", "windows", "x86_64", true, "cp",
                                      "win_amd64", "torch-2.7.1+cu128-cp312-cp312-win_amd64.whl"));
    try {
        derive_wheel_files({{Version::from("2.7.1"), {py("3.12")}}},
                           {build("2.7.1", "cu128", OperatingSystem::Windows, CpuArch::X86_64)},
                           rules, {});
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.diagnostic().line == 12u);
        BOOST_TEST(e.diagnostic().message ==
                   "this rule and the rule on line 1 both name torch 2.7.1 cu128 files for "
                   "windows x86_64 and Python 3.12");
    }
}

BOOST_AUTO_TEST_CASE(evidence_must_be_an_observed_file) {
    const auto rules = rules_of(windows_cu128);
    BOOST_CHECK_NO_THROW(
        check_rule_evidence(rules, {observed("torch-2.7.1+cu128-cp311-cp311-win_amd64.whl")}));
    try {
        check_rule_evidence(rules, {observed("torch-2.7.1+cu128-cp312-cp312-win_amd64.whl")});
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.diagnostic().line == 1u);
        BOOST_TEST(e.diagnostic().message ==
                   "evidence \"torch-2.7.1+cu128-cp311-cp311-win_amd64.whl\" is not a file of any "
                   "observed listing");
    }
}

BOOST_AUTO_TEST_CASE(inputs_come_from_the_torch_release_and_release_backend_tables) {
    Scratch s;
    const auto path = s.write("releases.toml", R"(
[[torch_release]]
torch = "2.7.1"
python = ["3.9", "3.13t"]
cites = ["release-md"]

[[torch_release]]
torch = "2.8.0"
python = ["2.7"]
cites = ["release-md"]

[[release_backend]]
torch = "2.7.1"
backend = "cu128"
os = "windows"
arch = "amd64"
evidence = ["index-page"]
cites = ["release-md"]

[[release_backend]]
torch = "2.7.1+cpu"
backend = "cpu"
os = "windows"
arch = "x86_64"
evidence = ["index-page"]
cites = ["release-md"]
)");
    const auto listings =
        read_dataset_table_file(path, "data/releases.toml",
                                SourceInfo{"tables", "data/releases.toml", "", "", ""}, &citations);
    std::vector<std::string> problems;
    const auto releases = release_pythons_from(listings, problems);
    BOOST_REQUIRE_EQUAL(releases.size(), 1u);
    BOOST_TEST(releases[0].torch.to_string() == "2.7.1");
    BOOST_REQUIRE_EQUAL(releases[0].pythons.size(), 2u);
    BOOST_TEST(releases[0].pythons[1].abi() == "cp313t");
    const auto builds = release_builds_from(listings, problems);
    BOOST_REQUIRE_EQUAL(builds.size(), 1u);
    BOOST_TEST(name(builds[0].arch) == "x86_64"); // "amd64" as Windows spells it
    BOOST_TEST(name(builds[0].os) == "windows");
    BOOST_REQUIRE_EQUAL(problems.size(), 2u);
    BOOST_TEST(problems[0] == "data/releases.toml: torch_release row skipped by the wheel "
                              "derivation: python \"2.7\" is not 3.X or 3.Xt");
    BOOST_TEST(problems[1].find("(2.7.1+cpu, cpu, windows, x86_64) skipped") != std::string::npos,
               problems[1]);
}

BOOST_AUTO_TEST_CASE(the_dataset_load_derives_after_every_other_file) {
    Scratch s;
    s.write("data/citations.toml", R"(
[[citation]]
citation = "invokeai-uv-lock"
what = "w"
location = "l"

[[citation]]
citation = "release-md"
what = "w"
location = "l"
)");
    s.write("data/releases.toml", R"(
[[torch_release]]
torch = "2.7.1"
python = ["3.11", "3.12", "3.13t"]
cites = ["release-md"]

[[release_backend]]
torch = "2.7.1"
backend = "cu128"
os = "windows"
arch = "x86_64"
evidence = ["index-page"]
cites = ["release-md"]
)");
    s.write("data/wheels/list.json", R"({"wheels": [
  {"url": "https://download-r2.pytorch.org/whl/cu128/torch-2.7.1%2Bcu128-cp311-cp311-win_amd64.whl",
   "sha256": "138c66dcd0ed2f07aafba3ed8b7958e2bed893694990e0b4b55b6b2b4a336aa6"}
]}
)");
    s.write("data/wheels/rules.toml", windows_cu128);
    // The rules come first in the manifest: the derivation still sees every other file.
    s.write("data/manifest.json", R"({
  "schema": "torchpin/dataset/v1", "data_as_of": "2026-08-19", "built_at": "2026-11-30T00:00:00Z",
  "sources": [
    {"file": "citations.toml", "kind": "citations", "retrieved": "r", "origin": "o"},
    {"file": "wheels/rules.toml", "kind": "derived-wheels", "retrieved": "r", "origin": "o"},
    {"file": "releases.toml", "kind": "tables", "retrieved": "r", "origin": "o"},
    {"file": "wheels/list.json", "kind": "wheel-list", "retrieved": "r", "origin": "o"}
  ]
})");
    const DatasetImport dataset = load_dataset(s.dir / "data");
    const ListingImport* derived = nullptr;
    const ListingImport* list = nullptr;
    for (const ListingImport& listing : dataset.request.listings) {
        if (listing.name == "https://download.pytorch.org/whl/cu128/torch/") {
            derived = &listing;
        }
        if (listing.name == "data/wheels/list.json") {
            list = &listing;
        }
    }
    BOOST_REQUIRE(derived != nullptr);
    BOOST_REQUIRE(list != nullptr);
    BOOST_TEST(list->source.kind == "wheel-list");
    BOOST_TEST(derived->source.kind == "derived-wheels");
    BOOST_TEST(derived->source.uri == "data/wheels/rules.toml");
    BOOST_TEST(derived->source.digest.size() == 64u);
    BOOST_REQUIRE_EQUAL(derived->rows.size(), 1u); // cp312 only: cp311 is observed, cp313t flagged
    const IndexFile file = wheel_file_from_row(derived->name, derived->rows[0]);
    BOOST_TEST(file.wheel.to_string() == "torch-2.7.1+cu128-cp312-cp312-win_amd64.whl");
    BOOST_TEST(name(file.provenance) == "derived");
    BOOST_TEST(!file.sha256);

    // Evidence that no listing has stops the load at the rule.
    s.write("data/wheels/list.json", R"({"wheels": []})");
    try {
        load_dataset(s.dir / "data");
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.diagnostic().message.find("is not a file of any observed listing") !=
                       std::string::npos,
                   e.diagnostic().message);
    }
}

BOOST_AUTO_TEST_SUITE_END()
