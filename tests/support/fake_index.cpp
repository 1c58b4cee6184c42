// Starting fake_index_server.py on an ephemeral port, and its files: pages, control and log.
#include "tests/support/fake_index.hpp"

#include "tests/support/test_paths.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

namespace torchpin::test {

namespace {

std::filesystem::path prepared(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir / "root");
    std::ofstream(dir / "control.json") << "{}";
    std::ofstream(dir / "requests.jsonl").flush();
    return dir;
}

std::string text(const nlohmann::json& entry, const char* key) {
    const auto found = entry.find(key);
    return found != entry.end() && found->is_string() ? found->get<std::string>() : "";
}

} // namespace

std::string python_interpreter() {
    return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : TORCHPIN_PYTHON;
}

FakeIndex::FakeIndex(const std::filesystem::path& dir)
    : dir_(prepared(dir))
    , server_(python_interpreter(),
              {source_path("tests/support/fake_index_server.py").string(), "--root",
               (dir / "root").string(), "--control", (dir / "control.json").string(), "--log",
               (dir / "requests.jsonl").string()},
              dir / "server.err")
    , port_(server_.read_line(std::chrono::seconds(10))) {}

std::string FakeIndex::url(const std::string& path) const {
    return "http://127.0.0.1:" + port_ + "/" + path;
}

void FakeIndex::write(const std::string& path, const std::string& content) const {
    const auto file = dir_ / "root" / path;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << content;
}

void FakeIndex::remove(const std::string& path) const {
    std::filesystem::remove(dir_ / "root" / path);
}

void FakeIndex::control(const std::string& json) const {
    const auto partial = dir_ / "control.json.partial";
    std::ofstream(partial) << json;
    std::filesystem::rename(partial, dir_ / "control.json"); // never read half-written
}

std::vector<ServedRequest> FakeIndex::take_requests() const {
    const auto log = dir_ / "requests.jsonl";
    std::ifstream in(log);
    std::vector<ServedRequest> requests;
    for (std::string line; std::getline(in, line);) {
        const auto entry = nlohmann::json::parse(line);
        requests.push_back(ServedRequest{
            text(entry, "path"),
            entry["status"].is_number() ? entry["status"].get<int>() : 0,
            entry["if_none_match"].is_string(),
            entry["if_modified_since"].is_string(),
            entry["gzip"].get<bool>(),
            text(entry, "accept"),
            text(entry, "user_agent"),
            text(entry, "accept_encoding"),
            text(entry, "content_type"),
        });
    }
    in.close();
    std::ofstream(log, std::ios::trunc).flush();
    return requests;
}

} // namespace torchpin::test
