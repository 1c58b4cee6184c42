// companion_fit on the real rows of data/ecosystem.toml: each pairing mode, the curated range
// beside the metadata, torch variants by label and by CUDA major, platforms and CPython ranges.
#include "engine/matrix/companion_label.hpp"
#include "engine/solver/companion_fit.hpp"
#include "engine/solver/companion_source.hpp"
#include "tests/importers/dataset/ecosystem_rows.hpp"

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;
using torchpin::Backend;
using torchpin::CompanionFit;
using torchpin::CompanionMisfitKind;
using torchpin::CompanionTarget;
using torchpin::CpuArch;
using torchpin::OperatingSystem;
using torchpin::PythonTarget;
using torchpin::Version;

namespace {

CompanionTarget linux_target(const std::string& torch, const std::string& backend,
                             const std::string& python = "cp3.12") {
    return {Version::from(torch), Backend::from(backend), OperatingSystem::Linux, CpuArch::X86_64,
            PythonTarget::parse(python).value()};
}

CompanionFit fit(const std::string& package, const std::string& version,
                 const CompanionTarget& target) {
    return torchpin::companion_fit(test::companion_row(package, version), target);
}

} // namespace

BOOST_AUTO_TEST_SUITE(companion_fit)

// xformers.tsv: 0.0.33.post2 is built for and pins torch 2.9.1.
BOOST_AUTO_TEST_CASE(an_exact_pin_fits_its_torch_only) {
    BOOST_TEST(fit("xformers", "0.0.33.post2", linux_target("2.9.1", "cu128")).fits());
    const auto other = fit("xformers", "0.0.33.post2", linux_target("2.9.0", "cu128"));
    BOOST_TEST(other.misfits_by(CompanionMisfitKind::Torch));
    BOOST_TEST(other.misfits.front().why ==
               "xformers 0.0.33.post2 works with torch==2.9.1 only, not torch 2.9.0");
}

// 0.0.34: the binaries run on later torch (CHANGELOG), the metadata pins 2.10.0: pip and uv
// follow the metadata, so 2.11.0 does not fit, and the reason says which side binds.
BOOST_AUTO_TEST_CASE(an_over_narrow_metadata_pin_still_binds) {
    BOOST_TEST(fit("xformers", "0.0.34", linux_target("2.10.0", "cu130")).fits());
    const auto later = fit("xformers", "0.0.34", linux_target("2.11.0", "cu130"));
    BOOST_REQUIRE(!later.fits());
    BOOST_TEST(later.misfits.front().why ==
               "xformers 0.0.34's metadata requires torch==2.10.0, so pip and uv will not install "
               "it beside torch 2.11.0 (its binaries accept torch>=2.10)");
    BOOST_TEST(torchpin::accepted_torch(test::companion_row("xformers", "0.0.34")).to_string() ==
               ">=2.10,==2.10.0");
}

// torchtext 0.18.0: the metadata says >=2.3.0, the binary fails on 2.4: the curated range wins.
BOOST_AUTO_TEST_CASE(an_over_wide_metadata_range_is_narrowed_by_the_curated_one) {
    BOOST_TEST(fit("torchtext", "0.18.0", linux_target("2.3.0", "cpu", "cp3.11")).fits());
    const auto newer = fit("torchtext", "0.18.0", linux_target("2.4.0", "cpu", "cp3.11"));
    BOOST_TEST(newer.misfits.front().why == "torchtext 0.18.0 works with torch==2.3.0 only, not "
                                            "torch 2.4.0 (its metadata says torch>=2.3.0)");
}

// torchtext's builds carry CPU ops only: one build runs beside every variant of its torch.
BOOST_AUTO_TEST_CASE(a_cpu_only_package_fits_every_variant) {
    BOOST_TEST(fit("torchtext", "0.18.0", linux_target("2.3.0", "cu121", "cp3.11")).fits());
    BOOST_TEST(torchpin::runs_beside_any_variant(test::companion_row("torchtext", "0.18.0")));
    BOOST_TEST(!torchpin::runs_beside_any_variant(test::companion_row("torchao", "0.18.0")));
}

// A floor (stable ABI): torchao 0.18.0 runs on 2.11 and every later torch.
BOOST_AUTO_TEST_CASE(a_floor_fits_every_later_torch) {
    BOOST_TEST(fit("torchao", "0.18.0", linux_target("2.14.1", "cu130")).fits());
    BOOST_TEST(!fit("torchao", "0.18.0", linux_target("2.10.0", "cu130")).fits());
}

// flash-attn: one asset per torch minor, labelled cu12: any CUDA 12 build of torch, no CUDA 13.
BOOST_AUTO_TEST_CASE(a_minor_series_fits_the_minors_with_files_and_the_cuda_major) {
    BOOST_TEST(fit("flash-attn", "2.8.3", linux_target("2.8.0", "cu128")).fits());
    BOOST_TEST(fit("flash-attn", "2.8.3", linux_target("2.4.1", "cu121")).fits());
    const auto cu13 = fit("flash-attn", "2.8.3", linux_target("2.8.0", "cu130"));
    BOOST_TEST(cu13.misfits_by(CompanionMisfitKind::Backend));
    BOOST_TEST(cu13.misfits.front().why == "flash-attn 2.8.3 is built for cu12, not cu130");
    const auto newer = fit("flash-attn", "2.8.3", linux_target("2.9.0", "cu128"));
    BOOST_TEST(newer.misfits.front().why ==
               "flash-attn 2.8.3 has files for torch 2.4 to 2.8 only (each for its torch minor), "
               "not for torch 2.9.0");
    const auto windows = torchpin::companion_fit(test::companion_row("flash-attn", "2.8.3"),
                                                 {Version::from("2.8.0"), Backend::from("cu128"),
                                                  OperatingSystem::Windows, CpuArch::X86_64,
                                                  PythonTarget::parse("cp3.12").value()});
    BOOST_TEST(windows.misfits_by(CompanionMisfitKind::Platform));
}

// torch-scatter 2.1.2: rebuilt per minor with no stated range; 2.11 has no build in the sources.
BOOST_AUTO_TEST_CASE(a_minor_series_without_a_range_reads_its_minors) {
    BOOST_TEST(fit("torch-scatter", "2.1.2", linux_target("2.12.0", "cu130")).fits());
    BOOST_TEST(!fit("torch-scatter", "2.1.2", linux_target("2.11.0", "cu130")).fits());
    // Which variants exist per minor is not recorded: assumed, and said.
    BOOST_TEST(fit("torch-scatter", "2.1.2", linux_target("2.12.0", "cu130")).unverified.size() ==
               1U);
}

// triton is pinned by torch: the release torch 2.14.x pins, on CUDA builds.
BOOST_AUTO_TEST_CASE(a_package_pinned_by_torch_fits_the_torch_that_pins_it) {
    BOOST_TEST(fit("triton", "3.8.0", linux_target("2.14.1", "cu130")).fits());
    BOOST_TEST(fit("triton", "3.8.0", linux_target("2.13.0", "cu130"))
                   .misfits_by(CompanionMisfitKind::Torch));
    BOOST_TEST(fit("triton", "3.8.0", linux_target("2.14.1", "cpu"))
                   .misfits_by(CompanionMisfitKind::Backend));
}

// bitsandbytes pairs with no torch build: only its metadata range and platforms bind.
BOOST_AUTO_TEST_CASE(no_pairing_fits_any_variant_in_the_metadata_range) {
    const auto f = fit("bitsandbytes", "0.50.1", linux_target("2.14.1", "cu130"));
    BOOST_TEST(f.fits());
    BOOST_TEST(f.unverified.empty());
    BOOST_TEST(!fit("bitsandbytes", "0.50.1", linux_target("2.3.1", "cu121")).fits());
}

BOOST_AUTO_TEST_CASE(cpython_ranges_come_from_the_python_column) {
    const auto old = fit("flash-attn", "2.8.3", linux_target("2.8.0", "cu128", "cp3.14"));
    BOOST_TEST(old.misfits_by(CompanionMisfitKind::Python));
    BOOST_TEST(old.misfits.front().why ==
               "flash-attn 2.8.3 has wheels for CPython 3.9 to 3.13, not cp314");
    BOOST_TEST(fit("torchao", "0.18.0", linux_target("2.14.1", "cu130", "cp3.14")).fits());
    const auto range = torchpin::python_range(">=3.10,<=3.14");
    BOOST_TEST((range && range->first_minor == 10U && range->last_minor == 14U));
    BOOST_TEST(!torchpin::python_range("per torch wheel"));
    BOOST_TEST(!torchpin::python_range("cp3x-abi3 (py_limited_api=True)"));
    BOOST_TEST(torchpin::python_range("py39-none (stable ABI)")->first_minor == 9U);
}

// Where resolve places a file, and the label it pins, is what check and doctor read back.
BOOST_AUTO_TEST_CASE(a_placed_pyg_file_is_labelled_as_the_label_parser_reads_it) {
    const auto target = linux_target("2.12.0", "cu130");
    const auto placed = torchpin::place_companion(test::companion_row("torch-scatter", "2.1.2"),
                                                  target, "https://download.pytorch.org/whl/cu130");
    BOOST_REQUIRE(placed.has_value());
    BOOST_TEST(placed->version.to_string() == "2.1.2+pt212cu130");
    BOOST_TEST(placed->source.url == "https://data.pyg.org/whl/torch-2.12.0+cu130.html");
    BOOST_TEST((placed->source.kind == torchpin::PinSourceKind::FindLinks));
    const auto label = torchpin::parse_companion_label(placed->version.local_label());
    BOOST_TEST(label->torch_minor->to_string() == "2.12");
    BOOST_TEST(label->backend->to_string() == "cu130");
}

// flash-attn's asset: CUDA major, torch minor, the C++ ABI torch's pip wheels use (TRUE from 2.7)
// and the CPython; a CPU build has no CUDA major, so no asset.
BOOST_AUTO_TEST_CASE(a_release_asset_url_is_formed_from_its_scheme) {
    const auto& row = test::companion_row("flash-attn", "2.8.3");
    const auto placed =
        torchpin::place_companion(row, linux_target("2.6.0", "cu124", "cp3.11"), "");
    BOOST_REQUIRE(placed.has_value());
    BOOST_TEST(placed->source.url ==
               "https://github.com/Dao-AILab/flash-attention/releases/download/v2.8.3/"
               "flash_attn-2.8.3+cu12torch2.6cxx11abiFALSE-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(placed->url_from_scheme);
    BOOST_TEST(!torchpin::place_companion(row, linux_target("2.6.0", "cpu"), "").has_value());
}

// xformers lives in the answer's PyTorch index folder; bitsandbytes on PyPI.
BOOST_AUTO_TEST_CASE(index_packages_come_from_the_answers_folder_or_pypi) {
    const auto xformers = torchpin::place_companion(test::companion_row("xformers", "0.0.35"),
                                                    linux_target("2.12.0", "cu130"), "INDEX");
    BOOST_TEST((xformers->source.kind == torchpin::PinSourceKind::PytorchIndex));
    BOOST_TEST(xformers->source.url == "INDEX");
    BOOST_TEST(!xformers->url_from_scheme);
    const auto bnb = torchpin::place_companion(test::companion_row("bitsandbytes", "0.50.1"),
                                               linux_target("2.12.0", "cu130"), "INDEX");
    BOOST_TEST((bnb->source.kind == torchpin::PinSourceKind::Pypi));
}

BOOST_AUTO_TEST_SUITE_END()
