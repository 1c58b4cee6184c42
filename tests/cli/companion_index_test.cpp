// Releases of xformers that only the index shows become answers: a local mirror of the PyTorch
// index with xformers pages in two variant folders (0.0.35 with its real file name and metadata,
// and clearly synthetic later releases, every digest of made-up bytes), read by
// `update --package xformers`, then answered by `resolve` with the file and its digest.
#include "engine/base/sha256.hpp"
#include "tests/support/fake_index.hpp"
#include "tests/support/process.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

const std::string profile = // CPython 3.10, NVIDIA driver 550: cu126 by minor-version
    test::source_path("tests/data/machines/profiles/gpu-box.json").string();

// A synthetic torch (no 2.99.0 exists), so that the answer has a torch file with a digest.
const std::string torch_key =
    "whl/cu126/torch-2.99.0%2Bcu126-cp310-cp310-manylinux_2_28_x86_64.whl";
const std::string torch_sha = torchpin::sha256_hex("synthetic torch 2.99.0+cu126");

struct XformersRelease {
    std::string version;        // "0.0.36"
    std::string tags;           // "py39-none-manylinux_2_28_x86_64"
    std::string requires_torch; // its metadata's Requires-Dist: "torch>=2.13"
};

const XformersRelease real_0035{"0.0.35", "py39-none-manylinux_2_28_x86_64", "torch>=2.10"};
const XformersRelease synthetic_0036{"0.0.36", "py39-none-manylinux_2_28_x86_64", "torch>=2.13"};

std::string xformers_key(const std::string& folder, const XformersRelease& release) {
    return "whl/" + folder + "/xformers-" + release.version + "-" + release.tags + ".whl";
}

std::string xformers_sha(const std::string& folder, const XformersRelease& release) {
    return torchpin::sha256_hex("synthetic xformers " + release.version + " " + folder);
}

std::string xformers_metadata(const XformersRelease& release) {
    return "Metadata-Version: 2.1\nName: xformers\nVersion: " + release.version +
           "\nRequires-Python: >=3.9\nRequires-Dist: numpy\nRequires-Dist: " +
           release.requires_torch + "\n\nSynthetic.\n";
}

struct Mirror {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("torchpin_companion_index_" + std::to_string(getpid()));
    std::unique_ptr<test::FakeIndex> index;

    explicit Mirror(const std::vector<XformersRelease>& releases) {
        std::filesystem::remove_all(dir);
        index = std::make_unique<test::FakeIndex>(dir / "index");
        index->write("whl/index.html",
                     test::write_pytorch_root_page({"cu126", "cu130", "torch", "xformers"}));
        index->write(
            "whl/cu126/torch/index.html",
            test::write_pytorch_simple_page("torch", {{.key = torch_key, .sha256 = torch_sha}}));
        for (const std::string folder : {"cu126", "cu130"}) {
            std::vector<test::PytorchPageFile> files;
            for (const XformersRelease& release : releases) {
                const std::string metadata = xformers_metadata(release);
                files.push_back({.key = xformers_key(folder, release),
                                 .sha256 = xformers_sha(folder, release),
                                 .metadata_sha256 = torchpin::sha256_hex(metadata)});
                index->write(xformers_key(folder, release) + ".metadata", metadata);
            }
            index->write("whl/" + folder + "/xformers/index.html",
                         test::write_pytorch_simple_page("xformers", files));
        }
    }
    ~Mirror() {
        index.reset();
        std::filesystem::remove_all(dir);
    }
    test::ProcessResult run(const std::vector<std::string>& args) const {
        return test::run_torchpin(args, "", {{"TORCHPIN_DB", (dir / "user.db").string()}});
    }
    void update() const {
        const auto update = run({"update", "--index-url", index->url("whl"), "--package",
                                 "xformers", "--retries", "0", "--timeout", "2"});
        BOOST_TEST_REQUIRE(update.exit_code == 0, update.out + update.err);
    }
    json resolve(const std::vector<std::string>& requirements) const {
        std::vector<std::string> args{"resolve", "--machine", profile, "--format", "json"};
        args.insert(args.end(), requirements.begin(), requirements.end());
        const auto result = run(args);
        BOOST_TEST_REQUIRE(result.exit_code == 0, result.out + result.err);
        return json::parse(result.out);
    }
};

const json* pin_of(const json& answer, const std::string& package) {
    for (const json& pin : answer["pins"]) {
        if (pin["name"] == package) {
            return &pin;
        }
    }
    return nullptr;
}

bool has_line(const json& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(), [&](const json& line) {
        const std::string text = (line.is_string() ? line : line["message"]).get<std::string>();
        return text.find(part) != std::string::npos;
    });
}

} // namespace

BOOST_AUTO_TEST_SUITE(companion_index)

BOOST_AUTO_TEST_CASE(a_release_only_the_index_shows_is_pinned_with_its_file_and_digest) {
    const Mirror mirror({real_0035, synthetic_0036});
    mirror.update();
    const json answer = mirror.resolve({"torch", "xformers"});
    BOOST_TEST_REQUIRE(pin_of(answer, "xformers") != nullptr, answer.dump(1));
    const json& xformers = *pin_of(answer, "xformers");
    BOOST_TEST(xformers["version"] == "0.0.36");
    BOOST_TEST(xformers["source"]["kind"] == "pytorch-index");
    BOOST_TEST((*pin_of(answer, "torch"))["version"] == "2.99.0+cu126");
    BOOST_TEST(
        has_line(answer["warnings"], "xformers 0.0.36 pairs with torch 2.99.0 by its metadata (" +
                                         mirror.index->url(xformers_key("cu126", synthetic_0036)) +
                                         ".metadata: torch>=2.13)"),
        answer["warnings"].dump(1));

    const auto hashes =
        mirror.run({"resolve", "--machine", profile, "--hashes", "torch", "xformers"});
    BOOST_TEST_REQUIRE(hashes.exit_code == 0, hashes.err);
    BOOST_TEST(hashes.out.find("xformers==0.0.36 \\\n    --hash=sha256:" +
                               xformers_sha("cu126", synthetic_0036) + "\n") != std::string::npos,
               hashes.out);
    BOOST_TEST(hashes.out.find(xformers_sha("cu130", synthetic_0036)) == std::string::npos,
               hashes.out); // the cu130 folder's file is another build

    const auto lock =
        mirror.run({"resolve", "--machine", profile, "--format", "pylock", "torch", "xformers"});
    BOOST_TEST_REQUIRE(lock.exit_code == 0, lock.err);
    BOOST_TEST(lock.out.find("name = 'xformers-0.0.36-py39-none-manylinux_2_28_x86_64.whl'") !=
                   std::string::npos,
               lock.out);
    BOOST_TEST(lock.out.find(xformers_sha("cu126", synthetic_0036)) != std::string::npos, lock.out);
    BOOST_TEST(lock.out.find("# torch and the packages named") != std::string::npos, lock.out);

    const auto coverage = mirror.run({"db", "coverage"}); // 12 curated releases, one learned
    BOOST_TEST(coverage.out.find("| xformers | 13 (1 from the index) |") != std::string::npos,
               coverage.out);
}

BOOST_AUTO_TEST_CASE(a_curated_release_listed_on_the_index_is_pinned_with_its_file) {
    const Mirror mirror({real_0035});
    mirror.update();
    const json answer = mirror.resolve({"torch", "xformers"});
    BOOST_TEST_REQUIRE(pin_of(answer, "xformers") != nullptr, answer.dump(1));
    BOOST_TEST((*pin_of(answer, "xformers"))["version"] == "0.0.35");
    BOOST_TEST(!has_line(answer["warnings"], "xformers 0.0.35 pairs"), answer["warnings"].dump(1));
    const auto hashes =
        mirror.run({"resolve", "--machine", profile, "--hashes", "torch", "xformers"});
    BOOST_TEST(hashes.out.find("--hash=sha256:" + xformers_sha("cu126", real_0035)) !=
                   std::string::npos,
               hashes.out);
}

BOOST_AUTO_TEST_CASE(a_learned_release_whose_metadata_pins_another_torch_is_not_chosen) {
    const XformersRelease pins_213{"0.0.37", "py39-none-manylinux_2_28_x86_64", "torch==2.13.0"};
    const Mirror mirror({real_0035, synthetic_0036, pins_213});
    mirror.update();
    const json answer = mirror.resolve({"torch", "xformers"});
    BOOST_TEST((*pin_of(answer, "xformers"))["version"] == "0.0.36");
    BOOST_TEST((*pin_of(answer, "torch"))["version"] == "2.99.0+cu126");

    const auto held = mirror.run(
        {"resolve", "--machine", profile, "--format", "json", "torch>=2.99", "xformers==0.0.37"});
    BOOST_TEST(held.exit_code != 0, held.out);
    BOOST_TEST(held.out.find("works with torch==2.13.0 only") != std::string::npos,
               held.out + held.err);

    // check judges the learned release by the same rule.
    const std::filesystem::path requirements = mirror.dir / "requirements.txt";
    std::ofstream(requirements) << "torch==2.14.1+cu126\nxformers==0.0.37\n";
    const auto check = mirror.run({"-q", "check", requirements.string(), "--format", "json"});
    BOOST_TEST(check.exit_code == 1, check.out + check.err);
    BOOST_TEST(check.out.find("companion-built-for-other-torch") != std::string::npos, check.out);
    BOOST_TEST(check.out.find("xformers 0.0.37 works with torch==2.13.0 only, not torch 2.14.1") !=
                   std::string::npos,
               check.out);
    BOOST_TEST(check.out.find("pin xformers==0.0.36, which fits") != std::string::npos, check.out);
}

BOOST_AUTO_TEST_CASE(a_learned_range_fits_the_torch_it_holds_only) {
    const XformersRelease ranged{"0.0.36", real_0035.tags, "torch>=2.13,<2.15"};
    const Mirror mirror({real_0035, ranged});
    mirror.update();
    const json newest = mirror.resolve({"torch", "xformers"}); // 2.99.0: only 0.0.35 fits
    BOOST_TEST((*pin_of(newest, "torch"))["version"] == "2.99.0+cu126");
    BOOST_TEST((*pin_of(newest, "xformers"))["version"] == "0.0.35");
    const json held = mirror.resolve({"torch<2.99", "xformers"});
    BOOST_TEST((*pin_of(held, "torch"))["version"].get<std::string>().starts_with("2.14.1"),
               held.dump(1));
    BOOST_TEST((*pin_of(held, "xformers"))["version"] == "0.0.36");
    const auto coverage = mirror.run({"db", "coverage"});
    BOOST_TEST(coverage.out.find("range") != std::string::npos, coverage.out);
}

BOOST_AUTO_TEST_CASE(a_curated_row_wins_over_the_metadata_of_the_same_release) {
    // Stand-in metadata wider than 0.0.34's real `torch==2.10.0`, which the curated row keeps
    // binding: were this learned instead, 0.0.34 would go beside a newer torch.
    const XformersRelease wider_0034{"0.0.34", real_0035.tags, "torch>=2.10"};
    const Mirror mirror({wider_0034});
    mirror.update();
    const json answer = mirror.resolve({"torch<2.99", "xformers==0.0.34"});
    BOOST_TEST_REQUIRE(pin_of(answer, "xformers") != nullptr, answer.dump(1));
    BOOST_TEST((*pin_of(answer, "xformers"))["version"] == "0.0.34");
    BOOST_TEST((*pin_of(answer, "torch"))["version"].get<std::string>().starts_with("2.10.0"),
               answer.dump(1));
    BOOST_TEST(!has_line(answer["warnings"], "by its metadata"), answer["warnings"].dump(1));
}

BOOST_AUTO_TEST_CASE(a_release_whose_folder_lists_no_file_for_this_python_is_a_misfit) {
    const XformersRelease cp313_only{"0.0.36", "cp313-cp313-manylinux_2_28_x86_64", "torch>=2.13"};
    const Mirror mirror({real_0035, cp313_only});
    mirror.update();
    const json answer = mirror.resolve({"torch", "xformers"});
    BOOST_TEST((*pin_of(answer, "xformers"))["version"] == "0.0.35", answer.dump(1));

    const auto held = mirror.run(
        {"resolve", "--machine", profile, "--format", "json", "torch>=2.99", "xformers==0.0.36"});
    BOOST_TEST(held.exit_code != 0, held.out);
    BOOST_TEST(held.out.find("has no cp310 file for manylinux_2_35_x86_64 in the cu126 folder") !=
                   std::string::npos,
               held.out + held.err);
}

BOOST_AUTO_TEST_SUITE_END()
