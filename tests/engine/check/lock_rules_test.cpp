// The check rules on stated lockfiles and a small stated matrix: each rule fires where it should
// and stays silent on the look-alikes (torchaudio 2.0.2 with torch 2.0.1, uv's variant forks).
#include "engine/check/lock_check.hpp"
#include "tests/engine/check/finding_lines.hpp"
#include "tests/support/synthetic_matrix.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::linux_machine;
using torchpin::test::MatrixBuilder;

namespace {

const std::string file_name = "requirements.txt";

CompatMatrix stated_matrix() {
    MatrixBuilder b;
    b.release("2.0.1", "0.15.2", "2.0.2", "3.8 3.9 3.10 3.11")
        .release("2.1.2", "0.16.2", "2.1.2", "3.8 3.9 3.10 3.11")
        .release("2.3.0", "0.18.0", "2.3.0", "3.8 3.9 3.10 3.11 3.12")
        .release("2.4.0", "0.19.0", "2.4.0", "3.8 3.9 3.10 3.11 3.12")
        .release("2.5.1", "0.20.1", "2.5.1", "3.9 3.10 3.11 3.12 3.13")
        .cuda("cu118", "11.8.0", "520.61.05")
        .cuda("cu121", "12.1.1", "530.30.02")
        .cuda("cu124", "12.4.1", "550.54.15")
        .compat_floor(11, "450.80.02")
        .compat_floor(12, "525.60.13")
        .first_cuda("8.6", "11.1")
        .first_cuda("12.0", "12.8")
        .arch_list(">=2.0", "cu118", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list(">=2.0", "cu121", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .arch_list(">=2.0", "cu124", "5.0 6.0 7.0 7.5 8.0 8.6 9.0")
        .rocm("rocm6.2", "gfx900 gfx906 gfx908 gfx90a gfx1030 gfx1100 gfx942")
        .hsa_override("gfx1031", "10.3.0", "gfx1030")
        .known_issue("win-fbgemm-dll-2.4.0", "windows", "==2.4.0")
        .known_issue("win-vc-redist-missing", "windows", "")
        .wheel("torch-2.5.1+cu124-cp311-cp311-linux_x86_64.whl", "cu124");
    for (const auto os : {OperatingSystem::Linux, OperatingSystem::Windows}) {
        for (const char* backend : {"cpu", "cu118", "cu121"}) {
            b.published("2.0.1", backend, os).published("2.1.2", backend, os);
            b.published("2.3.0", backend, os).published("2.4.0", backend, os);
        }
        b.published("2.4.0", "cu124", os);
        for (const char* backend : {"cpu", "cu121", "cu124"}) {
            b.published("2.5.1", backend, os);
        }
    }
    b.published("2.5.1", "rocm6.2");
    CompatMatrix m = b.matrix();
    m.data_as_of = "2026-09-14";
    m.wheels.front().sha256 = std::string(64, 'a');
    ReleaseFact series;
    series.torch = Version::from("2.8.0");
    series.torchvision_series = "0.23";
    series.torchaudio_series = "2.8";
    series.python = {"3.9", "3.10", "3.11", "3.12", "3.13"};
    m.releases.insert(m.releases.begin(), series);
    return m;
}

const CompatMatrix& matrix() {
    static const CompatMatrix m = stated_matrix();
    return m;
}

LockedPackage entry(const std::string& name, const std::string& specifier, std::size_t line,
                    const std::string& marker = "") {
    LockedPackage p;
    p.name = name;
    p.specifier = specifier;
    if (specifier.starts_with("==")) {
        p.pinned = Version::from(specifier.substr(2));
    }
    p.marker = marker;
    p.where = SourceLocation{file_name, line, 1};
    return p;
}

// A uv.lock entry: an exact version from an index.
LockedPackage locked(const std::string& name, const std::string& version, std::size_t line,
                     const std::string& index_url) {
    LockedPackage p = entry(name, "", line);
    p.pinned = Version::from(version);
    p.index_url = index_url;
    return p;
}

IndexReference index(IndexReference::Kind kind, const std::string& url, std::size_t line) {
    return IndexReference{kind, url, SourceLocation{file_name, line, 1}};
}

LockedRequirements file(std::vector<LockedPackage> packages,
                        std::vector<IndexReference> indexes = {},
                        LockFormat format = LockFormat::Requirements) {
    LockedRequirements f;
    f.path = file_name;
    f.format = format;
    f.packages = std::move(packages);
    f.indexes = std::move(indexes);
    return f;
}

const IndexReference cu121_index =
    index(IndexReference::Kind::Extra, "https://download.pytorch.org/whl/cu121", 1);
const IndexReference cu124_index =
    index(IndexReference::Kind::Extra, "https://download.pytorch.org/whl/cu124", 1);

CheckTarget target(const std::string& name, TargetMachine machine) {
    return CheckTarget{name, std::move(machine), matrix()};
}

TargetMachine windows_machine() {
    TargetMachine m = linux_machine("3.11", "560.94", {"8.6"});
    m.tags.os = OperatingSystem::Windows;
    m.tags.glibc.reset();
    return m;
}

std::vector<CheckFinding> check(const LockedRequirements& f,
                                const std::vector<CheckTarget>& targets = {}) {
    return check_locked_requirements(f, matrix(), targets);
}

std::vector<std::string> found(const std::vector<CheckFinding>& findings) {
    return test::finding_lines(findings);
}

using test::Found;

} // namespace

BOOST_AUTO_TEST_SUITE(lock_rules)

BOOST_AUTO_TEST_CASE(unpaired_torchvision_fires_with_the_pair_as_fix) {
    const auto f =
        check(file({entry("torch", "==2.4.0+cu121", 2), entry("torchvision", "==0.20.1+cu121", 3)},
                   {cu121_index}));
    BOOST_TEST(found(f) == Found{"3:unpaired-companion"});
    BOOST_TEST(name(f[0].severity) == "error");
    BOOST_TEST(f[0].message ==
               "torchvision 0.20.1+cu121 is not the release paired with torch 2.4.0+cu121 (line "
               "2): torch 2.4.0 pairs with torchvision 0.19.0");
    BOOST_TEST(f[0].fix == "pin torchvision==0.19.0+cu121");
}

BOOST_AUTO_TEST_CASE(torchaudio_2_0_2_is_the_pair_of_torch_2_0_1) {
    BOOST_TEST(check(file({entry("torch", "==2.0.1", 1), entry("torchaudio", "==2.0.2", 2),
                           entry("torchvision", "==0.15.2", 3)}))
                   .empty());
    BOOST_TEST(
        found(check(file({entry("torch", "==2.0.1", 1), entry("torchaudio", "==2.0.1", 2)}))) ==
        Found{"2:unpaired-companion"});
}

BOOST_AUTO_TEST_CASE(a_series_pair_accepts_any_release_of_the_series) {
    BOOST_TEST(
        check(file({entry("torch", "==2.8.0", 1), entry("torchvision", "==0.23.1", 2)})).empty());
    const auto f = check(file({entry("torch", "==2.8.0", 1), entry("torchvision", "==0.22.1", 2)}));
    BOOST_TEST(found(f) == Found{"2:unpaired-companion"});
    BOOST_TEST(f[0].fix == "pin torchvision==0.23.*");
}

BOOST_AUTO_TEST_CASE(a_companion_range_must_admit_the_pair) {
    BOOST_TEST(
        found(check(file({entry("torch", "==2.1.2", 1), entry("torchvision", ">=0.18", 2)}))) ==
        Found{"2:unpaired-companion"});
    BOOST_TEST(
        check(file({entry("torch", "==2.1.2", 1), entry("torchvision", ">=0.16", 2)})).empty());
    BOOST_TEST(check(file({entry("torchvision", "==0.20.1", 1)})).empty()); // torch not named
}

BOOST_AUTO_TEST_CASE(mixed_local_labels_fire_and_a_bare_companion_does_not) {
    const auto f =
        check(file({entry("torch", "==2.4.0+cu121", 2), entry("torchvision", "==0.19.0+cu124", 3)},
                   {cu121_index, cu124_index}));
    BOOST_TEST(found(f) == Found{"3:mixed-backends"});
    BOOST_TEST(f[0].fix == "pin torchvision==0.19.0+cu121 from the cu121 index");
    BOOST_TEST(check(file({entry("torch", "==2.4.0+cu121", 2), entry("torchvision", "==0.19.0", 3)},
                          {cu121_index}))
                   .empty());
}

BOOST_AUTO_TEST_CASE(uv_variant_forks_pair_each_companion_with_its_own_build) {
    const std::string pypi = "https://pypi.org/simple";
    const std::string cpu = "https://download.pytorch.org/whl/cpu";
    const std::string cu124 = "https://download.pytorch.org/whl/cu124";
    BOOST_TEST(check(file({locked("torch", "2.5.1", 1, pypi), locked("torch", "2.5.1+cpu", 2, cpu),
                           locked("torch", "2.5.1+cu124", 3, cu124),
                           locked("torchvision", "0.20.1+cpu", 4, cpu),
                           locked("torchvision", "0.20.1+cu124", 5, cu124)},
                          {}, LockFormat::UvLock))
                   .empty());
}

BOOST_AUTO_TEST_CASE(a_label_without_an_index_that_serves_it) {
    const auto f = check(file({entry("torch", "==2.1.2+cu121", 1)}));
    BOOST_TEST(found(f) == Found{"1:label-without-index"});
    BOOST_TEST(f[0].fix == "add the line --extra-index-url https://download.pytorch.org/whl/cu121");
    BOOST_TEST(
        found(check(file({entry("torch", "==2.1.2+cu121", 2)},
                         {index(IndexReference::Kind::Primary, "https://pypi.org/simple", 1)}))) ==
        Found{"2:label-without-index"});
    BOOST_TEST(check(file({entry("torch", "==2.1.2+cu121", 2)}, {cu121_index})).empty());
    BOOST_TEST(check(file({entry("torch", "==2.1.2+cu121", 2)},
                          {index(IndexReference::Kind::FindLinks,
                                 "https://download.pytorch.org/whl/torch_stable.html", 1)}))
                   .empty());
}

BOOST_AUTO_TEST_CASE(an_index_of_another_build_than_the_label) {
    const auto f = check(
        file({entry("torch", "==2.1.2+cu121", 2)},
             {index(IndexReference::Kind::Primary, "https://download.pytorch.org/whl/cu118", 1)}));
    BOOST_TEST(found(f) == Found{"2:index-backend-mismatch"});
    BOOST_TEST(f[0].message.find("(line 1)") != std::string::npos);
    BOOST_TEST(found(check(file(
                   {locked("torch", "2.1.2+cu121", 4, "https://download.pytorch.org/whl/cu118")},
                   {}, LockFormat::UvLock))) == Found{"4:index-backend-mismatch"});
    BOOST_TEST(
        check(file({locked("torch", "2.1.2+cu121", 4, "https://download.pytorch.org/whl/cu121")},
                   {}, LockFormat::UvLock))
            .empty());
}

BOOST_AUTO_TEST_CASE(a_version_and_backend_never_published) {
    const auto f = check(file({entry("torch", "==2.3.0+cu124", 2)}, {cu124_index}));
    BOOST_TEST(found(f) == Found{"2:unpublished-build"});
    BOOST_TEST(f[0].fix == "pin torch==2.3.0+cu121 from https://download.pytorch.org/whl/cu121, or "
                           "torch==2.4.0+cu124, the first release built for cu124");
    BOOST_TEST(check(file({entry("torch", "==2.4.0+cu124", 2)}, {cu124_index})).empty());
    BOOST_TEST(found(check(file({entry("torch", "==2.3.0", 2)},
                                {index(IndexReference::Kind::Primary,
                                       "https://download.pytorch.org/whl/cu124", 1)}))) ==
               Found{"2:unpublished-build"});
}

BOOST_AUTO_TEST_CASE(an_unpinned_torch_is_an_error_in_a_lockfile_only) {
    BOOST_TEST(found(check(file({entry("torch", ">=2.1", 7)}, {}, LockFormat::UvLock))) ==
               Found{"7:torch-unpinned"});
    BOOST_TEST(check(file({entry("torch", ">=2.1", 7)})).empty());
}

BOOST_AUTO_TEST_CASE(a_file_hash_that_differs_from_the_matrix) {
    LockedPackage torch =
        locked("torch", "2.5.1+cu124", 3, "https://download.pytorch.org/whl/cu124");
    torch.files.push_back(LockedFile{"",
                                     "torch-2.5.1+cu124-cp311-cp311-linux_x86_64.whl",
                                     {std::string(64, 'b')},
                                     SourceLocation{file_name, 9, 5}});
    BOOST_TEST(found(check(file({torch}, {}, LockFormat::UvLock))) == Found{"9:hash-mismatch"});
    torch.files.front().sha256 = {std::string(64, 'a')};
    BOOST_TEST(check(file({torch}, {}, LockFormat::UvLock)).empty());
}

BOOST_AUTO_TEST_CASE(a_yanked_file_is_a_warning) {
    CompatMatrix m = matrix();
    m.wheels.front().yanked = true;
    m.wheels.front().yanked_reason = "broken upload";
    LockedPackage torch =
        locked("torch", "2.5.1+cu124", 3, "https://download.pytorch.org/whl/cu124");
    torch.files.push_back(LockedFile{"",
                                     "torch-2.5.1+cu124-cp311-cp311-linux_x86_64.whl",
                                     {std::string(64, 'a')},
                                     SourceLocation{file_name, 9, 5}});
    const auto f = check_locked_requirements(file({torch}, {}, LockFormat::UvLock), m, {});
    BOOST_TEST(found(f) == Found{"9:yanked-file"});
    BOOST_TEST(name(f[0].severity) == "warning");
    BOOST_TEST(f[0].message.find("broken upload") != std::string::npos);
    BOOST_TEST(check(file({torch}, {}, LockFormat::UvLock)).empty());
}

BOOST_AUTO_TEST_CASE(a_version_newer_than_the_matrix_is_only_a_warning) {
    const auto f = check(
        file({entry("torch", "==2.14.0+cu130", 1), entry("torchvision", "==0.29.0+cu130", 2)}));
    BOOST_TEST(found(f) == (Found{"1:newer-than-matrix", "2:newer-than-matrix"}));
    BOOST_TEST(name(f[0].severity) == "warning");
    BOOST_TEST(f[0].fix == "run 'torchpin update' (or import newer data) and check again");
}

BOOST_AUTO_TEST_CASE(machine_rules_need_a_target) {
    const auto f = file({entry("torch", "==2.5.1+cu124", 1)}, {cu124_index});
    BOOST_TEST(check(f).empty());
    BOOST_TEST(
        found(check(f, {target("old-driver.json", linux_machine("3.11", "470.82.01", {"8.6"}))})) ==
        Found{"1:driver-too-old"});
    BOOST_TEST(
        check(f, {target("gpu-box.json", linux_machine("3.11", "550.54.15", {"8.6"}))}).empty());
}

BOOST_AUTO_TEST_CASE(driver_too_old_names_the_driver_and_a_build_that_runs) {
    const auto f = check(file({entry("torch", "==2.5.1+cu124", 1)}, {cu124_index}),
                         {target("old.json", linux_machine("3.11", "470.82.01", {"8.6"}))});
    BOOST_TEST(found(f) == Found{"1:driver-too-old"});
    BOOST_TEST(f[0].message.find("on old.json") != std::string::npos);
    // No build of 2.5.1 runs on driver 470; 2.4.0's cu118 does, through CUDA 11's compatibility.
    BOOST_TEST(f[0].fix.starts_with("upgrade the NVIDIA driver to "));
    BOOST_TEST(f[0].fix.find("torch==2.4.0+cu118") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(no_wheel_for_the_target_python) {
    const auto f = file({entry("torch", "==2.1.2+cu121", 1)}, {cu121_index});
    BOOST_TEST(
        found(check(f, {target("py313.json", linux_machine("3.13", "550.54.15", {"8.6"}))})) ==
        Found{"1:no-wheel-for-target"});
    BOOST_TEST(
        check(f, {target("py311.json", linux_machine("3.11", "550.54.15", {"8.6"}))}).empty());
    // An unlabelled pin: no build of 2.1.2 has a wheel for 3.13.
    BOOST_TEST(found(check(file({entry("torch", "==2.1.2", 1)}),
                           {target("py313.json", linux_machine("3.13", "550.54.15", {"8.6"}))})) ==
               Found{"1:no-wheel-for-target"});
}

BOOST_AUTO_TEST_CASE(markers_are_evaluated_per_target) {
    const auto f =
        file({entry("torch", "==2.1.2+cu121", 1, "sys_platform == \"win32\"")}, {cu121_index});
    BOOST_TEST(
        check(f, {target("py313.json", linux_machine("3.13", "550.54.15", {"8.6"}))}).empty());
}

BOOST_AUTO_TEST_CASE(a_gpu_the_build_has_no_code_for) {
    const auto f = file({entry("torch", "==2.5.1+cu124", 1)}, {cu124_index});
    BOOST_TEST(
        found(check(f, {target("rtx5090.json", linux_machine("3.11", "575.51.03", {"12.0"}))})) ==
        Found{"1:gpu-not-supported"});
    BOOST_TEST(found(check(f, {target("cpu.json", linux_machine("3.11", "", {}))})) ==
               Found{"1:gpu-not-supported"});
}

BOOST_AUTO_TEST_CASE(a_cpu_build_on_a_gpu_target_is_a_warning) {
    const std::string cpu_index = "https://download.pytorch.org/whl/cpu";
    const auto f = file({entry("torch", "==2.5.1+cpu", 2)},
                        {index(IndexReference::Kind::Extra, cpu_index, 1)});
    const auto on_gpu =
        check(f, {target("gpu-box.json", linux_machine("3.11", "550.54.15", {"8.6"}))});
    BOOST_TEST(found(on_gpu) == Found{"2:cpu-build-on-gpu-target"});
    BOOST_TEST(name(on_gpu[0].severity) == "warning");
    BOOST_TEST(check(f, {target("cpu.json", linux_machine("3.11", "", {}))}).empty());
}

BOOST_AUTO_TEST_CASE(a_rocm_build_that_runs_only_under_an_hsa_override_is_a_warning) {
    const std::string rocm_index = "https://download.pytorch.org/whl/rocm6.2";
    const auto f = file({entry("torch", "==2.5.1+rocm6.2", 2)},
                        {index(IndexReference::Kind::Extra, rocm_index, 1)});
    TargetMachine amd = linux_machine("3.11", "", {});
    amd.rocm_gfx = {"gfx1031"};
    const auto on_gfx1031 = check(f, {target("gfx1031.json", amd)});
    BOOST_TEST(found(on_gfx1031) == Found{"2:hsa-override-needed"});
    BOOST_TEST(name(on_gfx1031[0].severity) == "warning");
    BOOST_TEST(on_gfx1031[0].message ==
               "torch 2.5.1+rocm6.2: rocm6.2 has no gfx1031 kernels; it runs on gfx1031.json only "
               "with HSA_OVERRIDE_GFX_VERSION=10.3.0, which runs the GPU as gfx1030");
    BOOST_TEST(on_gfx1031[0].fix ==
               "export HSA_OVERRIDE_GFX_VERSION=10.3.0 wherever torch runs on gfx1031.json");
    amd.rocm_gfx = {"gfx1100"};
    BOOST_TEST(check(f, {target("gfx1100.json", amd)}).empty());
    amd.rocm_gfx = {"gfx1035"};
    BOOST_TEST(found(check(f, {target("gfx1035.json", amd)})) == Found{"2:gpu-not-supported"});
}

BOOST_AUTO_TEST_CASE(one_variant_of_a_uv_fork_that_runs_is_enough) {
    const std::string cpu = "https://download.pytorch.org/whl/cpu";
    const std::string cu124 = "https://download.pytorch.org/whl/cu124";
    const auto f =
        file({locked("torch", "2.5.1+cpu", 2, cpu), locked("torch", "2.5.1+cu124", 3, cu124)}, {},
             LockFormat::UvLock);
    BOOST_TEST(
        check(f, {target("gpu-box.json", linux_machine("3.11", "550.54.15", {"8.6"}))}).empty());
    BOOST_TEST(found(check(f, {target("old.json", linux_machine("3.11", "470.82.01", {"8.6"}))})) ==
               (Found{"2:cpu-build-on-gpu-target", "3:driver-too-old"}));
}

BOOST_AUTO_TEST_CASE(a_known_issue_on_the_target_os) {
    const auto f = file({entry("torch", "==2.4.0+cu121", 2)}, {cu121_index});
    const auto on_windows = check(f, {target("windows-box.json", windows_machine())});
    BOOST_TEST(found(on_windows) == Found{"2:known-issue"});
    BOOST_TEST(on_windows[0].message.find("win-fbgemm-dll-2.4.0") != std::string::npos);
    BOOST_TEST(on_windows[0].fix == "a fix");
    BOOST_TEST(
        check(f, {target("gpu-box.json", linux_machine("3.11", "550.54.15", {"8.6"}))}).empty());
    BOOST_TEST(check(file({entry("torch", "==2.5.1+cu121", 2)}, {cu121_index}),
                     {target("windows-box.json", windows_machine())})
                   .empty());
}

BOOST_AUTO_TEST_CASE(findings_are_sorted_and_shared_ones_listed_once) {
    const auto f =
        check(file({entry("torch", "==2.4.0+cu121", 2), entry("torchvision", "==0.20.1+cu124", 3)},
                   {cu121_index}),
              {target("a.json", linux_machine("3.11", "550.54.15", {"8.6"})),
               target("a.json", linux_machine("3.11", "550.54.15", {"8.6"}))});
    BOOST_TEST(found(f) == (Found{"3:index-backend-mismatch", "3:unpaired-companion"}));
}

BOOST_AUTO_TEST_SUITE_END()
