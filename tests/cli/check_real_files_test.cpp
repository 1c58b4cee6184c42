// `torchpin check` on three real lockfiles (tests/data/raw/lockfiles/README.md): the findings
// asserted, each with the reason it is right. Lines are those of the files as copied.
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;

namespace {

const std::string comfy = "tests/data/raw/lockfiles/Comfy-Org+desktop/windows_nvidia.compiled";
const std::string invokeai = "tests/data/raw/lockfiles/invoke-ai+InvokeAI/uv.lock";
const std::string ctrlhgen = "tests/data/raw/lockfiles/Stardreama+CtrlHGen-repro/requirements.txt";

// "269:gpu-not-supported" per finding of the only file, from `check --format json`.
std::vector<std::string> findings(std::vector<std::string> args, int expected_exit) {
    args.insert(args.begin(), "check");
    for (std::string& arg : args) {
        if (arg.starts_with("tests/")) {
            arg = test::source_path(arg).string();
        }
    }
    args.insert(args.end(), {"--format", "json"});
    const auto r = test::run_torchpin(
        args, "",
        {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}, {"TORCHPIN_TODAY", "2026-09-20"}});
    BOOST_TEST(r.exit_code == expected_exit);
    std::vector<std::string> out;
    const auto doc = nlohmann::json::parse(r.out);
    for (const auto& f : doc["files"][0]["findings"]) {
        out.push_back(std::to_string(f["line"].get<int>()) + ":" + f["rule"].get<std::string>());
    }
    return out;
}

const std::string profiles = "tests/data/machines/profiles/";

using Found = std::vector<std::string>;

} // namespace

BOOST_AUTO_TEST_SUITE(check_real_files)

// torch 2.5.1+cu124 (line 269), torchaudio 2.5.1+cu124 (279), torchvision 0.20.1+cu124 (289):
// 0.20.1 and 2.5.1 are torch 2.5.1's pairs in data/releases.toml; every pin is a cu124 build,
// annotated "# from https://download.pytorch.org/whl/cu124" and served by the
// --extra-index-url of line 4; 2.5.1 was published for cu124; the file has no hashes. Nothing
// to report.
BOOST_AUTO_TEST_CASE(comfy_windows_nvidia_is_consistent) {
    BOOST_TEST(findings({comfy}, 0).empty());
}

// The machine the file is for: Windows x86_64, Python 3.12, driver 560.94, RTX 4090 (sm_89).
// cu124 2.5.1 has win_amd64 cp312 wheels, 560.94 meets CUDA 12.4's Windows minimum, sm_89 is in
// cu124's arch list, and the known Windows issues are of 2.4.0 (fbgemm.dll) and >= 2.9
// (msvcp140), or of every version (machine setup, not reported).
BOOST_AUTO_TEST_CASE(comfy_runs_on_the_windows_box) {
    BOOST_TEST(findings({comfy, "--machine", profiles + "windows-box.json"}, 0).empty());
}

// The same box with an RTX 5090 (sm_120): cu124 builds carry cubins up to sm_90 and no PTX,
// and sm_120 needs CUDA 12.8, so torch cannot run its kernels there.
BOOST_AUTO_TEST_CASE(comfy_on_an_rtx_5090_has_no_kernels) {
    BOOST_TEST(findings({comfy, "--machine", profiles + "windows-box.json", "--gpu", "12.0"}, 1) ==
               Found{"269:gpu-not-supported"});
}

// A Mac: the file has no markers, and PyTorch never published CUDA builds for macOS, so pip
// finds no torch 2.5.1+cu124 there. (The file is named windows_nvidia: the finding is right, the
// target is the wrong one for it.)
BOOST_AUTO_TEST_CASE(comfy_on_a_mac_has_no_wheel) {
    BOOST_TEST(findings({comfy, "--machine", profiles + "mac-laptop.json"}, 1) ==
               Found{"269:no-wheel-for-target"});
}

// Five torch variants, one per conflicting extra: 2.7.1 from PyPI, 2.7.1+cpu, 2.7.1+cu128,
// 2.10.0+rocm7.1 and 2.13.0+xpu, each a published build from the variant index of its label;
// each torchvision pairs with the torch of its own build (0.22.1 with 2.7.1, 0.25.0 with 2.10.0,
// 0.28.0 with 2.13.0). The download-r2.pytorch.org wheel digests equal the matrix's. PyPI's
// macOS wheels (torch-2.7.1-cp311-none-macosx_11_0_arm64.whl at line 4527) have other digests
// than the download.pytorch.org/whl/cpu copies nixpkgs records: separate uploads under one
// name, so they are not compared and give no hash-mismatch.
BOOST_AUTO_TEST_CASE(invokeai_lock_is_consistent) {
    BOOST_TEST(findings({invokeai}, 0).empty());
}

// On the GPU box (Linux, RTX 3090, driver 550.144.03) with Python 3.12, the default variant is
// PyPI's torch 2.7.1, a cu126 build: 550.144.03 is below CUDA 12.6's own minimum (560.35.05)
// but above CUDA 12's minor-version-compatibility floor, so it runs (docs/solver.md), and the
// other variants are not what gets installed there.
BOOST_AUTO_TEST_CASE(invokeai_runs_on_the_gpu_box) {
    BOOST_TEST(findings({invokeai, "--machine", profiles + "gpu-box.json", "--python", "3.12"}, 0)
                   .empty());
}

// With driver 470.82.01 no variant runs: CUDA 12 needs 525.60.13 even with minor-version
// compatibility, so PyPI's 2.7.1 (cu126, line 4487) and 2.7.1+cu128 (line 4563) fail on the
// driver; the CPU variant (line 4534) runs but leaves the RTX 3090 idle (a warning); the ROCm
// (4606) and XPU (4629) variants need GPUs the box does not have.
BOOST_AUTO_TEST_CASE(invokeai_on_an_old_driver_has_no_variant_that_runs) {
    BOOST_TEST(findings({invokeai, "--machine", profiles + "gpu-box.json", "--python", "3.11",
                         "--driver", "470.82.01"},
                        1) ==
               (Found{"4487:driver-too-old", "4534:cpu-build-on-gpu-target", "4563:driver-too-old",
                      "4606:gpu-not-supported", "4629:gpu-not-supported"}));
}

// `conda list --export` output named requirements.txt: pip stops at line 5
// (`_libgcc_mutex=0.1=main`), the one finding. Its pip-installed torch family is consistent:
// torch 2.6.0+cu118 (line 120), torchaudio 2.6.0+cu118 (123) and torchvision 0.21.0+cu118 (124)
// are torch 2.6.0's pairs in data/releases.toml, all cu118, and 2.6.0 was published for cu118
// (data/backends.toml). No index rule runs: an export records none.
BOOST_AUTO_TEST_CASE(ctrlhgen_conda_export_cannot_be_installed_by_pip) {
    BOOST_TEST(findings({ctrlhgen}, 1) == Found{"5:conda-export"});
}

BOOST_AUTO_TEST_SUITE_END()
