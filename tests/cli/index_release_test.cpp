// A release that only the index shows becomes an answer: a local mirror with real captured files
// and one clearly synthetic future release (torch 2.99.0, torchvision 0.114.0 with its PEP 658
// metadata), read by `update` on top of the embedded matrix, then answered by `resolve`.
#include "engine/base/sha256.hpp"
#include "tests/support/fake_index.hpp"
#include "tests/support/process.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

const std::string profile = // CPython 3.12
    test::source_path("tests/data/machines/profiles/linux-cpu.json").string();

// Real files of /whl/cpu/ (tests/data/wheels/*.json), served from the mirror itself.
const test::PytorchPageFile torch_271_cpu{
    .key = "whl/cpu/torch-2.7.1%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl",
    .sha256 = "8f8b3cfc53010a4b4a3c7ecb88c212e9decc4f5eeb6af75c3c803937d2d60947"};
const test::PytorchPageFile vision_0221_cpu{
    .key = "whl/cpu/torchvision-0.22.1%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl",
    .sha256 = "b5fa7044bd82c6358e8229351c98070cf3a7bf4a6e89ea46352ae6c65745ef94"};

// The synthetic release: no such torch exists; its digests are of made-up bytes.
const std::string torch_299_key =
    "whl/cpu/torch-2.99.0%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl";
const std::string vision_key =
    "whl/cpu/torchvision-0.114.0%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl";
const std::string torch_299_cu126_key =
    "whl/cu126/torch-2.99.0%2Bcu126-cp312-cp312-manylinux_2_28_x86_64.whl";
const std::string synthetic_torch_sha = torchpin::sha256_hex("synthetic torch 2.99.0+cpu");
const std::string synthetic_vision_sha = torchpin::sha256_hex("synthetic torchvision 0.114.0+cpu");

std::string vision_metadata(const std::string& requires_torch,
                            const std::string& name_and_version = "torchvision\nVersion: "
                                                                  "0.114.0+cpu") {
    return "Metadata-Version: 2.1\nName: " + name_and_version +
           "\nRequires-Python: >=3.10\nRequires-Dist: numpy\nRequires-Dist: " + requires_torch +
           "\nRequires-Dist: scipy; extra == \"scipy\"\n\nSynthetic.\n";
}

struct Mirror {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("torchpin_index_release_" + std::to_string(getpid()));
    std::unique_ptr<test::FakeIndex> index;

    explicit Mirror(const std::string& metadata, const std::string& stated_sha) {
        std::filesystem::remove_all(dir);
        index = std::make_unique<test::FakeIndex>(dir / "index");
        index->write("whl/index.html",
                     test::write_pytorch_root_page({"cpu", "cu126", "torch", "torchvision"}));
        index->write("whl/cu126/torch/index.html",
                     test::write_pytorch_simple_page(
                         "torch", {{.key = torch_299_cu126_key,
                                    .sha256 = torchpin::sha256_hex("synthetic 2.99.0+cu126")}}));
        index->write(
            "whl/cpu/torch/index.html",
            test::write_pytorch_simple_page(
                "torch", {torch_271_cpu, {.key = torch_299_key, .sha256 = synthetic_torch_sha}}));
        index->write(
            "whl/cpu/torchvision/index.html",
            test::write_pytorch_simple_page("torchvision", {vision_0221_cpu,
                                                            {.key = vision_key,
                                                             .sha256 = synthetic_vision_sha,
                                                             .metadata_sha256 = stated_sha}}));
        index->write(vision_key + ".metadata", metadata);
    }
    ~Mirror() {
        index.reset();
        std::filesystem::remove_all(dir);
    }
    std::map<std::string, std::string> env() const {
        return {{"TORCHPIN_DB", (dir / "user.db").string()}};
    }
    test::ProcessResult run(const std::vector<std::string>& args) const {
        return test::run_torchpin(args, "", env());
    }
    test::ProcessResult update() const {
        return run(
            {"update", "--index-url", index->url("whl"), "--retries", "0", "--timeout", "2"});
    }
    json resolve() const {
        const auto result = run({"resolve", "--machine", profile, "--format", "json", "torch",
                                 "torchvision", "torchaudio"});
        BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
        return json::parse(result.out);
    }
};

std::string pin_of(const json& answer, const std::string& package) {
    for (const json& pin : answer["pins"]) {
        if (pin["name"] == package) {
            return pin["version"];
        }
    }
    return "";
}

bool has_line(const json& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(), [&](const json& line) {
        const std::string text = (line.is_string() ? line : line["message"]).get<std::string>();
        return text.find(part) != std::string::npos;
    });
}

} // namespace

BOOST_AUTO_TEST_SUITE(index_release)

BOOST_AUTO_TEST_CASE(a_release_only_the_index_shows_is_answered_with_its_metadata_pairing) {
    const std::string metadata = vision_metadata("torch==2.99.0");
    const Mirror mirror(metadata, torchpin::sha256_hex(metadata));
    const json before = mirror.resolve(); // the embedded matrix: no user database yet
    BOOST_TEST(pin_of(before, "torch") != "2.99.0+cpu");

    const auto update = mirror.update();
    BOOST_TEST_REQUIRE(update.exit_code == 0, update.err);
    BOOST_TEST(update.out.find("wheel metadata: 1 fetched, 0 already read") != std::string::npos,
               update.out);

    const json after = mirror.resolve();
    BOOST_TEST(pin_of(after, "torch") == "2.99.0+cpu");
    BOOST_TEST(pin_of(after, "torchvision") == "0.114.0+cpu"); // paired by its metadata
    BOOST_TEST(pin_of(after, "torchaudio") == "2.11.0+cpu");   // torch>=2.11 (curated)
    const json& torch_pin = after["pins"][0];
    BOOST_TEST(torch_pin["name"] == "torch");
    BOOST_TEST(
        has_line(after["explanation"], "torch-2.99.0+cpu-cp312-cp312-manylinux_2_28_x86_64.whl"),
        after["explanation"].dump(1));
    BOOST_TEST(has_line(after["warnings"], "torch 2.99.0 is not in the curated data"),
               after["warnings"].dump(1));
    BOOST_TEST(has_line(after["warnings"], "torchvision 0.114.0 pairs with torch 2.99.0 by its "
                                           "metadata (" +
                                               mirror.index->url(vision_key) +
                                               ".metadata: torch==2.99.0)"),
               after["warnings"].dump(1));

    const auto hashes =
        mirror.run({"resolve", "--machine", profile, "--hashes", "torch", "torchvision"});
    BOOST_TEST(hashes.out.find("--hash=sha256:" + synthetic_torch_sha) != std::string::npos,
               hashes.out + hashes.err);

    const auto diff = mirror.run({"--format", "json", "db", "diff", "1", "2"});
    BOOST_TEST_REQUIRE(diff.exit_code == 0, diff.err);
    BOOST_TEST(diff.out.find("torch-2.99.0%2Bcpu") != std::string::npos, diff.out);
    BOOST_TEST(diff.out.find("\"wheel_metadata\"") != std::string::npos, diff.out);
    BOOST_TEST(diff.out.find("\"==2.99.0\"") != std::string::npos, diff.out);

    const auto again = mirror.update(); // unchanged: 304s, the metadata is not fetched again
    BOOST_TEST(again.exit_code == 0, again.err);
    BOOST_TEST(again.out.find("no change") != std::string::npos, again.out);
    BOOST_TEST(again.out.find("wheel metadata") == std::string::npos, again.out);
}

BOOST_AUTO_TEST_CASE(its_cuda_arch_list_is_the_previous_releases_and_the_answer_says_so) {
    const std::string metadata = vision_metadata("torch==2.99.0");
    const Mirror mirror(metadata, torchpin::sha256_hex(metadata));
    BOOST_TEST_REQUIRE(mirror.update().exit_code == 0);
    const auto result =
        mirror.run({"resolve", "--os", "linux", "--arch", "x86_64", "--python", "3.12", "--glibc",
                    "2.35", "--driver", "580.65.06", "--gpu", "8.9", "--format", "json", "torch"});
    BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
    const json answer = json::parse(result.out);
    BOOST_TEST(pin_of(answer, "torch") == "2.99.0+cu126");
    BOOST_TEST(has_line(answer["warnings"], "torch 2.99.0 is not in the curated data: its cu126 "
                                            "arch list is assumed to be torch 2.14.1's ("),
               answer["warnings"].dump(1));
}

BOOST_AUTO_TEST_CASE(importing_a_page_by_url_reads_its_companions_metadata_too) {
    const std::string metadata = vision_metadata("torch==2.99.0");
    const Mirror mirror(metadata, torchpin::sha256_hex(metadata));
    const auto imported = mirror.run({"import", mirror.index->url("whl/cpu/torchvision/")});
    BOOST_TEST_REQUIRE(imported.exit_code == 0, imported.err);
    const auto diff = mirror.run({"--format", "json", "db", "diff", "1", "2"});
    BOOST_TEST(diff.out.find("\"wheel_metadata\"") != std::string::npos, diff.out);
    BOOST_TEST(diff.out.find("\"==2.99.0\"") != std::string::npos, diff.out);
}

BOOST_AUTO_TEST_CASE(metadata_that_does_not_match_its_digest_fails_the_update_and_writes_nothing) {
    const std::string metadata = vision_metadata("torch==2.99.0");
    const Mirror mirror(metadata, torchpin::sha256_hex("other bytes"));
    const auto update = mirror.update();
    BOOST_TEST(update.exit_code == 2);
    BOOST_TEST(update.err.find(mirror.index->url(vision_key) + ".metadata: error: its SHA-256 is " +
                               torchpin::sha256_hex(metadata) + ", but the index page says " +
                               torchpin::sha256_hex("other bytes")) != std::string::npos,
               update.err);
    const auto revisions = mirror.run({"--format", "json", "db", "revisions"});
    BOOST_TEST(json::parse(revisions.out)["revisions"].size() == 1u); // the embedded copy only
}

BOOST_AUTO_TEST_CASE(metadata_of_another_wheel_fails_and_one_without_the_label_is_the_wheels) {
    { // one mirror at a time: they share the scratch folder
        const std::string other = vision_metadata("torch==2.99.0", "torchaudio\nVersion: 0.114.0");
        const Mirror wrong(other, torchpin::sha256_hex(other));
        const auto refused = wrong.update();
        BOOST_TEST(refused.exit_code == 2);
        BOOST_TEST(refused.err.find("it describes torchaudio 0.114.0, not the wheel's "
                                    "torchvision 0.114.0+cpu") != std::string::npos,
                   refused.err);
    }
    const std::string unlabelled =
        vision_metadata("torch==2.99.0", "torchvision\nVersion: 0.114.0");
    const Mirror plain(unlabelled, torchpin::sha256_hex(unlabelled));
    BOOST_TEST_REQUIRE(plain.update().exit_code == 0);
    BOOST_TEST(pin_of(plain.resolve(), "torchvision") == "0.114.0+cpu");
}

BOOST_AUTO_TEST_CASE(a_malformed_requires_dist_is_an_error_at_its_line_and_column) {
    const std::string metadata = vision_metadata("torch (==2.99.0");
    const Mirror mirror(metadata, torchpin::sha256_hex(metadata));
    const auto update = mirror.update();
    BOOST_TEST(update.exit_code == 2);
    BOOST_TEST(update.err.find(mirror.index->url(vision_key) + ".metadata:6:") != std::string::npos,
               update.err);
    BOOST_TEST(update.err.find("invalid Requires-Dist") != std::string::npos, update.err);
}

BOOST_AUTO_TEST_SUITE_END()
