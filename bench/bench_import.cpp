// Import throughput against a bare SQLite bulk insert of the same rows, measured in the same run.
#include "engine/base/sha256.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "importers/index/html_index_page.hpp"
#include "importers/index/index_page.hpp"
#include "importers/index/page_files.hpp"
#include "tests/support/pytorch_index.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using namespace torchpin;

constexpr std::size_t max_page_bytes = 512u << 20;
constexpr const char* index_root = "https://download.pytorch.org/";

// A scratch directory under the system's temporary directory, removed at the end.
class ScratchDirectory {
public:
    ScratchDirectory() {
        std::string pattern = (fs::temp_directory_path() / "torchpin-bench-import-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) {
            throw std::runtime_error("cannot create a directory in " +
                                     fs::temp_directory_path().string());
        }
        path_ = pattern;
    }
    ~ScratchDirectory() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    const fs::path& path() const noexcept { return path_; }

private:
    fs::path path_;
};

// Pages written below a directory, as `torchpin import DIR --url URL` would find them.
struct PageSet {
    std::vector<PageFile> files;
    std::size_t bytes = 0;
};

PageSet write_pages(const fs::path& directory, const std::vector<test::IndexPageFile>& pages) {
    PageSet set;
    for (const test::IndexPageFile& page : pages) {
        const fs::path path = directory / page.path;
        fs::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << page.content;
        set.files.push_back(PageFile{path, index_root + page.path});
        set.bytes += page.content.size();
    }
    return set;
}

// The same listings as PEP 691 JSON pages (PyPI's shape), from what the HTML pages say.
std::vector<test::IndexPageFile> as_json_pages(const std::vector<test::IndexPageFile>& pages) {
    std::vector<test::IndexPageFile> out;
    for (const test::IndexPageFile& page : pages) {
        const IndexListing listing = parse_index_page(
            TextInput::from_string(page.content, page.path), index_root + page.path);
        nlohmann::json files = nlohmann::json::array();
        for (const IndexFile& file : listing.wheels) {
            nlohmann::json entry{{"filename", file.wheel.to_string()}, {"url", file.url}};
            entry["hashes"] =
                file.sha256 ? nlohmann::json{{"sha256", *file.sha256}} : nlohmann::json::object();
            if (file.core_metadata) {
                entry["core-metadata"] = {{"sha256", file.core_metadata->substr(7)}};
            }
            if (file.upload_time) {
                entry["upload-time"] = *file.upload_time;
            }
            files.push_back(std::move(entry));
        }
        const std::string project = listing.wheels.front().wheel.name().normalized();
        const nlohmann::json document{
            {"meta", {{"api-version", "1.1"}}}, {"name", project}, {"files", std::move(files)}};
        const std::string path = page.path.substr(0, page.path.rfind('/') + 1) + "index.json";
        out.push_back(test::IndexPageFile{path, document.dump()});
    }
    return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Best of `repeats` runs of `work` (which returns its own time), each after an untimed `setup`.
double best_of(int repeats, const std::function<void()>& setup,
               const std::function<double()>& work) {
    double best = 1e300;
    for (int run = 0; run < repeats; ++run) {
        setup();
        best = std::min(best, work());
    }
    return best;
}

void remove_database(const fs::path& db) {
    for (const char* suffix : {"", "-wal", "-shm"}) {
        fs::remove(db.string() + suffix);
    }
}

// The full import as `torchpin import` does it: read and parse every page, then one revision.
struct ImportRun {
    double parse_s = 0;
    double store_s = 0;
    std::size_t rows = 0;
    ImportResult result;
    double total() const { return parse_s + store_s; }
};

ImportRun torchpin_import(const PageSet& pages, const fs::path& db, std::size_t threads = 0) {
    ImportRun run;
    const auto start = std::chrono::steady_clock::now();
    ImportRequest request;
    request.note = "bench";
    import_page_files(
        pages.files, {}, max_page_bytes,
        [&](PageImport&& page) {
            run.rows += page.listing.rows.size();
            request.listings.push_back(std::move(page.listing));
        },
        threads);
    run.parse_s = seconds_since(start);
    const auto store_start = std::chrono::steady_clock::now();
    MatrixStore store = MatrixStore::open(db, true);
    run.result = store.import(request);
    run.store_s = seconds_since(store_start);
    return run;
}

std::vector<ListingImport> listings_of(const PageSet& pages) {
    std::vector<ListingImport> listings;
    import_page_files(pages.files, {}, max_page_bytes,
                      [&](PageImport&& page) { listings.push_back(std::move(page.listing)); });
    return listings;
}

// The same rows and column values in one transaction through one prepared INSERT (text bound
// without copies), into a table with no index but the rowid, with the journal settings of the
// matrix (WAL, synchronous=NORMAL).
double bare_insert(const std::vector<ListingImport>& listings, const fs::path& db_path) {
    const auto start = std::chrono::steady_clock::now();
    auto db = sqlite::Database::open(db_path, sqlite::Database::Mode::Create);
    db.execute("PRAGMA journal_mode = WAL");
    db.execute("PRAGMA synchronous = NORMAL");
    db.execute("CREATE TABLE wheel_file (listing TEXT, source INTEGER, valid_from INTEGER, "
               "valid_to INTEGER, url TEXT, file_name TEXT, package TEXT, version TEXT, "
               "backend TEXT, python_tags TEXT, abi_tags TEXT, platform_tags TEXT, sha256 TEXT, "
               "requires_python TEXT, yanked INTEGER, yanked_reason TEXT, core_metadata TEXT, "
               "upload_time TEXT, provenance TEXT, seen_in TEXT)");
    sqlite::Transaction transaction(db);
    auto insert = db.prepare("INSERT INTO wheel_file VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                             "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)");
    constexpr std::size_t yanked_column = 10;
    for (const ListingImport& listing : listings) {
        for (const RowValues& row : listing.rows) {
            insert.bind_view(1, listing.name).bind(2, std::int64_t{1}).bind(3, std::int64_t{1});
            insert.bind_null(4);
            for (std::size_t i = 0; i < row.size(); ++i) {
                const int parameter = static_cast<int>(i) + 5;
                if (i == yanked_column) {
                    insert.bind(parameter, static_cast<std::int64_t>(*row[i] == "1"));
                } else if (row[i]) {
                    insert.bind_view(parameter, *row[i]);
                } else {
                    insert.bind_null(parameter);
                }
            }
            insert.run();
        }
    }
    transaction.commit();
    return seconds_since(start);
}

double bytes_per_row(const fs::path& db, std::size_t rows) {
    return static_cast<double>(fs::file_size(db)) / static_cast<double>(rows);
}

struct Measured {
    std::string input;
    std::size_t pages = 0;
    std::size_t rows = 0;
    std::size_t bytes = 0;
    ImportRun import; // the best run
    double bare_s = 0;
    double torchpin_bytes_per_row = 0;
    double bare_bytes_per_row = 0;
    double reimport_s = 0;
    double changed_s = 0; // 0: not measured
};

// Imports `pages` into fresh databases (best of `repeats`), inserts their rows bare, re-imports
// them unchanged and, when given, imports `changed` on top of the first import.
Measured measure(const std::string& input, const PageSet& pages, const PageSet* changed,
                 const fs::path& scratch, int repeats, std::size_t threads = 0) {
    const fs::path db = scratch / "matrix.db";
    const fs::path imported = scratch / "imported.db";
    const fs::path bare_db = scratch / "bare.db";
    Measured out{input, pages.files.size(), 0, pages.bytes, {}, 0, 0, 0, 0, 0};
    out.import.parse_s = 1e300;
    for (int run = 0; run < repeats; ++run) {
        remove_database(db);
        ImportRun this_run = torchpin_import(pages, db, threads);
        if (this_run.total() < out.import.total()) {
            out.import = this_run;
        }
    }
    out.rows = out.import.rows;
    out.torchpin_bytes_per_row = bytes_per_row(db, out.rows);
    remove_database(imported);
    fs::copy_file(db, imported);

    const std::vector<ListingImport> listings = listings_of(pages);
    out.bare_s = best_of(
        repeats, [&] { remove_database(bare_db); }, [&] { return bare_insert(listings, bare_db); });
    out.bare_bytes_per_row = bytes_per_row(bare_db, out.rows);

    const auto import_onto_copy = [&](const PageSet& next) {
        return [&] {
            const ImportRun run = torchpin_import(next, db, threads);
            if (&next == &pages && run.result.revision) {
                throw std::runtime_error("re-importing the same pages made a revision");
            }
            return run.total();
        };
    };
    const auto fresh_copy = [&] {
        remove_database(db);
        fs::copy_file(imported, db);
    };
    out.reimport_s = best_of(repeats, fresh_copy, import_onto_copy(pages));
    if (changed != nullptr) {
        out.changed_s = best_of(repeats, fresh_copy, import_onto_copy(*changed));
    }
    return out;
}

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string grouped(double value) {
    const std::string digits = fixed(value, 0);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            out += ',';
        }
        out += digits[i];
    }
    return out;
}

void print_table(const std::vector<Measured>& all) {
    std::cout << "| input | pages | rows | MB | torchpin import | rows/s | MB/s | bare insert | "
                 "ratio | bytes/row (bare) | no-op re-import | 1% changed |\n"
                 "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const Measured& m : all) {
        const double s = m.import.total();
        std::cout << "| " << m.input << " | " << m.pages << " | " << grouped(m.rows) << " | "
                  << fixed(m.bytes / 1e6, 1) << " | " << fixed(s, 3) << " s | "
                  << grouped(m.rows / s) << " | " << fixed(m.bytes / 1e6 / s, 1) << " | "
                  << fixed(m.bare_s, 3) << " s | " << fixed(m.bare_s / s, 2) << " | "
                  << fixed(m.torchpin_bytes_per_row, 0) << " (" << fixed(m.bare_bytes_per_row, 0)
                  << ") | " << fixed(m.reimport_s, 3) << " s | "
                  << (m.changed_s > 0 ? fixed(m.changed_s, 3) + " s" : "-") << " |\n";
    }
    std::cout << "\nratio = bare insert time / torchpin import time (1 = as fast as bare SQLite)\n"
                 "\n| input | read+parse | store |\n|---|---|---|\n";
    for (const Measured& m : all) {
        std::cout << "| " << m.input << " | " << fixed(m.import.parse_s, 3) << " s | "
                  << fixed(m.import.store_s, 3) << " s |\n";
    }
}

// Where a sequential import of `pages` spends its time, phase by phase (best of `repeats`).
void print_phases(const PageSet& pages, const fs::path& scratch, int repeats) {
    std::vector<TextInput> inputs;
    const double read_s = best_of(
        repeats, [&] { inputs.clear(); },
        [&] {
            const auto start = std::chrono::steady_clock::now();
            for (const PageFile& file : pages.files) {
                inputs.push_back(TextInput::read_file(file.path, max_page_bytes));
            }
            return seconds_since(start);
        });
    const auto timed = [&](const std::function<void(std::size_t)>& per_page) {
        return best_of(
            repeats, [] {},
            [&] {
                const auto start = std::chrono::steady_clock::now();
                for (std::size_t i = 0; i < inputs.size(); ++i) {
                    per_page(i);
                }
                return seconds_since(start);
            });
    };
    const double tree_s = timed([&](std::size_t i) { detect_html_page_kind(inputs[i].content()); });
    std::vector<IndexListing> parsed(inputs.size());
    const double parse_s =
        timed([&](std::size_t i) { parsed[i] = parse_index_page(inputs[i], pages.files[i].url); });
    const double digest_s = timed([&](std::size_t i) { sha256_hex(inputs[i].content()); });
    std::vector<std::vector<RowValues>> rows(inputs.size());
    const double rows_s = timed([&](std::size_t i) {
        rows[i].clear();
        for (const IndexFile& file : parsed[i].wheels) {
            rows[i].push_back(to_row(file));
        }
    });
    const std::vector<ListingImport> listings = listings_of(pages);
    const fs::path db = scratch / "phases.db";
    const double store_s = best_of(
        repeats, [&] { remove_database(db); },
        [&] {
            const auto start = std::chrono::steady_clock::now();
            MatrixStore store = MatrixStore::open(db, true);
            ImportRequest request;
            request.listings = listings;
            store.import(request);
            return seconds_since(start);
        });
    std::cout << "\n| phase (sequential) | seconds |\n|---|---|\n"
              << "| read files (TextInput::read_file) | " << fixed(read_s, 3) << " |\n"
              << "| parse pages (parse_index_page) | " << fixed(parse_s, 3) << " |\n"
              << "| of which the HTML parser (detect_html_page_kind) | " << fixed(tree_s, 3)
              << " |\n"
              << "| page digests (sha256_hex) | " << fixed(digest_s, 3) << " |\n"
              << "| rows (to_row) | " << fixed(rows_s, 3) << " |\n"
              << "| store (MatrixStore::open + import, incl. copying the request) | "
              << fixed(store_s, 3) << " |\n";
}

std::vector<test::IndexPageFile> real_wheel_pages() {
    std::vector<test::IndexPageFile> pages;
    for (const char* fixture :
         {"invokeai_uvlock_pytorch_index_wheels.json", "nixpkgs_torch_wheels.json"}) {
        auto more = test::write_pages_of_wheels(
            test::read_file(test::source_path(std::string("tests/data/wheels/") + fixture)));
        pages.insert(pages.end(), more.begin(), more.end());
    }
    return pages;
}

} // namespace

// Prints Markdown tables: the import of a generated PyTorch-format index (HTML, on one parse
// thread per core and on one thread, and the same listings as PEP 691 JSON) and of the real
// pages, each against a bare SQLite insert of its rows, then the phases of the HTML import. Usage:
// bench_import [REPEATS] [VERSIONS] (VERSIONS per package and variant; 35 gives 201,600 files).
// `bench_import --smoke` (CTest's bench_import_smoke) imports the smallest generated index once
// (5,760 files) and its rows bare, to keep the benchmark working; its numbers mean nothing.
int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::string_view(argv[1]) == "--smoke";
    const int repeats = smoke ? 1 : argc > 1 ? std::stoi(argv[1]) : 3;
    const test::PytorchIndexShape shape{.versions = smoke      ? 1
                                                    : argc > 2 ? std::stoul(argv[2])
                                                               : 35};
    const ScratchDirectory scratch;
    if (smoke) {
        const PageSet pages =
            write_pages(scratch.path() / "html", test::write_pytorch_index(shape));
        const std::vector<Measured> all{
            measure("generated index, HTML", pages, nullptr, scratch.path(), repeats)};
        print_table(all);
        return all.front().rows == test::pytorch_index_file_count(shape) ? 0 : 1;
    }

    const auto html = test::write_pytorch_index(shape);
    test::PytorchIndexShape one_percent = shape;
    one_percent.changed_hash_every = 100;
    const PageSet html_pages = write_pages(scratch.path() / "html", html);
    const PageSet html_changed =
        write_pages(scratch.path() / "html-changed", test::write_pytorch_index(one_percent));
    const PageSet json_pages = write_pages(scratch.path() / "json", as_json_pages(html));
    const PageSet json_changed = write_pages(scratch.path() / "json-changed",
                                             as_json_pages(test::write_pytorch_index(one_percent)));

    PageSet torch_stable;
    const fs::path torch_stable_copy = scratch.path() / "torch_stable.html";
    fs::copy_file(test::source_path("data/index/torch_stable.html"), torch_stable_copy);
    torch_stable.files.push_back(
        PageFile{torch_stable_copy, "https://download.pytorch.org/whl/torch_stable.html"});
    torch_stable.bytes = fs::file_size(torch_stable_copy);
    const PageSet real_pages = write_pages(scratch.path() / "real", real_wheel_pages());

    std::vector<Measured> all;
    all.push_back(
        measure("generated index, HTML", html_pages, &html_changed, scratch.path(), repeats));
    all.push_back(measure("generated index, HTML, pages parsed on 1 thread", html_pages,
                          &html_changed, scratch.path(), repeats, 1));
    all.push_back(measure("generated index, PEP 691 JSON", json_pages, &json_changed,
                          scratch.path(), repeats));
    all.push_back(measure("torch_stable.html", torch_stable, nullptr, scratch.path(), repeats * 5));
    all.push_back(measure("InvokeAI + nixpkgs wheels as pages", real_pages, nullptr, scratch.path(),
                          repeats * 5));
    print_table(all);
    print_phases(html_pages, scratch.path(), repeats);
    return all.front().rows == test::pytorch_index_file_count(shape) ? 0 : 1;
}
