// `torchpin db revisions | diff A B | verify | export`: inspect the matrix database.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"
#include "cli/output.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/read_only_image.hpp"
#include "importers/dataset/dataset.hpp"

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

using nlohmann::json;

struct DbOptions {
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::string output;
    std::string data_dir;
    std::string image;
};

json optional_json(const std::optional<std::string>& value) {
    return value ? json(*value) : json(nullptr);
}

json source_json(const SourceInfo& source) {
    return {{"kind", source.kind},
            {"uri", source.uri},
            {"digest", source.digest},
            {"retrieved_at", source.retrieved_at},
            {"origin", source.origin}};
}

int run_revisions(const GlobalOptions& global) {
    require_format(global, "db revisions", {"text", "json"});
    auto store = open_matrix_for_reading(global);
    const auto revisions = store.revisions();
    if (global.format == "json") {
        json rows = json::array();
        for (const auto& r : revisions) {
            json sources = json::array();
            for (const auto& s : r.sources) {
                sources.push_back(source_json(s));
            }
            rows.push_back({{"number", r.number},
                            {"created_at", r.created_at},
                            {"parent", r.parent ? json(*r.parent) : json(nullptr)},
                            {"note", r.note},
                            {"data_as_of", optional_json(r.data_as_of)},
                            {"content_digest", r.content_digest},
                            {"wheel_files", r.wheel_files},
                            {"sources", std::move(sources)}});
        }
        const json document{{"schema", "torchpin/revisions/v1"}, {"revisions", std::move(rows)}};
        std::cout << document.dump(2) << '\n';
        return 0;
    }
    for (const auto& r : revisions) {
        std::cout << "revision " << r.number << "  " << r.created_at << "  data as of "
                  << r.data_as_of.value_or("unknown") << "  " << r.wheel_files << " wheel files\n"
                  << "  " << r.note << '\n';
        for (const auto& s : r.sources) {
            std::cout << "  source " << s.kind << ' ' << s.uri
                      << " sha256:" << s.digest.substr(0, 12) << '\n';
        }
    }
    return 0;
}

std::string describe(const std::optional<std::string>& value) {
    return value ? '"' + *value + '"' : std::string("null");
}

int run_diff(const GlobalOptions& global, const DbOptions& options) {
    require_format(global, "db diff", {"text", "json"});
    auto store = open_matrix_for_reading(global);
    revision_to_read(store, options.from);
    revision_to_read(store, options.to);
    const auto changes = store.diff(options.from, options.to);
    static constexpr const char* kinds[] = {"added", "removed", "changed"};
    if (global.format == "json") {
        json rows = json::array();
        for (const auto& c : changes) {
            json fields = json::array();
            for (const auto& f : c.fields) {
                fields.push_back({{"column", f.column},
                                  {"before", optional_json(f.before)},
                                  {"after", optional_json(f.after)}});
            }
            rows.push_back({{"kind", kinds[static_cast<int>(c.kind)]},
                            {"table", c.table},
                            {"listing", c.listing},
                            {"key", c.key},
                            {"fields", std::move(fields)}});
        }
        std::cout << json{{"schema", "torchpin/diff/v1"},
                          {"from", options.from},
                          {"to", options.to},
                          {"changes", std::move(rows)}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    for (const auto& c : changes) {
        std::cout << kinds[static_cast<int>(c.kind)] << "  " << c.table << "  " << c.key << "  ("
                  << c.listing << ")\n";
        if (c.kind == RowDifference::Kind::Changed) {
            for (const auto& f : c.fields) {
                std::cout << "    " << f.column << ": " << describe(f.before) << " -> "
                          << describe(f.after) << '\n';
            }
        }
    }
    if (!global.quiet()) {
        std::cerr << changes.size() << " change" << (changes.size() == 1 ? "" : "s")
                  << " from revision " << options.from << " to " << options.to << '\n';
    }
    return 0;
}

int run_verify(const GlobalOptions& global) {
    require_format(global, "db verify", {"text", "json"});
    auto store = open_matrix_for_reading(global);
    const auto problems = store.verify();
    const auto revisions = store.revisions();
    if (global.format == "json") {
        std::cout << json{{"schema", "torchpin/verify/v1"},
                          {"ok", problems.empty()},
                          {"revisions", revisions.size()},
                          {"problems", problems}}
                         .dump(2)
                  << '\n';
    } else if (problems.empty()) {
        std::cout << "ok: " << revisions.size() << " revisions, integrity, foreign keys, sources, "
                  << "validity ranges, content digests and prepared forms check out\n";
    } else {
        for (const auto& p : problems) {
            std::cout << "problem: " << p << '\n';
        }
    }
    return problems.empty() ? 0 : 1;
}

json wheel_json(const IndexFile& f) {
    return {{"listing", f.listing},
            {"file_name", f.wheel.to_string()},
            {"package", f.wheel.name().normalized()},
            {"version", f.wheel.version().to_string()},
            {"backend", f.backend ? json(f.backend->to_string()) : json(nullptr)},
            {"url", f.url},
            {"sha256", optional_json(f.sha256)},
            {"requires_python", optional_json(f.requires_python)},
            {"yanked", f.yanked},
            {"yanked_reason", f.yanked_reason},
            {"core_metadata", optional_json(f.core_metadata)},
            {"upload_time", optional_json(f.upload_time)},
            {"provenance", name(f.provenance)},
            {"seen_in", optional_json(f.seen_in)}};
}

int run_export(const GlobalOptions& global, const DbOptions& options) {
    require_format(global, "db export", {"text", "json"});
    auto store = open_matrix_for_reading(global);
    const std::int64_t revision = revision_to_read(store, global.revision);
    RevisionInfo info;
    for (auto& r : store.revisions()) {
        if (r.number == revision) {
            info = r;
        }
    }
    json wheels = json::array();
    for (const auto& f : store.wheel_files({}, revision)) {
        wheels.push_back(wheel_json(f));
    }
    json sources = json::array();
    for (const auto& s : info.sources) {
        sources.push_back(source_json(s));
    }
    const json document{{"schema", "torchpin/matrix/v1"},
                        {"revision", revision},
                        {"data_as_of", optional_json(info.data_as_of)},
                        {"content_digest", info.content_digest},
                        {"sources", std::move(sources)},
                        {"wheel_files", std::move(wheels)}};
    write_output(document.dump(2) + "\n", options.output);
    return 0;
}

// Builds a fresh matrix file from a data directory, and with --image its read-only image (the
// build runs this to embed data/).
int run_build(const GlobalOptions& global, const DbOptions& options) {
    if (global.db.empty()) {
        throw UsageError("'db build' writes a new database: pass --db PATH");
    }
    const std::filesystem::path db = path_from_utf8(global.db);
    if (std::filesystem::exists(db)) {
        throw UsageError("'db build' writes a new database, but " + global.db + " exists");
    }
    const DatasetImport dataset = load_dataset(path_from_utf8(options.data_dir));
    if (!global.quiet()) {
        for (const std::string& warning : dataset.warnings) {
            std::cerr << warning << '\n';
        }
    }
    {
        auto store = MatrixStore::open(db, true);
        const ImportResult result = store.import(dataset.request);
        // The image keeps no constraint to hold its rows together: it is made from a file that
        // verifies (foreign keys, sources, validity ranges, digests), or not at all.
        if (const auto problems = store.verify(); !problems.empty()) {
            throw std::runtime_error("'db build' made a matrix that does not verify: " +
                                     problems.front());
        }
        // One self-contained file, no -wal or -shm beside it (the import compacted it).
        store.database().execute("PRAGMA wal_checkpoint(TRUNCATE)");
        store.database().execute("PRAGMA journal_mode = DELETE");
        if (!global.quiet()) {
            std::cerr << "built revision " << result.revision.value_or(0) << ": "
                      << result.rows.added << " rows from " << dataset.request.listings.size()
                      << " sources\n";
        }
    }
    if (!options.image.empty()) {
        write_read_only_image(db, path_from_utf8(options.image));
    }
    return 0;
}

} // namespace

void setup_db(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& db) {
        auto options = std::make_shared<DbOptions>();
        db.require_subcommand(1);

        db.add_subcommand("revisions", "List revisions: number, time, data date, sources, rows")
            ->callback([&global, &result] { result.exit_code = run_revisions(global); });

        CLI::App* diff = db.add_subcommand("diff", "What changed from revision A to revision B");
        diff->add_option("A", options->from, "The older revision")->required();
        diff->add_option("B", options->to, "The newer revision")->required();
        diff->callback(
            [&global, &result, options] { result.exit_code = run_diff(global, *options); });

        db.add_subcommand("verify", "Check integrity, foreign keys, sources and revision digests")
            ->callback([&global, &result] { result.exit_code = run_verify(global); });

        CLI::App* exporter =
            db.add_subcommand("export", "The matrix as JSON (--revision N: as of N)");
        exporter->add_option("-o,--output", options->output, "Write to FILE atomically")
            ->type_name("FILE");
        exporter->callback(
            [&global, &result, options] { result.exit_code = run_export(global, *options); });

        setup_db_coverage(db, global, result);

        CLI::App* build =
            db.add_subcommand("build", "Build a new matrix file (--db) from a data directory");
        build->add_option("--data", options->data_dir, "The data directory with manifest.json")
            ->required()
            ->type_name("DIR");
        build
            ->add_option("--image", options->image,
                         "Also write the read-only image the binary embeds: the same rows, "
                         "without the constraints and indexes only writes use")
            ->type_name("FILE");
        build->callback(
            [&global, &result, options] { result.exit_code = run_build(global, *options); });
    };
    add_command(app, "db", "Inspect the matrix database", define);
}

} // namespace torchpin::cli
