// PyG files read from a find-links page (`torchpin import --kind find-links`): the answer pins the
// listed file of the build by its label and names its page, a release only the page shows is
// learned from its labels, and a page without a file for the machine's Python rules its build out.
// The pages are written here in data.pyg.org's layout (relative links, '+' as %2B); pyg-lib 0.8.1
// is synthetic (no such release is known), torch-scatter 2.1.2's file names are PyG's own scheme.
#include "tests/support/process.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

const std::string profile = test::source_path("tests/data/machines/profiles/gpu-box.json").string();
const std::string page_url = "https://data.pyg.org/whl/torch-2.12.0+cu130.html";

struct Pages {
    test::ScratchDirectory dir{"torchpin-companion-page"};

    // The torch 2.12 cu130 page with `files` ("torch_scatter-2.1.2+pt212cu130-cp312-cp312-…"),
    // each link with `fragment` ("#sha256=…", or none as on data.pyg.org).
    void import_page(const std::vector<std::string>& files,
                     const std::string& fragment = "") const {
        std::string body = "<!DOCTYPE html>\n<html><body>\n";
        for (const std::string& file : files) {
            std::string href = "torch-2.12.0+cu130/" + file;
            for (std::size_t at = href.find('+'); at != std::string::npos; at = href.find('+')) {
                href.replace(at, 1, "%2B");
            }
            body += "<a href=\"" + href + fragment + "\">" + file + "</a><br/>\n";
        }
        std::ofstream(dir.path() / "page.html") << body << "</body></html>\n";
        const auto imported = run({"import", "--kind", "find-links", "--url", page_url,
                                   (dir.path() / "page.html").string()});
        BOOST_TEST_REQUIRE(imported.exit_code == 0, imported.out + imported.err);
    }
    test::ProcessResult run(const std::vector<std::string>& args) const {
        return test::run_torchpin(args, "", {{"TORCHPIN_DB", (dir.path() / "user.db").string()}});
    }
    json resolve(const std::string& python, const std::vector<std::string>& requirements,
                 const std::vector<std::string>& options = {}) const {
        std::vector<std::string> args{"resolve",   "--machine",    profile, "--driver",
                                      "580.95.05", "--python",     python,  "--format",
                                      "json",      "torch==2.12.*"};
        args.insert(args.end(), options.begin(), options.end());
        args.insert(args.end(), requirements.begin(), requirements.end());
        const auto result = run(args);
        BOOST_TEST_REQUIRE(result.exit_code == 0, result.out + result.err);
        return json::parse(result.out);
    }
};

const json& pin_of(const json& answer, const std::string& package) {
    for (const json& pin : answer["pins"]) {
        if (pin["name"] == package) {
            return pin;
        }
    }
    BOOST_FAIL("no pin of " + package + " in " + answer.dump(1));
    throw std::logic_error("unreachable");
}

std::vector<std::string> warning_codes(const json& answer) {
    std::vector<std::string> codes;
    for (const json& warning : answer["warnings"]) {
        codes.push_back(warning["code"]);
    }
    return codes;
}

bool has(const std::vector<std::string>& all, const std::string& one) {
    return std::find(all.begin(), all.end(), one) != all.end();
}

const std::string scatter_312 = "torch_scatter-2.1.2+pt212cu130-cp312-cp312-linux_x86_64.whl";
const std::string pyg_lib_0_8_1 = "pyg_lib-0.8.1+pt212cu130-cp310-abi3-linux_x86_64.whl";

} // namespace

BOOST_AUTO_TEST_SUITE(companion_page)

// Before the import the page is assumed (companion-assumed); after it the listed file is pinned,
// from its page, and nothing is assumed.
BOOST_AUTO_TEST_CASE(a_listed_file_replaces_the_assumed_one) {
    const Pages pages;
    const json before = pages.resolve("3.12", {"torch-scatter"});
    BOOST_TEST(has(warning_codes(before), "companion-assumed"));
    pages.import_page({scatter_312});
    const json after = pages.resolve("3.12", {"torch-scatter"});
    const json& scatter = pin_of(after, "torch-scatter");
    BOOST_TEST(scatter["version"] == "2.1.2+pt212cu130");
    BOOST_TEST(scatter["source"]["kind"] == "find-links");
    BOOST_TEST(scatter["source"]["url"] == page_url);
    BOOST_TEST(!has(warning_codes(after), "companion-assumed"), after["warnings"].dump());
}

// pyg-lib 0.8.1 is on the page only: learned from its label, newer than the curated 0.8.0, and
// the answer says where it was learned.
BOOST_AUTO_TEST_CASE(a_release_only_a_page_shows_is_learned_from_its_labels) {
    const Pages pages;
    pages.import_page({scatter_312, pyg_lib_0_8_1});
    const json answer = pages.resolve("3.12", {"pyg-lib"});
    const json& pyg_lib = pin_of(answer, "pyg-lib");
    BOOST_TEST(pyg_lib["version"] == "0.8.1+pt212cu130");
    BOOST_TEST(pyg_lib["source"]["url"] == page_url);
    BOOST_TEST(has(warning_codes(answer), "companion-from-labels"));
    const auto coverage = pages.run({"db", "coverage", "--format", "json"});
    BOOST_TEST(coverage.out.find("pyg-lib") != std::string::npos);
}

// The page lists torch-scatter for cp312 only: on CPython 3.11 its cu130 build has no file, so the
// answer takes another build (its page not imported, so assumed), never the cp312 file.
BOOST_AUTO_TEST_CASE(a_page_without_a_file_for_this_python_rules_its_build_out) {
    const Pages pages;
    pages.import_page({scatter_312});
    const json answer = pages.resolve("3.11", {"torch-scatter"});
    BOOST_TEST(answer["backend"] != "cu130");
    BOOST_TEST(pin_of(answer, "torch-scatter")["source"]["url"] != page_url);
    const auto explained = pages.run({"explain", "--machine", profile, "--driver", "580.95.05",
                                      "--python", "3.11", "torch==2.12.*", "torch-scatter"});
    BOOST_TEST(explained.out.find("has no cp311 file for") != std::string::npos, explained.out);
}

// A page whose links carry digests (a mirror's, not data.pyg.org's): --hashes names the digest of
// the pinned file of that page.
BOOST_AUTO_TEST_CASE(the_digest_of_a_listed_file_is_the_pins_hash) {
    const Pages pages;
    const std::string digest(64, 'a');
    pages.import_page({scatter_312}, "#sha256=" + digest);
    const json answer = pages.resolve("3.12", {"torch-scatter"}, {"--hashes"});
    BOOST_TEST(pin_of(answer, "torch-scatter")["hashes"] == json::array({"sha256:" + digest}));
}

BOOST_AUTO_TEST_SUITE_END()
