// Every observed torch wheel of data/wheels/observed_wheels_2.8-2.14.json, table-driven: on a
// machine of its platform, Python and backend, `resolve torch==<release> --hashes` prints its
// sha256 and `--format pylock` locks it; every observed release must be in the dataset.
#include "engine/hardware/backend.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using namespace torchpin;
using nlohmann::json;

namespace {

// Observed releases the dataset may lack, with the reason. None now: 2.14.0 and 2.14.1 are in
// data/releases.toml.
const std::map<std::string, std::string> releases_allowed_missing{};

struct ObservedTorch {
    std::string file_name;
    std::string sha256;
    std::string release;  // "2.13.0"
    std::string backend;  // "cu130"
    std::string platform; // "manylinux_2_28_x86_64"
    std::string python;   // "3.12", "3.14t"
};

// The machine options of a wheel's platform tag: "win_arm64" is --os windows --arch arm64.
std::vector<std::string> platform_options(const std::string& platform) {
    if (platform.starts_with("win_")) {
        return {"--os", "windows", "--arch", platform.substr(4)};
    }
    if (platform.starts_with("macosx_")) {
        return {"--os", "macos", "--arch", platform.substr(platform.rfind('_') + 1)};
    }
    const std::size_t cpu =
        platform.starts_with("manylinux_") ? platform.find('_', 13) + 1 : platform.find('_') + 1;
    return {"--os", "linux", "--arch", platform.substr(cpu), "--glibc", "2.35"};
}

// The PyTorch index's own observed torch files: in the variant folder of their backend (PyPI's
// and AMD's files are not answers of the PyTorch index, see docs/data.md).
std::vector<ObservedTorch> observed_torch(std::vector<std::string>& elsewhere) {
    const json list = json::parse(
        test::read_file(test::source_path("data/wheels/observed_wheels_2.8-2.14.json")));
    std::vector<ObservedTorch> out;
    for (const json& entry : list.at("wheels")) {
        const auto wheel = WheelFilename::from(entry.at("wheel_filename").get<std::string>());
        if (wheel.name().normalized() != "torch") {
            continue;
        }
        const std::string url = entry.at("url");
        const auto folder = Backend::parse_index_url(url);
        const std::string label = wheel.version().local_label();
        if (!folder || (!label.empty() && label != folder->to_string())) {
            elsewhere.push_back(wheel.to_string());
            continue;
        }
        const auto tags = wheel.tags();
        BOOST_REQUIRE_EQUAL(tags.size(), 1u);
        const std::string interpreter = tags[0].interpreter();
        out.push_back(ObservedTorch{wheel.to_string(), entry.at("sha256"),
                                    wheel.version().public_version().to_string(),
                                    folder->to_string(), tags[0].platform(),
                                    interpreter.substr(2, 1) + "." + interpreter.substr(3) +
                                        (tags[0].abi() == interpreter + "t" ? "t" : "")});
    }
    return out;
}

// resolve for `row`'s machine and backend: only torch named, so companions cannot interfere.
test::ProcessResult resolve_row(const ObservedTorch& row, const std::string& format) {
    std::vector<std::string> args{
        "resolve", "--machine",
        test::source_path("tests/data/machines/profiles/linux-cpu.json").string()};
    for (const std::string& option : platform_options(row.platform)) {
        args.push_back(option);
    }
    args.insert(args.end(), {"--python", row.python, "--backend", row.backend});
    const Backend backend = Backend::from(row.backend);
    if (backend.kind() == BackendKind::Cuda) {
        args.insert(args.end(), {"--driver", "600.00", "--gpu", "9.0"}); // sm_90: in every list
    } else if (backend.kind() == BackendKind::Rocm) {
        args.insert(args.end(), {"--rocm-gfx", "gfx90a"});
    }
    args.insert(args.end(), {"--hashes", "--format", format, "torch==" + row.release});
    return test::run_torchpin(args, "", {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}});
}

std::set<std::string> dataset_releases() {
    const auto r = test::run_torchpin({"db", "coverage", "--format", "json"}, "",
                                      {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}});
    BOOST_REQUIRE_EQUAL(r.exit_code, 0);
    std::set<std::string> releases;
    const json coverage = json::parse(r.out);
    for (const json& release : coverage.at("releases")) {
        releases.insert(release.at("torch").get<std::string>());
    }
    return releases;
}

} // namespace

BOOST_AUTO_TEST_SUITE(observed_wheels)

BOOST_AUTO_TEST_CASE(every_observed_torch_wheel_is_resolved_with_its_digest) {
    std::vector<std::string> elsewhere;
    const std::vector<ObservedTorch> rows = observed_torch(elsewhere);
    BOOST_TEST(elsewhere ==
                   (std::vector<std::string>{"torch-2.9.1+rocm7.2.1-cp312-cp312-win_amd64.whl",
                                             "torch-2.11.0-cp312-cp312-manylinux_2_28_x86_64.whl"}),
               boost::test_tools::per_element());
    const std::set<std::string> in_dataset = dataset_releases();
    std::set<std::string> releases;
    std::size_t checked = 0;
    for (const ObservedTorch& row : rows) {
        BOOST_TEST_CONTEXT(row.file_name) {
            releases.insert(row.release);
            if (!in_dataset.contains(row.release)) {
                BOOST_TEST(releases_allowed_missing.contains(row.release),
                           "observed release " << row.release << " is not in the dataset");
                continue;
            }
            const auto requirements = resolve_row(row, "requirements");
            const auto pylock = resolve_row(row, "pylock");
            BOOST_TEST(requirements.exit_code == 0, requirements.err);
            BOOST_TEST(requirements.out.find("--hash=sha256:" + row.sha256) != std::string::npos,
                       requirements.out);
            BOOST_TEST(pylock.exit_code == 0, pylock.err);
            BOOST_TEST(pylock.out.find("sha256 = '" + row.sha256 + "'") != std::string::npos,
                       pylock.out);
            ++checked;
        }
    }
    BOOST_TEST(rows.size() == 220u); // 222 torch rows less the two of other indexes
    BOOST_TEST(checked == rows.size());
    BOOST_TEST(releases ==
                   (std::set<std::string>{"2.8.0", "2.9.0", "2.9.1", "2.10.0", "2.11.0", "2.12.0",
                                          "2.12.1", "2.13.0", "2.14.0", "2.14.1"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(rtx_5090_on_linux_gets_the_observed_digest_of_torch_2_13_0_cu130) {
    const auto r = test::run_torchpin(
        {"resolve", "--machine",
         test::source_path("tests/data/machines/profiles/gpu-box.json").string(), "--driver",
         "580.95.05", "--gpu", "GeForce RTX 5090", "--python", "3.12", "--hashes", "torch==2.13.0"},
        "", {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}});
    BOOST_TEST(r.exit_code == 0, r.err);
    BOOST_TEST(r.out.find("torch==2.13.0+cu130") != std::string::npos, r.out);
    // torch-2.13.0+cu130-cp312-cp312-manylinux_2_28_x86_64.whl, as observed_wheels.tsv has it.
    BOOST_TEST(r.out.find("--hash=sha256:"
                          "8db7338e6895c3d4bd89a02ff4209507d1f0cf2ffeb3b898538b5a07d1ea8c1e") !=
                   std::string::npos,
               r.out);
}

BOOST_AUTO_TEST_SUITE_END()
