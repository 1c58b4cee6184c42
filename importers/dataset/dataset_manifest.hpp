// data/manifest.json: the list of dataset files the embedded matrix is built from, with sources.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace torchpin {

// One data file: where it lies under data/, how to parse it, what it stands for.
struct DatasetSource {
    std::string file;      // relative to the data directory: "index/torch_stable.html"
    std::string kind;      // parser: "simple-html", "simple-json", "find-links", a table kind
    std::string url;       // the page it is a copy of, or "" for curated tables
    std::string retrieved; // ISO 8601: when the copy was made
    std::string origin;    // where it came from, for people: repository, commit, path
};

struct DatasetManifest {
    std::string data_as_of; // YYYY-MM-DD: the newest date any source speaks for
    std::string built_at;   // ISO 8601, the revision time of the embedded matrix
    std::vector<DatasetSource> sources;
};

// Reads and checks data_dir/manifest.json. Throws InputError naming the file, line and column
// of what is wrong (malformed JSON, a missing key, a file that does not exist).
DatasetManifest read_dataset_manifest(const std::filesystem::path& data_dir);

} // namespace torchpin
