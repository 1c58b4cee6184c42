// A fake package index for `torchpin update` tests: a directory of pages served over HTTP on
// 127.0.0.1 by fake_index_server.py, with validators and faults set per run and every request
// it answered read back.
#pragma once

#include "tests/support/background_process.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace torchpin::test {

// The Python that runs test servers: /usr/bin/python3 (it starts fastest), else the one CMake
// found.
std::string python_interpreter();

// One request as the server saw and answered it.
struct ServedRequest {
    std::string path; // "/whl/cu121/torch/"
    int status = 0;   // 0 when the client had gone before the answer
    bool if_none_match = false;
    bool if_modified_since = false;
    bool gzip = false; // the answer was gzip-encoded
    std::string accept;
    std::string user_agent;
    std::string accept_encoding;
    std::string content_type; // of the page served, "" for errors
};

// Serves `dir`/root (write "whl/cu121/torch/index.html" for the page /whl/cu121/torch/) until
// destroyed: FakeIndex index(dir); index.write(...); run torchpin with index.url("whl/").
class FakeIndex {
public:
    explicit FakeIndex(const std::filesystem::path& dir);

    // "http://127.0.0.1:<port>/" + path
    std::string url(const std::string& path = "") const;

    // Writes (or replaces) a file below the served root, creating its folders.
    void write(const std::string& path, const std::string& content) const;
    void remove(const std::string& path) const;

    // Replaces the control file (JSON: "validators", "faults"; see fake_index_server.py). The
    // server reads it on every request.
    void control(const std::string& json) const;

    // The requests answered since the last call, in the order they were answered.
    std::vector<ServedRequest> take_requests() const;

private:
    std::filesystem::path dir_;
    BackgroundProcess server_;
    std::string port_;
};

} // namespace torchpin::test
