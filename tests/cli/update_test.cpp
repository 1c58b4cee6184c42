// `torchpin update` and `import http://…` end to end against a fake index on 127.0.0.1: one
// revision per update or none, 304s for unchanged pages, exact diffs, and faults that write
// nothing; plus libcurl loaded at run time only.
#include "engine/base/program_run.hpp"
#include "tests/support/background_process.hpp"
#include "tests/support/fake_index.hpp"
#include "tests/support/process.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

const std::string r2 = "https://download-r2.pytorch.org";

// Real files (tests/data/wheels/*.json) in the variant folders PyTorch serves them from.
test::PytorchPageFile wheel(const std::string& key, const std::string& sha256) {
    return {.key = key, .sha256 = sha256, .upload_time = "2025-06-03T18:27:53Z", .base_url = r2};
}

const std::vector<test::PytorchPageFile> torch_cpu{
    wheel("whl/cpu/torch-2.7.1%2Bcpu-cp311-cp311-manylinux_2_28_x86_64.whl",
          "a1684793e352f03fa14f78857e55d65de4ada8405ded1da2bf4f452179c4b779"),
    wheel("whl/cpu/torch-2.7.1%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl",
          "8f8b3cfc53010a4b4a3c7ecb88c212e9decc4f5eeb6af75c3c803937d2d60947")};
const std::vector<test::PytorchPageFile> torch_cu128{
    wheel("whl/cu128/torch-2.7.1%2Bcu128-cp311-cp311-manylinux_2_28_x86_64.whl",
          "c301dc280458afd95450af794924c98fe07522dd148ff384739b810e3e3179f2"),
    wheel("whl/cu128/torch-2.7.1%2Bcu128-cp312-cp312-manylinux_2_28_x86_64.whl",
          "0b64f7d0a6f2a739ed052ba959f7b67c677028c9566ce51997f9f90fe573ddaa")};
const std::vector<test::PytorchPageFile> torchvision_cpu{
    wheel("whl/cpu/torchvision-0.22.1%2Bcpu-cp311-cp311-manylinux_2_28_x86_64.whl",
          "4e0cbc165a472605d0c13da68ae22e84b17a6b815d5e600834777823e1bcb658"),
    wheel("whl/cpu/torchvision-0.22.1%2Bcpu-cp312-cp312-manylinux_2_28_x86_64.whl",
          "b5fa7044bd82c6358e8229351c98070cf3a7bf4a6e89ea46352ae6c65745ef94")};
const std::string vision_cu121_311 = "torchvision-0.18.0+cu121-cp311-cp311-linux_x86_64.whl";
const std::string vision_cu121_312 = "torchvision-0.18.0+cu121-cp312-cp312-linux_x86_64.whl";
const std::string vision_cu121_310 = "torchvision-0.18.0+cu121-cp310-cp310-linux_x86_64.whl";
const std::string sha_311 = "1e516779520fc92157d6cb245ac0fd3f79872fe81c84b8593a8f2e998106f5b1";
const std::string sha_312 = "700f6019bebee9e0ee8b0bcbdb1588809c94a2eb947a1fde2e06adc34b60da2a";

std::string key_of(const std::string& file_name) {
    std::string key = "whl/cu121/" + file_name;
    key.replace(key.find('+'), 1, "%2B");
    return key;
}

std::vector<test::PytorchPageFile> concat(std::vector<test::PytorchPageFile> a,
                                          const std::vector<test::PytorchPageFile>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// /whl/cu128/torchvision/ as a PEP 691 JSON page: served to clients that accept JSON.
std::string torchvision_cu128_json() {
    json files = json::array();
    for (const auto& [name, sha] :
         {std::pair{"torchvision-0.22.1+cu128-cp311-cp311-manylinux_2_28_x86_64.whl",
                    "92568ac46b13a8c88b61589800b1b9c4629be091ea7ce080fc6fc622e11e0915"},
          std::pair{"torchvision-0.22.1+cu128-cp312-cp312-manylinux_2_28_x86_64.whl",
                    "f64ef9bb91d71ab35d8384912a19f7419e35928685bc67544d58f45148334373"}}) {
        std::string url = r2 + "/whl/cu128/" + name;
        url.replace(url.find('+'), 1, "%2B");
        files.push_back({{"filename", name}, {"url", url}, {"hashes", {{"sha256", sha}}}});
    }
    const json page{{"meta", {{"api-version", "1.1"}}}, {"name", "torchvision"}, {"files", files}};
    return page.dump(1);
}

// A directory that is empty at first and removed, with everything in it, at the end.
struct RemovedAfter {
    std::filesystem::path dir;
    explicit RemovedAfter(std::filesystem::path path)
        : dir(std::move(path)) {
        std::filesystem::remove_all(dir);
    }
    ~RemovedAfter() { std::filesystem::remove_all(dir); }
};

// A scratch directory with a user database and a fake index serving PyTorch's layout:
// /whl/ (linking torch/, torchvision/ and the folder cu121/), /whl/torch/ (cpu and cu128 files),
// /whl/{cpu,cu128}/torch/, /whl/cpu/torchvision/, /whl/cu128/torchvision/ (JSON only) and
// /whl/cu121/torchvision/, which only the root's link reveals. No torchaudio pages: 404s.
struct Scenario {
    RemovedAfter scratch{std::filesystem::temp_directory_path() /
                         ("torchpin_update_" + std::to_string(getpid()))};
    const std::filesystem::path& dir = scratch.dir;
    std::unique_ptr<test::FakeIndex> index; // destroyed first: the server stops, then files go

    Scenario() {
        index = std::make_unique<test::FakeIndex>(dir / "index");
        // An empty matrix, not a copy of the embedded one: its old backends (cu80, …) would add
        // 45 "not published" pages to every update.
        std::ofstream(dir / "user.db").flush();
        index->write("whl/index.html",
                     test::write_pytorch_root_page({"cu121", "torch", "torchvision"}));
        index->write("whl/torch/index.html",
                     test::write_pytorch_simple_page("torch", concat(torch_cpu, torch_cu128)));
        index->write("whl/cpu/torch/index.html",
                     test::write_pytorch_simple_page("torch", torch_cpu));
        index->write("whl/cu128/torch/index.html",
                     test::write_pytorch_simple_page("torch", torch_cu128));
        index->write("whl/cpu/torchvision/index.html",
                     test::write_pytorch_simple_page("torchvision", torchvision_cpu));
        index->write("whl/cu128/torchvision/index.json", torchvision_cu128_json());
        write_cu121_torchvision({{vision_cu121_311, sha_311}, {vision_cu121_312, sha_312}});
    }
    void write_cu121_torchvision(const std::vector<std::pair<std::string, std::string>>& files) {
        std::vector<test::PytorchPageFile> page;
        for (const auto& [name, sha] : files) {
            page.push_back(wheel(key_of(name), sha));
        }
        index->write("whl/cu121/torchvision/index.html",
                     test::write_pytorch_simple_page("torchvision", page));
    }

    std::map<std::string, std::string> env() const {
        return {{"TORCHPIN_DB", (dir / "user.db").string()}};
    }
    test::ProcessResult run(std::vector<std::string> args) const {
        return test::run_torchpin(std::move(args), "", env());
    }
    // `update` against the fake index, with short timeouts and one retry.
    test::ProcessResult update(std::vector<std::string> extra = {}) const {
        std::vector<std::string> args{
            "update", "--index-url", index->url("whl"), "--retries", "1", "--timeout", "1"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run(args);
    }
    std::size_t revision_count() const {
        return json::parse(run({"--format", "json", "db", "revisions"}).out)["revisions"].size();
    }
    bool verified() const { return run({"db", "verify"}).exit_code == 0; }
};

// The JSON summary of an update that must succeed.
json update_json(const Scenario& s) {
    const auto result = s.update({"--format", "json"});
    BOOST_TEST_REQUIRE(result.exit_code == 0, result.err);
    return json::parse(result.out);
}

std::size_t count(const std::vector<test::ServedRequest>& requests, const std::string& path) {
    return static_cast<std::size_t>(std::count_if(requests.begin(), requests.end(),
                                                  [&](const auto& r) { return r.path == path; }));
}

const test::ServedRequest& request_for(const std::vector<test::ServedRequest>& requests,
                                       const std::string& path) {
    const auto found = std::find_if(requests.begin(), requests.end(),
                                    [&](const auto& r) { return r.path == path; });
    BOOST_TEST_REQUIRE((found != requests.end()), "no request for " + path);
    return *found;
}

// The published pages: the root and the six project pages above.
constexpr std::size_t published_pages = 7;

} // namespace

BOOST_AUTO_TEST_SUITE(update)

BOOST_AUTO_TEST_CASE(libcurl_is_loaded_at_run_time_and_never_linked) {
    const auto ldd = test::run_process("/usr/bin/ldd", {test::torchpin_binary().string()});
    BOOST_TEST(ldd.exit_code == 0, ldd.err);
    BOOST_TEST(ldd.out.find("libc.so") != std::string::npos, ldd.out);
    BOOST_TEST(ldd.out.find("libcurl") == std::string::npos, ldd.out);

    const auto version = test::run_torchpin({"--version"}, "", {{"LD_DEBUG", "files"}});
    BOOST_TEST(version.exit_code == 0);
    BOOST_TEST(version.err.find("libcurl") == std::string::npos);

    Scenario s;
    auto env = s.env();
    env.emplace("LD_DEBUG", "files");
    const auto update = test::run_torchpin({"import", s.index->url("whl/cpu/torch/")}, "", env);
    BOOST_TEST(update.exit_code == 0);
    BOOST_TEST(update.err.find("file=libcurl.so.4 [0];  dynamically loaded by") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_missing_libcurl_names_the_package_to_install) {
    Scenario s;
    auto env = s.env();
    env.emplace("TORCHPIN_LIBCURL", "/nonexistent/libcurl.so.4");
    const auto result = test::run_torchpin({"update", "--index-url", s.index->url("whl")}, "", env);
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(result.err.find("cannot load /nonexistent/libcurl.so.4") != std::string::npos,
               result.err);
    BOOST_TEST(result.err.find("apt-get install libcurl4") != std::string::npos, result.err);
    BOOST_TEST(s.index->take_requests().empty());
}

BOOST_AUTO_TEST_CASE(the_first_update_imports_every_published_page_as_one_revision) {
    Scenario s;
    const json summary = update_json(s);
    BOOST_TEST(summary["revision"] == 1);
    BOOST_TEST(summary["pages_fetched"] == published_pages);
    BOOST_TEST(summary["pages_unchanged"] == 0);
    BOOST_TEST(summary["pages_skipped"] == 6); // torchaudio everywhere, torchvision/, cu121/torch/
    BOOST_TEST(summary["listings_changed"] == published_pages - 1); // the root lists no wheels
    BOOST_TEST(summary["rows_added"] == 14u);
    BOOST_TEST(s.revision_count() == 1u);
    BOOST_TEST(s.verified());

    const auto requests = s.index->take_requests();
    for (const auto& r : requests) {
        BOOST_TEST(r.user_agent == "torchpin/0.1.0");
        BOOST_TEST(r.accept == "application/vnd.pypi.simple.v1+json, "
                               "application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1");
        BOOST_TEST(r.accept_encoding.find("gzip") != std::string::npos);
        BOOST_TEST(count(requests, r.path) == 1u, r.path);
    }
    BOOST_TEST(request_for(requests, "/whl/cpu/torch/").gzip);
    BOOST_TEST(request_for(requests, "/whl/cu128/torchvision/").content_type ==
               "application/vnd.pypi.simple.v1+json");
    BOOST_TEST(request_for(requests, "/whl/cu121/torchvision/").status == 200); // root's link
    BOOST_TEST(request_for(requests, "/whl/torchaudio/").status == 404);

    const json exported = json::parse(s.run({"db", "export"}).out);
    std::map<std::string, std::size_t> rows_per_page;
    for (const auto& row : exported["wheel_files"]) {
        ++rows_per_page[row["listing"].get<std::string>()];
    }
    BOOST_TEST(rows_per_page[s.index->url("whl/torch/")] == 4u);
    BOOST_TEST(rows_per_page[s.index->url("whl/cu128/torchvision/")] == 2u);
    BOOST_TEST(rows_per_page[s.index->url("whl/cu121/torchvision/")] == 2u);
}

BOOST_AUTO_TEST_CASE(an_unchanged_index_costs_one_round_of_304s_by_etag_or_last_modified) {
    for (const std::string validators : {"etag", "last-modified"}) {
        BOOST_TEST_CONTEXT("validators: " << validators) {
            Scenario s;
            s.index->control(json{{"validators", validators}}.dump());
            update_json(s);
            s.index->take_requests();

            const json again = update_json(s);
            BOOST_TEST(again["revision"].is_null());
            BOOST_TEST(again["pages_fetched"] == 0);
            BOOST_TEST(again["pages_unchanged"] == published_pages);
            BOOST_TEST(s.revision_count() == 1u);

            std::size_t not_modified = 0;
            const auto requests = s.index->take_requests();
            for (const auto& r : requests) {
                BOOST_TEST(count(requests, r.path) == 1u, r.path); // one round: each page once
                if (r.status == 304) {
                    ++not_modified;
                    BOOST_TEST((validators == "etag" ? r.if_none_match : r.if_modified_since));
                }
            }
            BOOST_TEST(not_modified == published_pages);
        }
    }
}

BOOST_AUTO_TEST_CASE(two_updates_differ_by_exactly_the_injected_changes) {
    Scenario s;
    update_json(s);
    const std::string changed_sha(64, 'c');
    s.write_cu121_torchvision({{vision_cu121_311, changed_sha}, {vision_cu121_310, sha_312}});
    s.index->take_requests();

    const json summary = update_json(s);
    BOOST_TEST(summary["revision"] == 2);
    BOOST_TEST(summary["pages_fetched"] == 1);
    BOOST_TEST(summary["pages_unchanged"] == published_pages - 1);

    const json diff = json::parse(s.run({"--format", "json", "db", "diff", "1", "2"}).out);
    BOOST_REQUIRE_EQUAL(diff["changes"].size(), 3u);
    std::map<std::string, json> by_kind;
    for (const auto& change : diff["changes"]) {
        BOOST_TEST(change["listing"] == s.index->url("whl/cu121/torchvision/"));
        by_kind[change["kind"].get<std::string>()] = change;
    }
    BOOST_TEST(by_kind["changed"]["fields"].size() == 1u);
    BOOST_TEST(by_kind["changed"]["fields"][0]["column"] == "sha256");
    BOOST_TEST(by_kind["changed"]["fields"][0]["before"] == sha_311);
    BOOST_TEST(by_kind["changed"]["fields"][0]["after"] == changed_sha);
    BOOST_TEST(
        by_kind["added"]["key"].get<std::string>().ends_with("cp310-cp310-linux_x86_64.whl"));
    BOOST_TEST(
        by_kind["removed"]["key"].get<std::string>().ends_with("cp312-cp312-linux_x86_64.whl"));
    BOOST_TEST(s.verified());
}

BOOST_AUTO_TEST_CASE(any_failure_writes_nothing_and_names_the_url) {
    Scenario s;
    update_json(s);
    // A change elsewhere that a successful update would record.
    s.index->write("whl/cpu/torch/index.html",
                   test::write_pytorch_simple_page("torch", {torch_cpu[0]}));
    s.index->take_requests();
    const std::vector<std::pair<std::string, json>> faults{
        {"/whl/cu121/torchvision/", {{"status", 404}}}, // a page the matrix lists
        {"/whl/cpu/torchvision/", {{"status", 500}}},
        {"/whl/cu128/torch/", {{"delay", 3}}}, // beyond --timeout 1
        {"/whl/torch/", {{"truncate", true}}}, // Content-Length larger than the body
        {"/whl/cu128/torchvision/", {{"garble", true}}},
        {"/whl/", {{"status", 404}}}, // the root of an index is never "not published"
    };
    for (const auto& [path, fault] : faults) {
        BOOST_TEST_CONTEXT(path << " " << fault.dump()) {
            s.index->control(json{{"faults", {{path, fault}}}}.dump());
            const auto result = s.update();
            BOOST_TEST(result.exit_code == 2);
            BOOST_TEST(result.err.find(s.index->url(path.substr(1)) + ":") == 0u, result.err);
            BOOST_TEST(s.revision_count() == 1u);
            BOOST_TEST(s.verified());
            const auto requests = s.index->take_requests();
            const bool retried = fault.contains("delay") || fault.contains("truncate") ||
                                 fault.value("status", 0) == 500;
            BOOST_TEST(count(requests, path) == (retried ? 2u : 1u));
        }
    }
    s.index->control("{}");
    const json recovered = update_json(s);
    BOOST_TEST(recovered["revision"] == 2);
    BOOST_TEST(recovered["rows_removed"] == 1);
    BOOST_TEST(recovered["pages_fetched"] == 1); // the cache survived the failed runs
}

BOOST_AUTO_TEST_CASE(ctrl_c_during_an_update_stops_it_with_130_and_changes_nothing) {
    Scenario s;
    update_json(s);
    s.index->write("whl/cpu/torch/index.html",
                   test::write_pytorch_simple_page("torch", {torch_cpu[0]}));
    s.index->control(json{{"faults", {{"/whl/cu128/torch/", {{"delay", 20}}}}}}.dump());
    // SIGINT half a second in, while the delayed page is still being waited for.
    const std::string script = "TORCHPIN_DB='" + (s.dir / "user.db").string() + "' '" +
                               test::torchpin_binary().string() + "' update --index-url " +
                               s.index->url("whl") +
                               " --timeout 30 & pid=$!; sleep 0.5; kill -INT $pid; wait $pid";
    const auto start = std::chrono::steady_clock::now();
    const auto run = torchpin::run_program("/bin/sh", {"-c", script}, std::chrono::seconds(15));
    BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(10)));
    BOOST_TEST(run.exit_code == 130, run.err);
    BOOST_TEST(run.err.find("torchpin: interrupted; the database is unchanged") !=
                   std::string::npos,
               run.err);
    s.index->control("{}");
    BOOST_TEST(s.revision_count() == 1u);
    BOOST_TEST(s.verified());
}

BOOST_AUTO_TEST_CASE(a_transient_5xx_is_retried_and_the_update_succeeds) {
    Scenario s;
    s.index->control(
        json{{"faults", {{"/whl/cpu/torch/", {{"status", 503}, {"times", 1}}}}}}.dump());
    const json summary = update_json(s);
    BOOST_TEST(summary["revision"] == 1);
    BOOST_TEST(count(s.index->take_requests(), "/whl/cpu/torch/") == 2u);
}

BOOST_AUTO_TEST_CASE(the_summary_is_one_line_and_progress_needs_a_terminal) {
    Scenario s;
    const auto first = s.update();
    BOOST_TEST(first.exit_code == 0, first.err);
    BOOST_TEST(first.out.find("revision 1: 6 listing(s) changed (14 added, 0 removed, 0 changed); "
                              "pages: 7 fetched, 0 unchanged (304), ") == 0u,
               first.out);
    BOOST_TEST(first.err.empty(), first.err); // not a terminal: no progress line
    const auto second = s.update({"-q"});
    BOOST_TEST(second.out.find("no change; pages: 0 fetched, 7 unchanged (304), ") == 0u,
               second.out);
    BOOST_TEST(second.err.empty(), second.err);

    // On a terminal (script(1) gives it one) the progress line is redrawn with carriage returns.
    if (!test::pseudo_terminals_available()) {
        BOOST_TEST_MESSAGE("no pseudo-terminal here (is /dev/pts mounted?): terminal part skipped");
        return;
    }
    std::string command = "TORCHPIN_DB=" + (s.dir / "user.db").string() + " " +
                          test::torchpin_binary().string() + " update --index-url " +
                          s.index->url("whl");
    const auto on_terminal = test::run_process("/usr/bin/script", {"-qec", command, "/dev/null"});
    BOOST_TEST(on_terminal.exit_code == 0, on_terminal.out);
    BOOST_TEST(on_terminal.out.find("\rfetching index pages: ") != std::string::npos,
               on_terminal.out);
    BOOST_TEST(on_terminal.out.find("no change; pages: 0 fetched, 7 unchanged (304)") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(import_reads_an_http_url_by_its_content_type) {
    Scenario s;
    const auto html = s.run({"import", s.index->url("whl/cu121/torchvision/")});
    BOOST_TEST(html.exit_code == 0, html.err);
    BOOST_TEST(html.out.find("revision 1: 1 listing(s) changed (2 added") == 0u, html.out);
    const auto page_json = s.run({"import", s.index->url("whl/cu128/torchvision/")});
    BOOST_TEST(page_json.out.find("revision 2: 1 listing(s) changed (2 added") == 0u,
               page_json.out);
    const json revisions = json::parse(s.run({"--format", "json", "db", "revisions"}).out);
    BOOST_TEST(revisions["revisions"][1]["sources"][0]["kind"] == "simple-json");

    const auto missing = s.run({"import", s.index->url("whl/cu99/torch/")});
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(missing.err.find(s.index->url("whl/cu99/torch/") +
                                ": error: the index answered HTTP 404") == 0u,
               missing.err);
    BOOST_TEST(s.revision_count() == 2u);
}

BOOST_AUTO_TEST_CASE(a_plain_directory_tree_served_by_python_http_server_works) {
    // No root page: http.server lists the folders itself; it sends Last-Modified, no ETag.
    const RemovedAfter scratch{std::filesystem::temp_directory_path() /
                               ("torchpin_tree_" + std::to_string(getpid()))};
    const auto& dir = scratch.dir;
    std::filesystem::create_directories(dir / "whl" / "cpu" / "torch");
    std::filesystem::create_directories(dir / "whl" / "cu128" / "torch");
    std::ofstream(dir / "whl" / "cpu" / "torch" / "index.html")
        << test::write_pytorch_simple_page("torch", torch_cpu);
    std::ofstream(dir / "whl" / "cu128" / "torch" / "index.html")
        << test::write_pytorch_simple_page("torch", torch_cu128);
    std::ofstream(dir / "user.db").flush();
    const std::map<std::string, std::string> env{{"TORCHPIN_DB", (dir / "user.db").string()}};
    {
        test::BackgroundProcess server(
            test::python_interpreter(),
            {"-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dir.string()},
            dir / "server.err");
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        const std::string line = server.read_line(std::chrono::seconds(10));
        const std::string url =
            line.substr(line.find("(http://") + 1, line.find(")") - line.find("(http://") - 1);
        const std::vector<std::string> args{"--format",  "json",   "update", "--index-url",
                                            url + "whl", "--jobs", "4"};
        const auto first = test::run_torchpin(args, "", env);
        BOOST_TEST_REQUIRE(first.exit_code == 0, first.err);
        const json summary = json::parse(first.out);
        BOOST_TEST(summary["revision"] == 1);
        BOOST_TEST(summary["listings_changed"] == 2);
        BOOST_TEST(summary["rows_added"] == 4);

        const json again = json::parse(test::run_torchpin(args, "", env).out);
        BOOST_TEST(again["revision"].is_null());
        BOOST_TEST(again["pages_unchanged"] == 2); // If-Modified-Since; the listing has no date
    }
}

BOOST_AUTO_TEST_SUITE_END()
