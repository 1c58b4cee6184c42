// Wheel lists: the real InvokeAI and nixpkgs lists round-trip with their hashes, and every kind
// of bad entry is located.
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "importers/index/wheel_list.hpp"
#include "importers/input/text_input.hpp"
#include "tests/support/printing.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <string>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

WheelListImport read_data_list(const std::string& file) {
    const std::string path = "data/wheels/" + file;
    return import_wheel_list(TextInput::read_file(test::source_path(path)), path,
                             SourceInfo{"wheel-list", path, "", "2026-11-30T00:00:00Z", "test"});
}

WheelListImport read_text(const std::string& text) {
    return import_wheel_list(TextInput::from_string(text, "list.json"), "data/list.json",
                             SourceInfo{"wheel-list", "data/list.json", "", "", ""});
}

std::string error_of(const std::string& text) {
    try {
        read_text(text);
    } catch (const InputError& e) {
        const Diagnostic& d = e.diagnostic();
        return std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message;
    }
    return "no error";
}

std::map<std::string, std::size_t> count_by_package(const WheelListImport& list) {
    std::map<std::string, std::size_t> counts;
    for (const IndexFile& file : list.files) {
        ++counts[file.wheel.name().normalized()];
    }
    return counts;
}

const IndexFile& file_named(const WheelListImport& list, const std::string& name) {
    for (const IndexFile& file : list.files) {
        if (file.wheel.to_string() == name) {
            return file;
        }
    }
    BOOST_FAIL("no file " + name);
    return list.files.front();
}

// One entry, between a list header and footer, so errors are on line 2.
std::string entry(const std::string& fields) {
    return "{\"wheels\": [\n{" + fields + "}\n]}\n";
}

const std::string good_url = "\"url\": \"https://download.pytorch.org/whl/cu121/"
                             "torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\"";

} // namespace

BOOST_AUTO_TEST_SUITE(wheel_list)

BOOST_AUTO_TEST_CASE(the_invokeai_lock_wheels_keep_their_hashes_and_upload_times) {
    const WheelListImport list = read_data_list("invokeai_uvlock_pytorch_index_wheels.json");
    BOOST_TEST(list.listing.table == &wheel_file_table());
    BOOST_TEST(list.listing.name == "data/wheels/invokeai_uvlock_pytorch_index_wheels.json");
    BOOST_TEST(list.listing.source.digest.size() == 64u);
    BOOST_TEST(list.files.size() == 39u);
    BOOST_TEST(list.listing.rows.size() == 39u);
    BOOST_TEST(list.issues.empty());
    const auto counts = count_by_package(list);
    BOOST_TEST(counts.at("torch") == 19u);
    BOOST_TEST(counts.at("torchvision") == 14u);
    BOOST_TEST(counts.at("triton-xpu") == 4u);
    BOOST_TEST(counts.at("triton-rocm") == 2u);

    const IndexFile& windows = file_named(list, "torch-2.7.1+cu128-cp311-cp311-win_amd64.whl");
    BOOST_TEST(windows.url == "https://download-r2.pytorch.org/whl/cu128/"
                              "torch-2.7.1%2Bcu128-cp311-cp311-win_amd64.whl");
    BOOST_TEST(windows.sha256 ==
               std::optional<std::string>(
                   "138c66dcd0ed2f07aafba3ed8b7958e2bed893694990e0b4b55b6b2b4a336aa6"));
    BOOST_TEST(windows.upload_time == std::optional<std::string>("2025-06-03T18:31:13Z"));
    BOOST_TEST(windows.backend->to_string() == "cu128");
    BOOST_TEST(name(windows.provenance) == "observed");
    BOOST_TEST(windows.listing == list.listing.name);
    BOOST_TEST(!windows.requires_python); // a lockfile states none: none is invented
    BOOST_TEST(!windows.core_metadata);
    BOOST_TEST(!windows.yanked);

    const IndexFile& xpu = file_named(list, "torch-2.13.0+xpu-cp312-cp312-win_amd64.whl");
    BOOST_TEST(!xpu.sha256); // the lock (and so the index) has no hash for it
    BOOST_TEST(xpu.upload_time == std::optional<std::string>("2026-07-08T11:28:59Z"));

    // No label and no variant directory in the URL: the backend is the registry's.
    const IndexFile& triton = file_named(list, "triton_rocm-3.6.0-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(
        triton.url ==
        "https://download-r2.pytorch.org/whl/triton_rocm-3.6.0-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(triton.backend->to_string() == "rocm7.1");
    BOOST_TEST(!triton.sha256);

    std::size_t hashed = 0;
    for (const IndexFile& file : list.files) {
        hashed += file.sha256 ? 1 : 0;
    }
    BOOST_TEST(hashed == 33u); // 4 torch xpu and 2 triton-rocm files lack one
}

BOOST_AUTO_TEST_CASE(the_nixpkgs_wheels_keep_their_hashes) {
    const WheelListImport list = read_data_list("nixpkgs_torch_wheels.json");
    BOOST_TEST(list.files.size() == 56u);
    const auto counts = count_by_package(list);
    BOOST_TEST(counts.at("torch") == 15u);
    BOOST_TEST(counts.at("torchvision") == 15u);
    BOOST_TEST(counts.at("torchaudio") == 26u);
    for (const IndexFile& file : list.files) {
        BOOST_TEST(file.sha256.has_value(), file.wheel.to_string());
        BOOST_TEST(!file.upload_time, file.wheel.to_string());
    }
    const IndexFile& mac = file_named(list, "torch-2.7.1-cp39-none-macosx_11_0_arm64.whl");
    BOOST_TEST(mac.url ==
               "https://download.pytorch.org/whl/cpu/torch-2.7.1-cp39-none-macosx_11_0_arm64.whl");
    BOOST_TEST(mac.backend->to_string() == "cpu"); // from the /whl/cpu/ directory
    BOOST_TEST(mac.sha256 ==
               std::optional<std::string>(
                   "351be905d1ba693f317be603441e4ed9580ed9a8d7ee17b3dae60fa2ff49bff7"));
    const IndexFile& cuda =
        file_named(list, "torch-2.7.1+cu128-cp311-cp311-manylinux_2_28_x86_64.whl");
    BOOST_TEST(cuda.sha256 ==
               std::optional<std::string>(
                   "c301dc280458afd95450af794924c98fe07522dd148ff384739b810e3e3179f2"));
    // The same file as the InvokeAI lock pins (there from download-r2.pytorch.org): same hash.
    const WheelListImport invokeai = read_data_list("invokeai_uvlock_pytorch_index_wheels.json");
    BOOST_TEST(file_named(invokeai, cuda.wheel.to_string()).sha256 == cuda.sha256);
    const IndexFile& old = file_named(list, "torchaudio-0.13.1-cp37-cp37m-macosx_10_9_x86_64.whl");
    BOOST_TEST(!old.backend); // https://download.pytorch.org/whl/torchaudio-…: no variant
}

BOOST_AUTO_TEST_CASE(the_quoted_index_fragments_are_two_observed_files) {
    const WheelListImport list = read_data_list("quoted_index_fragments.json");
    BOOST_REQUIRE_EQUAL(list.files.size(), 2u);
    const IndexFile& linux = file_named(list, "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl");
    BOOST_TEST(linux.sha256 ==
               std::optional<std::string>(
                   "0d4e8c52a1fcf5ed6cfc256d9a370fcf4360958fc79d0b08a51d55e70914df46"));
    const IndexFile& arm =
        file_named(list, "torch-2.7.0+cu128-cp310-cp310-manylinux_2_28_aarch64.whl");
    BOOST_TEST(!arm.sha256);
    BOOST_TEST(arm.core_metadata ==
               std::optional<std::string>(
                   "sha256=86107f52ff49e63a75c9d345374cac30140e053a12ffa728d676fee836e69022"));
}

BOOST_AUTO_TEST_CASE(the_observed_wheels_of_2_8_to_2_14_keep_their_digests_and_sources) {
    const WheelListImport list = read_data_list("observed_wheels_2.8-2.14.json");
    BOOST_TEST(list.files.size() == 470u);
    const auto counts = count_by_package(list);
    BOOST_TEST(counts.at("torch") == 222u);
    BOOST_TEST(counts.at("torchvision") == 154u);
    BOOST_TEST(counts.at("torchaudio") == 94u);
    for (const IndexFile& file : list.files) {
        BOOST_TEST(file.sha256.has_value(), file.wheel.to_string());
        BOOST_TEST(!file.seen_in.value_or("").empty(), file.wheel.to_string());
    }
    const IndexFile& golden =
        file_named(list, "torch-2.13.0+cu130-cp312-cp312-manylinux_2_28_x86_64.whl");
    BOOST_TEST(golden.sha256 ==
               std::optional<std::string>(
                   "8db7338e6895c3d4bd89a02ff4209507d1f0cf2ffeb3b898538b5a07d1ea8c1e"));
    BOOST_TEST(golden.backend->to_string() == "cu130");
    const IndexFile& mac = file_named(list, "torch-2.8.0-cp310-none-macosx_11_0_arm64.whl");
    BOOST_TEST(mac.backend->to_string() == "cpu"); // from the /whl/cpu/ directory
    BOOST_TEST(mac.seen_in->starts_with("NixOS/nixpkgs pkgs/development/python-modules/torch/bin/"
                                        "binary-hashes.nix @e92ca437"));
    // PyPI's file has no backend; AMD's Windows ROCm wheel takes its label's.
    BOOST_TEST(!file_named(list, "torch-2.11.0-cp312-cp312-manylinux_2_28_x86_64.whl").backend);
    BOOST_TEST(
        file_named(list, "torch-2.9.1+rocm7.2.1-cp312-cp312-win_amd64.whl").backend->to_string() ==
        "rocm7.2.1");
}

BOOST_AUTO_TEST_CASE(each_entry_keeps_where_it_was_seen) {
    const IndexFile nix = file_named(read_data_list("nixpkgs_torch_wheels.json"),
                                     "torch-2.7.1+cu128-cp39-cp39-manylinux_2_28_x86_64.whl");
    BOOST_TEST(nix.seen_in == std::optional<std::string>(
                                  "NixOS/nixpkgs pkgs/development/python-modules/torch/bin/"
                                  "binary-hashes.nix @19d64621d6ab5c16fc807aa41d4d849981b687ca"));
    const IndexFile quoted = file_named(read_data_list("quoted_index_fragments.json"),
                                        "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl");
    BOOST_TEST(quoted.seen_in->starts_with("Poetry/mirror discussion"));
    const IndexFile lock = read_data_list("invokeai_uvlock_pytorch_index_wheels.json").files[0];
    BOOST_TEST(!lock.seen_in); // the list has one source, its manifest entry's
    BOOST_TEST(read_text(entry(good_url + ", \"source\": \"a Dockerfile\"")).files[0].seen_in ==
               std::optional<std::string>("a Dockerfile"));
    BOOST_TEST(error_of(entry(good_url + ", \"source\": {\"repo\": \"a/b\", \"path\": \"p\"}")) ==
               "2:1 an object \"source\" needs a string \"commit\"");
}

BOOST_AUTO_TEST_CASE(the_dataset_copies_match_the_test_fixtures) {
    for (const std::string file :
         {"invokeai_uvlock_pytorch_index_wheels.json", "nixpkgs_torch_wheels.json"}) {
        BOOST_TEST(test::read_file(test::source_path("data/wheels/" + file)) ==
                       test::read_file(test::source_path("tests/data/wheels/" + file)),
                   file);
    }
}

BOOST_AUTO_TEST_CASE(bad_entries_are_located) {
    BOOST_TEST(error_of("[1, 2]") == "1:1 a wheel list is a JSON object with a \"wheels\" array");
    BOOST_TEST(error_of("{\"wheels\": [\n").find("1:14 malformed JSON: syntax error") == 0u);
    BOOST_TEST(error_of(entry("\"sha256\": null")) == "2:1 a wheel list entry needs a \"url\"");
    BOOST_TEST(error_of(entry(good_url + ", \"sha265\": \"ab\"")) ==
               "2:1 unknown key \"sha265\" in a wheel list entry");
    BOOST_TEST(
        error_of(entry(good_url + ", \"sha256\": \"abc\""))
            .find("2:1 the sha256 of \"torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl\" is not "
                  "64 hexadecimal digits") == 0u);
    BOOST_TEST(error_of(entry(good_url + ", \"sha256\": 12")) ==
               "2:1 \"sha256\" must be a string or null");
    BOOST_TEST(error_of(entry(good_url + ", \"wheel_filename\": \"torch-2.1.0-cp310-cp310-"
                                         "linux_x86_64.whl\"")) ==
               "2:1 \"wheel_filename\" is \"torch-2.1.0-cp310-cp310-linux_x86_64.whl\" but the "
               "URL names \"torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl\"");
    BOOST_TEST(error_of(entry(good_url + ", \"version\": \"2.1.0+cu118\"")) ==
               "2:1 \"version\" is \"2.1.0+cu118\" but the file is version 2.1.0+cu121");
    BOOST_TEST(error_of(entry(good_url + ", \"package\": \"torchvision\"")) ==
               "2:1 \"package\" is \"torchvision\" but the file is of torch");
    BOOST_TEST(error_of(entry("\"url\": \"https://download.pytorch.org/whl/torch-oops.whl\""))
                   .find("2:1 \"torch-oops.whl\" is not a valid wheel file name") == 0u);
    BOOST_TEST(
        error_of(entry("\"url\": \"https://download.pytorch.org/whl/torch-2.1.0.tar.gz\"")) ==
        "2:1 \"https://download.pytorch.org/whl/torch-2.1.0.tar.gz\" is not a wheel");
    BOOST_TEST(error_of("{\"wheels\": [\n{" + good_url + "},\n{" + good_url + "}\n]}\n") ==
               "3:1 \"https://download.pytorch.org/whl/cu121/"
               "torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\" is listed twice");
    BOOST_TEST(error_of(entry(good_url + ", \"core_metadata\": \"yes\"")) ==
               "2:1 \"core_metadata\" must be \"true\" or \"sha256=<hex>\"");
}

BOOST_AUTO_TEST_CASE(an_sri_must_be_the_same_digest_as_the_hex_sha256) {
    const std::string sha =
        "\"sha256\": \"738ac9b3ad79e62a21256e3d250cee858de955f93f89fab114da8d1919347d06\"";
    // nixpkgs' SRI form of that digest.
    const std::string sri = "\"sri\": \"sha256-c4rJs6155iohJW49JQzuhY3pVfk/ifqxFNqNGRk0fQY=\"";
    BOOST_TEST(error_of(entry(good_url + ", " + sha + ", " + sri)) == "no error");
    const std::string other = "\"sri\": \"sha256-1sPLoZjck/k0IqhUX0imaXiQNm5LlwH1Q1H8J+IwS9M=\"";
    BOOST_TEST(error_of(entry(good_url + ", " + sha + ", " + other)) ==
               "2:1 \"sri\" is the digest "
               "d6c3cba198dc93f93422a8545f48a6697890366e4b9701f54351fc27e2304bd3, not the "
               "\"sha256\" given");
    BOOST_TEST(error_of(entry(good_url + ", " + sha + ", \"sri\": \"md5-abc\"")) ==
               "2:1 \"sri\" must be \"sha256-<base64 of 32 bytes>\"");
}

BOOST_AUTO_TEST_CASE(a_label_that_contradicts_the_directory_is_an_issue_not_an_error) {
    const auto list = read_text(
        entry("\"url\": \"https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu121-cp310-cp310-"
              "linux_x86_64.whl\""));
    BOOST_REQUIRE_EQUAL(list.issues.size(), 1u);
    BOOST_TEST(name(list.issues[0].kind) == "backend-mismatch");
    BOOST_TEST(list.files[0].backend->to_string() == "cu121");
}

BOOST_AUTO_TEST_SUITE_END()
