// The companion rules of check on stated files and rows copied from data/ecosystem.toml: each rule
// fires where it should, a file's label wins over its release's range, and look-alikes stay
// silent (the torch a release is built for, a cu12 asset beside cu128, torchtext beside CUDA).
#include "engine/check/lock_check.hpp"
#include "tests/engine/check/finding_lines.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::linux_machine;

namespace {

const std::string file_name = "requirements.txt";

struct Row {
    const char* package;
    const char* version;
    const char* pairing;
    const char* torch; // "" for none
    std::vector<std::string> built_against;
    const char* metadata_says; // "" for none
    std::vector<std::string> backends;
    const char* python;
    std::vector<std::string> platforms;
    bool retired = false;
};

CompanionPackageFact fact(const Row& row) {
    CompanionPackageFact f;
    f.package = row.package;
    f.version = Version::from(row.version);
    f.pairing = row.pairing;
    if (*row.torch != '\0') {
        f.torch = SpecifierSet::from(row.torch);
    }
    f.built_against = row.built_against;
    if (*row.metadata_says != '\0') {
        f.metadata_says = SpecifierSet::from(row.metadata_says);
    }
    f.backends = row.backends;
    f.python = row.python;
    f.platforms = row.platforms;
    f.retired = row.retired;
    if (row.retired) {
        f.retired_note = "no release will come";
    }
    if (f.package == "torch-scatter") {
        f.files_on = {"find-links"};
        f.files_url = "https://data.pyg.org/whl/torch-{T.M}.0+{variant}.html";
        f.label = "pt{TM}{variant}";
    }
    return f;
}

// Rows of data/ecosystem.toml, unchanged in the columns the rules read.
CompatMatrix stated_matrix() {
    const std::vector<std::string> xformers_builds{"cu126", "cu128", "cu130", "rocm6.4"};
    const std::vector<std::string> linux_windows{"linux_x86_64", "win_amd64"};
    const std::vector<Row> rows{
        {"xformers",
         "0.0.35",
         "floor",
         ">=2.10",
         {"2.10.0"},
         ">=2.10",
         {"cu126", "cu128", "cu130", "rocm7.1"},
         "py39-none",
         linux_windows},
        {"xformers",
         "0.0.34",
         "floor",
         ">=2.10",
         {"2.10.0"},
         "==2.10.0",
         {"cu126", "cu128", "cu130", "rocm7.1"},
         "cp39-abi3",
         linux_windows},
        {"xformers",
         "0.0.33.post2",
         "exact",
         "==2.9.1",
         {"2.9.1"},
         "==2.9.1",
         xformers_builds,
         "cp39-abi3",
         linux_windows},
        {"xformers",
         "0.0.33.post1",
         "exact",
         "==2.9.0",
         {"2.9.0"},
         "==2.9.0",
         xformers_builds,
         "cp39-abi3",
         linux_windows},
        {"xformers",
         "0.0.32.post2",
         "exact",
         "==2.8.0",
         {"2.8.0"},
         "==2.8.0",
         {"cu126", "cu128", "cu129", "rocm6.4"},
         "cp39-abi3",
         linux_windows},
        {"flash-attn",
         "2.8.3",
         "minor-series",
         ">=2.4,<2.9",
         {"2.4", "2.5", "2.6", "2.7", "2.8"},
         "",
         {"cu12"},
         "cp39-cp313",
         {"linux_x86_64"}},
        {"torch-scatter",
         "2.1.2",
         "minor-series",
         "",
         {"2.8", "2.9", "2.10", "2.12"},
         "",
         {},
         "3.9-3.13",
         {"linux_x86_64", "linux_aarch64", "win_amd64", "macos"}},
        {"torchtext",
         "0.18.0",
         "exact",
         "==2.3.0",
         {"2.3.0"},
         ">=2.3.0",
         {"cpu"},
         ">=3.8,<=3.11",
         {},
         true},
        {"mmcv",
         "2.2.0",
         "minor-series",
         ">=2.1,<2.5",
         {"2.1", "2.2", "2.3", "2.4"},
         "",
         {},
         "— (cp38-cp312 INFERENCE)",
         {"linux_x86_64", "win_amd64"},
         true},
        {"mmcv",
         "2.1.0",
         "minor-series",
         ">=1.8,<2.2",
         {"1.8", "1.9", "1.10", "1.11", "1.12", "1.13", "2.0", "2.1"},
         "",
         {},
         "",
         {"linux", "windows", "macos"},
         true},
        {"triton",
         "3.4.0",
         "pinned-by-torch",
         "",
         {"2.8.0"},
         "",
         {"cuda"},
         "per torch wheel",
         {"linux_x86_64"}},
    };
    std::vector<CompanionPackageFact> facts;
    for (const Row& row : rows) {
        facts.push_back(fact(row));
    }
    CompatMatrix m;
    m.companion_packages = std::move(facts);
    return m;
}

const CompatMatrix& matrix() {
    static const CompatMatrix m = stated_matrix();
    return m;
}

LockedPackage entry(const std::string& name, const std::string& version, std::size_t line,
                    const std::string& marker = "") {
    LockedPackage p;
    p.name = name;
    p.specifier = "==" + version;
    p.pinned = Version::from(version);
    p.marker = marker;
    p.where = SourceLocation{file_name, line, 1};
    return p;
}

LockedRequirements file(std::vector<LockedPackage> packages) {
    LockedRequirements f;
    f.path = file_name;
    f.packages = std::move(packages);
    return f;
}

// The companion rules' findings; the torch entries' own (label-without-index for a `+cu128` pin
// in a file without indexes) are lock_rules_test's.
std::vector<CheckFinding> check(const LockedRequirements& f,
                                const std::vector<CheckTarget>& targets = {}) {
    std::vector<CheckFinding> findings = check_locked_requirements(f, matrix(), targets);
    std::erase_if(findings,
                  [](const CheckFinding& x) { return !x.rule.name().starts_with("companion-"); });
    return findings;
}

std::vector<std::string> found(const std::vector<CheckFinding>& findings) {
    return test::finding_lines(findings);
}

using test::Found;

} // namespace

BOOST_AUTO_TEST_SUITE(companion_rules)

BOOST_AUTO_TEST_CASE(a_release_built_for_another_torch_names_the_release_that_fits) {
    const auto findings =
        check(file({entry("torch", "2.8.0", 1), entry("xformers", "0.0.33.post2", 2)}));
    BOOST_TEST(found(findings) == Found{"2:companion-built-for-other-torch"},
               boost::test_tools::per_element());
    BOOST_TEST(findings[0].message.find("works with torch==2.9.1 only, not torch 2.8.0") !=
               std::string::npos);
    BOOST_TEST(findings[0].fix ==
               "pin xformers==0.0.32.post2, which fits torch 2.8.0, or pin torch==2.9.1 for "
               "xformers 0.0.33.post2");
    BOOST_TEST(
        check(file({entry("torch", "2.9.1", 1), entry("xformers", "0.0.33.post2", 2)})).empty());
}

BOOST_AUTO_TEST_CASE(torchs_own_pin_of_triton_is_the_release_that_fits) {
    BOOST_TEST(found(check(file({entry("torch", "2.9.0", 1), entry("triton", "3.4.0", 2)}))) ==
               Found{"2:companion-built-for-other-torch"});
    BOOST_TEST(check(file({entry("torch", "2.8.0", 1), entry("triton", "3.4.0", 2)})).empty());
    // A CUDA triton beside a CPU torch: torch does not use it, and nothing breaks.
    BOOST_TEST(check(file({entry("torch", "2.8.0+cpu", 1), entry("triton", "3.4.0", 2)})).empty());
}

// The label names the torch minor of the file: a PyG file for 2.7 is wrong beside 2.8 although
// the release has files for 2.8, and a flash-attn asset for 2.8 is right although...
BOOST_AUTO_TEST_CASE(a_label_names_the_torch_of_its_file_whatever_the_release_range) {
    const auto pyg = check(
        file({entry("torch", "2.8.0+cu128", 1), entry("torch-scatter", "2.1.2+pt27cu128", 2)}));
    BOOST_TEST(found(pyg) == Found{"2:companion-built-for-other-torch"});
    BOOST_TEST(pyg[0].fix ==
               "pin torch-scatter==2.1.2+pt28cu128 from https://data.pyg.org/whl/"
               "torch-2.8.0+cu128.html, which fits torch 2.8.0+cu128, or pin torch==2.7.* for "
               "torch-scatter 2.1.2+pt27cu128");
    LockedPackage asset = entry("flash-attn", "2.8.3+cu12torch2.7cxx11abiTRUE", 2);
    asset.kind = LockedPackage::Kind::DirectUrl;
    asset.url = "https://github.com/Dao-AILab/flash-attention/releases/download/v2.8.3/"
                "flash_attn-2.8.3+cu12torch2.7cxx11abiTRUE-cp312-cp312-linux_x86_64.whl";
    BOOST_TEST(found(check(file({entry("torch", "2.8.0", 1), asset}))) ==
               Found{"2:companion-built-for-other-torch"});
    BOOST_TEST(check(file({entry("torch", "2.7.1", 1), asset})).empty());
}

BOOST_AUTO_TEST_CASE(
    a_variant_that_differs_is_an_error_and_a_pyg_file_of_torchs_cuda_major_a_warning) {
    const auto pyg = check(
        file({entry("torch", "2.8.0+cu128", 1), entry("torch-scatter", "2.1.2+pt28cu126", 2)}));
    BOOST_TEST_REQUIRE(found(pyg) == Found{"2:companion-variant-differs"});
    BOOST_TEST((pyg[0].severity == Severity::Warning));
    const auto major = check(
        file({entry("torch", "2.9.0+cu130", 1), entry("torch-scatter", "2.1.2+pt29cu128", 2)}));
    BOOST_TEST_REQUIRE(found(major) == Found{"2:companion-variant-differs"});
    BOOST_TEST((major[0].severity == Severity::Error));
    BOOST_TEST(major[0].fix.starts_with("pin torch-scatter==2.1.2+pt29cu130 from "));
    // flash-attn's cu12 asset serves every CUDA 12 torch, and no CUDA 13 one.
    const LockedPackage asset = entry("flash-attn", "2.8.3+cu12torch2.8cxx11abiTRUE", 2);
    BOOST_TEST(check(file({entry("torch", "2.8.0+cu128", 1), asset})).empty());
    const auto cu13 = check(file({entry("torch", "2.8.0+cu130", 1), asset}));
    BOOST_TEST(found(cu13) == Found{"2:companion-variant-differs"});
}

BOOST_AUTO_TEST_CASE(the_variant_folder_a_lockfile_took_a_companion_from_is_its_build) {
    LockedPackage xformers = entry("xformers", "0.0.32.post2", 2);
    xformers.index_url = "https://download.pytorch.org/whl/cu126";
    const auto findings = check(file({entry("torch", "2.8.0+cu128", 1), xformers}));
    BOOST_TEST_REQUIRE(found(findings) == Found{"2:companion-variant-differs"});
    BOOST_TEST(findings[0].fix ==
               "take xformers==0.0.32.post2 from https://download.pytorch.org/whl/cu128");
    xformers.index_url = "https://download.pytorch.org/whl/cu128";
    BOOST_TEST(check(file({entry("torch", "2.8.0+cu128", 1), xformers})).empty());
}

// An unlabelled release whose builds leave out torch's variant; a CPU-only package never does.
BOOST_AUTO_TEST_CASE(a_release_without_torchs_variant_differs_unless_it_runs_beside_any) {
    BOOST_TEST(found(check(
                   file({entry("torch", "2.8.0+xpu", 1), entry("xformers", "0.0.32.post2", 2)}))) ==
               Found{"2:companion-variant-differs"});
    BOOST_TEST(
        check(file({entry("torch", "2.3.0+cu121", 1), entry("torchtext", "0.18.0", 2)})).empty());
}

BOOST_AUTO_TEST_CASE(metadata_that_admits_a_torch_the_binaries_fail_with_is_wrong) {
    const auto findings =
        check(file({entry("torch", "2.3.1", 1), entry("torchtext", "0.18.0", 2)}));
    BOOST_TEST(found(findings) == Found{"2:companion-metadata-wrong"});
    BOOST_TEST(findings[0].fix == "pin torch==2.3.0 for torchtext 0.18.0");
}

// Over-narrow metadata binds pip: the pair is refused, so it is the built-for rule, and the fix
// is the release whose metadata admits the torch.
BOOST_AUTO_TEST_CASE(metadata_narrower_than_the_binaries_is_the_built_for_rule) {
    BOOST_TEST(check(file({entry("torch", "2.10.0", 1), entry("xformers", "0.0.34", 2)})).empty());
    const auto findings =
        check(file({entry("torch", "2.11.0", 1), entry("xformers", "0.0.34", 2)}));
    BOOST_TEST_REQUIRE(found(findings) == Found{"2:companion-built-for-other-torch"});
    BOOST_TEST(findings[0].message.find("metadata requires torch==2.10.0") != std::string::npos);
    BOOST_TEST(findings[0].fix ==
               "pin xformers==0.0.35, which fits torch 2.11.0, or pin torch==2.10.0 for "
               "xformers 0.0.34");
}

BOOST_AUTO_TEST_CASE(a_retired_package_beside_a_newer_torch_names_its_last_release) {
    const auto mmcv = check(file({entry("torch", "2.5.1", 1), entry("mmcv", "2.1.0", 2)}));
    BOOST_TEST_REQUIRE(found(mmcv) == Found{"2:companion-retired"});
    BOOST_TEST(mmcv[0].message.find("its last release, mmcv 2.2.0, works with torch>=2.1,<2.5") !=
               std::string::npos);
    // Not newer: the last release fits, so the older one is only built for another torch.
    BOOST_TEST(found(check(file({entry("torch", "2.3.1", 1), entry("mmcv", "2.1.0", 2)}))) ==
               Found{"2:companion-built-for-other-torch"});
    // torchtext 0.18.0 beside 2.5: retired, and its metadata lets pip install it there.
    BOOST_TEST(found(check(file({entry("torch", "2.5.1", 1), entry("torchtext", "0.18.0", 2)}))) ==
               (Found{"2:companion-metadata-wrong", "2:companion-retired"}));
}

BOOST_AUTO_TEST_CASE(a_marker_that_installs_a_companion_where_it_has_no_wheel) {
    const auto windows = check(file(
        {entry("torch", "2.8.0", 1), entry("flash-attn", "2.8.3", 2, "sys_platform == 'win32'")}));
    BOOST_TEST_REQUIRE(found(windows) == Found{"2:companion-no-wheel-for-target"});
    BOOST_TEST(windows[0].message.find("not win_amd64 (win_amd64, where the line's marker") !=
               std::string::npos);
    // Without a marker the line is for no platform in particular; a marker that names Linux and
    // no CPU is for Linux, where it has wheels; one that names aarch64 is for a CPU without them.
    BOOST_TEST(check(file({entry("torch", "2.8.0", 1), entry("flash-attn", "2.8.3", 2)})).empty());
    BOOST_TEST(check(file({entry("torch", "2.8.0", 1),
                           entry("flash-attn", "2.8.3", 2, "sys_platform == 'linux'")}))
                   .empty());
    BOOST_TEST(
        found(check(file({entry("torch", "2.8.0", 1),
                          entry("flash-attn", "2.8.3", 2,
                                "sys_platform == 'linux' and platform_machine == 'aarch64'")}))) ==
        Found{"2:companion-no-wheel-for-target"});
}

BOOST_AUTO_TEST_CASE(a_target_machine_without_a_wheel_of_the_companion) {
    TargetMachine mac = linux_machine("3.12", "", {});
    mac.tags.os = OperatingSystem::Macos;
    mac.tags.arch = CpuArch::Aarch64;
    mac.tags.glibc.reset();
    mac.tags.macos = OsVersion{14, 0};
    mac.nvidia_driver.reset();
    mac.nvidia_gpus.clear();
    const std::vector<CheckTarget> targets{CheckTarget{"mac.json", mac, matrix()}};
    const auto findings =
        check(file({entry("torch", "2.10.0", 1), entry("xformers", "0.0.35", 2)}), targets);
    BOOST_TEST_REQUIRE(found(findings) == Found{"2:companion-no-wheel-for-target"});
    BOOST_TEST(findings[0].message.ends_with("not macos_arm64 on mac.json"));
    TargetMachine old_python = linux_machine("3.14", "570.86.10", {"8.6"});
    const auto python = check(file({entry("torch", "2.8.0", 1), entry("flash-attn", "2.8.3", 2)}),
                              {CheckTarget{"py314.json", old_python, matrix()}});
    BOOST_TEST(found(python) == Found{"2:companion-no-wheel-for-target"});
}

BOOST_AUTO_TEST_CASE(a_companion_without_a_pinned_torch_or_a_known_release_is_not_judged) {
    BOOST_TEST(check(file({entry("xformers", "0.0.33.post2", 2)})).empty());
    BOOST_TEST(check(file({entry("torch", "2.8.0", 1), entry("xformers", "0.0.20", 2)})).empty());
}

// A lockfile's forks: the companion is judged beside the torch entry it fits best.
BOOST_AUTO_TEST_CASE(among_several_torch_entries_the_one_it_fits_is_its_partner) {
    BOOST_TEST(check(file({entry("torch", "2.8.0+cu128", 1), entry("torch", "2.9.1+cu128", 2),
                           entry("xformers", "0.0.33.post2", 3)}))
                   .empty());
}

BOOST_AUTO_TEST_SUITE_END()
