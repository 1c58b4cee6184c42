// Helpers of the matrix store tests: a temporary database, wheel rows of one cu121 listing and
// import requests.
#pragma once

#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/release_wheels.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace torchpin::test::store {

inline const std::string cu121_page = "https://download.pytorch.org/whl/cu121/torch/";
// The page that lists every backend's files.
inline const std::string every_page = "https://download.pytorch.org/whl/torch/";

// A fresh database path per test, removed with its WAL files afterwards.
struct TempDatabase {
    std::filesystem::path path;
    TempDatabase() {
        path =
            std::filesystem::temp_directory_path() / ("torchpin_store_" + std::to_string(getpid()) +
                                                      "_" + std::to_string(counter()++) + ".db");
        remove();
    }
    ~TempDatabase() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) {
            std::filesystem::remove(path.string() + suffix);
        }
    }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

inline IndexFile wheel(const std::string& file_name,
                       std::optional<std::string> sha256 = std::nullopt) {
    const WheelFilename parsed = WheelFilename::from(file_name);
    std::optional<Backend> backend;
    if (auto label = parsed.version().local_label(); !label.empty()) {
        backend = Backend::from(label);
    }
    return IndexFile{.listing = cu121_page,
                     .wheel = parsed,
                     .backend = backend,
                     .url = "https://download.pytorch.org/whl/cu121/" + file_name,
                     .sha256 = std::move(sha256),
                     .requires_python = ">=3.8",
                     .yanked = false,
                     .yanked_reason = "",
                     .core_metadata = std::nullopt,
                     .upload_time = std::nullopt,
                     .provenance = Provenance::Observed,
                     .seen_in = std::nullopt};
}

inline ListingImport listing(const std::vector<IndexFile>& files, const std::string& digest) {
    ListingImport out{
        &wheel_file_table(),
        cu121_page,
        SourceInfo{"simple-html", cu121_page, digest, "2026-11-30T00:00:00Z", "a test"},
        {}};
    for (const auto& f : files) {
        out.rows.push_back(to_row(f));
    }
    return out;
}

inline ImportRequest request(std::vector<ListingImport> listings,
                             std::string note = "test import") {
    return ImportRequest{std::move(listings), std::move(note), "2026-11-30", std::nullopt};
}

// The first column of every row `sql` gives (with `parameter` bound to ?1 where given), NULL as
// "NULL".
inline std::vector<std::string> strings(sqlite::Database& db, const std::string& sql,
                                        const std::string& parameter = "") {
    auto select = db.prepare(sql);
    if (!parameter.empty()) {
        select.bind(1, parameter);
    }
    std::vector<std::string> out;
    while (select.step()) {
        out.push_back(select.optional_text(0).value_or("NULL"));
    }
    return out;
}

// The tables of `schema`, by name.
inline std::vector<std::string> tables(sqlite::Database& db, const std::string& schema = "main") {
    return strings(db, "SELECT name FROM " + schema +
                           ".sqlite_schema WHERE type = 'table' ORDER BY name");
}

inline const std::string a = "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl";
inline const std::string b = "torch-2.1.2+cu121-cp310-cp310-linux_x86_64.whl";
inline const std::string c = "torch-2.1.1+cu121-cp311-cp311-linux_x86_64.whl";
inline const std::string d = "torch-2.1.0+cu121-cp311-cp311-linux_x86_64.whl";

} // namespace torchpin::test::store
