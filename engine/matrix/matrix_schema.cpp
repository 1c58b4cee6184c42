// Migrations of the matrix database, forward-only, numbered by PRAGMA user_version. The
// revisioned tables are not written here: each version creates the tables and adds the columns
// that engine/matrix/dataset_tables.hpp declares with that version (`since`, `added_in`); only
// what no declaration holds (the provenance tables, the HTTP cache, extra indexes) is SQL here.
// Append new versions; never change what a shipped version does.
#include "engine/matrix/matrix_schema.hpp"

#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/derived_listings.hpp"
#include "engine/matrix/merged_listings.hpp"
#include "engine/matrix/write_rules.hpp"

#include <stdexcept>
#include <string>

namespace torchpin {

namespace {

// Version 1: provenance (sources, revisions, listings); the wheel files are declared.
constexpr const char* provenance_tables = R"sql(
CREATE TABLE source (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    uri TEXT NOT NULL,
    digest TEXT NOT NULL,
    retrieved_at TEXT NOT NULL,
    origin TEXT NOT NULL,
    UNIQUE (kind, uri, digest)
) STRICT;

CREATE TABLE revision (
    number INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    parent INTEGER REFERENCES revision(number),
    note TEXT NOT NULL,
    data_as_of TEXT,
    content_digest TEXT NOT NULL
) STRICT;

CREATE TABLE revision_source (
    revision INTEGER NOT NULL REFERENCES revision(number),
    source INTEGER NOT NULL REFERENCES source(id),
    PRIMARY KEY (revision, source)
) STRICT, WITHOUT ROWID;

CREATE TABLE listing (
    id INTEGER PRIMARY KEY,
    table_name TEXT NOT NULL,
    name TEXT NOT NULL,
    content_digest TEXT NOT NULL,
    row_count INTEGER NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX listing_current ON listing (table_name, name) WHERE valid_to IS NULL;
)sql";

// Migration 3: what `torchpin update` remembers per page URL (validators for conditional
// requests, the listing digest they vouch for, the variant folders the page points to). Not
// revisioned: it describes the last fetch, not the matrix; written in the import's transaction.
constexpr const char* http_cache_table = R"sql(
CREATE TABLE http_cache (
    url TEXT PRIMARY KEY,
    etag TEXT,
    last_modified TEXT,
    listing_digest TEXT,
    backend_folders TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    CHECK (etag IS NOT NULL OR last_modified IS NOT NULL)
) STRICT, WITHOUT ROWID;
)sql";

// Version 4: the wheel rows of one release found without scanning the package's (`resolve`
// reads them per release, see load_compat_matrix_wheels_on_demand). It replaces the index on
// (package, valid_from) of version 1, which it serves as well, so that an import still keeps two
// indexes up to date per row, not three.
constexpr const char* wheel_file_by_release = R"sql(
DROP INDEX wheel_file_package;
CREATE INDEX wheel_file_release ON wheel_file (package, version);
)sql";

// Version 18: the same index with each row's tags and validity, so that a file is found by its
// version and tags with one seek, without reading the release's other rows
// (ReleaseWheels::tagged; a release of torch has ~600 rows on one OS in a full index).
constexpr const char* wheel_file_by_release_and_tags = R"sql(
DROP INDEX wheel_file_release;
CREATE INDEX wheel_file_release ON wheel_file
    (package, version, python_tags, abi_tags, platform_tags, valid_from, valid_to);
)sql";

// Version 19: a release's groups of wheel files found without scanning the package's
// (ReleaseWheels::groups reads them per release, as the wheel rows). The index holds every column
// a read selects, so that a release's groups are read from a few adjacent index pages instead of
// one table page each (they come from several listings, imported apart): 5% of a which's wall
// time on a full-size matrix, for 11% more file.
constexpr const char* wheel_group_by_release = R"sql(
CREATE INDEX wheel_group_release ON wheel_group (package, version, valid_from, valid_to, backend,
    os, variant, on_pytorch_index, lists_every_file, platform_tags, tags);
)sql";

// Version 20: index_build with one row per listing, torch release, OS and CPU, its backends a
// list, instead of one row per backend (a command reads every row to learn the releases and the
// machine's builds: 1,379 rows on a full-size matrix became 821). The old table and its listings
// go; the declared table is filled anew.
constexpr const char* index_build_by_platform = R"sql(
DROP TABLE IF EXISTS index_build;
DELETE FROM listing WHERE table_name = 'index_build';
)sql";

// Version 21: index_build_union and wheel_group_union, index_build and wheel_group merged over
// every listing (engine/matrix/merged_listings.hpp). A release's groups were read from the union
// from then on, through an index of the shape version 19 gave wheel_group; that one goes, as
// wheel_group is only read whole (to merge it) or by listing. (Version 25 replaced the union; 21
// fills index_build_union only, leaving wheel_group_union to 25, which every migration that passes
// 21 reaches.)
constexpr const char* wheel_group_by_release_dropped = R"sql(
DROP INDEX IF EXISTS wheel_group_release;
)sql";

// Version 25: wheel_group_union with the groups of a release, OS and standing whose files have
// the same tags as one row (WheelGroupSet), read through an index that holds every column a read
// selects. The table of version 21, one row per group, and its listing go; the declared table is
// filled anew at every revision.
constexpr const char* wheel_group_union_by_group = R"sql(
DROP TABLE IF EXISTS wheel_group_union;
DELETE FROM listing WHERE table_name = 'wheel_group_union';
)sql";
constexpr const char* wheel_group_union_by_release = R"sql(
CREATE INDEX wheel_group_union_release ON wheel_group_union (package, version, valid_from,
    valid_to, os, variant, on_pytorch_index, lists_every_file, builds, platform_tags, tags);
)sql";

// Version 22: the prepared forms of a revision (engine/matrix/prepared_matrix.hpp), which
// import writes with the revision and a load reads instead of its tables. Not revisioned: a form
// follows from its revision's rows; after any migration, MatrixStore::open writes the newest
// revision's forms anew. Keyed by layout too, so that builds reading different layouts keep their
// forms of one revision side by side.
constexpr const char* prepared_matrix_forms = R"sql(
CREATE TABLE prepared_matrix (
    revision INTEGER NOT NULL REFERENCES revision(number),
    layout TEXT NOT NULL,
    platform TEXT NOT NULL,
    form BLOB NOT NULL,
    PRIMARY KEY (revision, layout, platform)
) STRICT;
)sql";

// Version 26: the table that holds a file's seldom-read tables when it is packed
// (engine/matrix/packed_tables.hpp). A migrated file stays unpacked until a writing store closes
// it. (A later version that changes a packed table must unpack the file first.)
constexpr const char* packed_part_table_made = R"sql(
CREATE TABLE IF NOT EXISTS image_rest (bytes BLOB NOT NULL) STRICT;
)sql";
// What one version does besides its declared tables and columns: `before` them (tables they
// refer to) and `after` them (indexes on them), then `fill` (rows of a derived table). A fill of
// a version after 24 runs before the rows' rules exist (MatrixStore::open makes their triggers
// for the newest tables, once the last migration is done): db verify checks what it wrote.
struct Migration {
    const char* before = "";
    const char* after = "";
    void (*fill)(sqlite::Database&) = nullptr;
};

// Version 2: the curated dataset tables. 5: known_issue's summary, fix summary and Visual C++
// runtime bound. 6: release_cuda, companion_range. 7: hsa_override. 8: wheel_file's seen_in.
// 9: gpu_model's PCI ids and origins, amd_gpu_model, intel_gpu_model. 10: known_issue's message
// patterns, message source, message_only and decided_by. 11: index_build, derived from the wheel
// files already imported, one row per build (20 replaced it: 11 now leaves it to 20, which every
// migration that passes 11 reaches). 12: rocm_target's torch range. 13: release_cuda's os.
// 14: wheel_metadata. 15: cuda_branch. 16: companion_package. 17: companion_package's label.
// 18: the wheel_file index by release with tags. 19: wheel_group, derived from the wheel files
// already imported. 20: index_build by release and platform, filled anew. 21: index_build_union
// (and wheel_group_union until 25), merged at every revision. 22: prepared_matrix. 23: the curated
// tables without their indexes on current rows. 24: no CHECK or foreign-key constraints in the
// stored tables; a writing connection holds the rows to them instead
// (engine/matrix/write_rules.hpp). 25: wheel_group_union as sets of a release's groups, filled
// anew. 26: image_rest, for the packed tables. (Versions 5, 8, 9 and 10 rebuilt their tables to
// keep a column order before the declarations existed; every read names its columns.)
const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all{
        {provenance_tables, "CREATE INDEX wheel_file_package ON wheel_file (package, valid_from);"},
        {},
        {http_cache_table, ""},
        {"", wheel_file_by_release},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {},
        {"", wheel_file_by_release_and_tags},
        {"", wheel_group_by_release, fill_wheel_groups},
        {index_build_by_platform, "", fill_index_builds},
        {"", wheel_group_by_release_dropped, fill_index_build_union},
        {prepared_matrix_forms, ""},
        {},
        {"", "", remove_declared_constraints},
        {wheel_group_union_by_group, wheel_group_union_by_release, fill_wheel_group_union},
        {packed_part_table_made, ""},
    };
    return all;
}

// Version 24 removed the CHECK and foreign-key constraints, which every process that opens a
// database file parsed with its schema (docs/performance.md): the tables versions from 24 on
// create or extend have none, and write_rules.hpp states them for the connections that write.
constexpr int constraints_removed = 24;

// A column's definition in a table as of `version`.
std::string column_sql(const Column& column, int version) {
    const bool integer = is_stored_as_integer(column.type);
    std::string sql = column.name + (integer ? " INTEGER" : " TEXT");
    if (column.required) {
        sql += " NOT NULL";
    }
    if (column.type == ValueType::Flag && version < constraints_removed) {
        sql += " CHECK (" + column.name + " IN (0, 1))";
    }
    return sql;
}

// Version 23 drops the curated tables' indexes on current rows. Those tables hold hundreds of
// rows, which `db build` reads whole for each of its listings without an index, while every
// process that opens a database file parses each index SQLite keeps (docs/performance.md).
constexpr int curated_index_dropped = 23;

// Whether `spec` has an index on the current rows of a listing as of `version`: the tables an
// index import fills do; the curated ones did until version 23.
bool has_current_index(const TableSpec& spec, int version) {
    return version < curated_index_dropped || find_dataset_table(spec.name) == nullptr;
}

// CREATE TABLE for a revisioned table with its columns as of `version`, and its index on the
// current rows of a listing by key where it has one.
std::string create_table_sql(const TableSpec& spec, int version) {
    std::string sql = "CREATE TABLE " + spec.name +
                      " (\n    id INTEGER PRIMARY KEY,\n    listing TEXT NOT NULL,\n";
    std::string key = "listing";
    for (const Column& column : spec.columns()) {
        if (column.since <= version) {
            sql += "    " + column_sql(column, version) + ",\n";
        }
    }
    for (const Column& column : spec.key) {
        if (column.since <= version) { // a key column added later is not in the index
            key += ", " + column.name;
        }
    }
    if (version < constraints_removed) {
        sql += "    source INTEGER NOT NULL REFERENCES source(id),\n"
               "    valid_from INTEGER NOT NULL REFERENCES revision(number),\n"
               "    valid_to INTEGER REFERENCES revision(number),\n"
               "    CHECK (valid_to IS NULL OR valid_to > valid_from)\n) STRICT;\n";
    } else {
        sql += "    source INTEGER NOT NULL,\n    valid_from INTEGER NOT NULL,\n"
               "    valid_to INTEGER\n) STRICT;\n";
    }
    if (has_current_index(spec, version)) {
        sql += "CREATE INDEX " + spec.name + "_current ON " + spec.name + " (" + key +
               ") WHERE valid_to IS NULL;\n";
    }
    return sql;
}

// What the declarations give `version`: the tables it creates, the columns it adds and the
// indexes on current rows it drops.
std::string declared_sql(int version) {
    std::string sql;
    for (const TableSpec* spec : stored_tables()) {
        if (spec->since == version) {
            sql += create_table_sql(*spec, version);
            continue;
        }
        if (spec->since < version && has_current_index(*spec, version - 1) &&
            !has_current_index(*spec, version)) {
            sql += "DROP INDEX IF EXISTS " + spec->name + "_current;\n";
        }
        for (const Column& column : spec->columns()) {
            if (spec->since < version && column.since == version) {
                sql += "ALTER TABLE " + spec->name + " ADD COLUMN " + column_sql(column, version) +
                       ";\n";
            }
        }
    }
    return sql;
}

} // namespace

int latest_schema_version() noexcept {
    return static_cast<int>(migrations().size());
}

std::string migration_sql(int version) {
    const Migration& migration = migrations().at(static_cast<std::size_t>(version - 1));
    return std::string(migration.before) + declared_sql(version) + migration.after;
}

void migrate(sqlite::Database& db) {
    const int current = db.user_version();
    if (current > latest_schema_version()) {
        throw std::runtime_error("the matrix database has schema version " +
                                 std::to_string(current) + ", newer than this torchpin knows (" +
                                 std::to_string(latest_schema_version()) + "); upgrade torchpin");
    }
    for (int version = current + 1; version <= latest_schema_version(); ++version) {
        sqlite::Transaction transaction(db);
        db.execute(migration_sql(version));
        if (const auto fill = migrations().at(static_cast<std::size_t>(version - 1)).fill) {
            fill(db);
        }
        db.set_user_version(version);
        transaction.commit();
    }
}

} // namespace torchpin
