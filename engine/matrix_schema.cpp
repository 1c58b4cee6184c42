// Migrations of the matrix database. Append new ones; never edit one that has shipped.
#include "engine/matrix_schema.hpp"

#include <stdexcept>
#include <string>

namespace torchpin {

namespace {

// Migration 1: provenance (sources, revisions, listings) and the wheel files.
constexpr const char* migration_1 = R"sql(
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

CREATE TABLE wheel_file (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    file_name TEXT NOT NULL,
    package TEXT NOT NULL,
    version TEXT NOT NULL,
    backend TEXT,
    python_tags TEXT NOT NULL,
    abi_tags TEXT NOT NULL,
    platform_tags TEXT NOT NULL,
    url TEXT NOT NULL,
    sha256 TEXT,
    requires_python TEXT,
    yanked INTEGER NOT NULL CHECK (yanked IN (0, 1)),
    yanked_reason TEXT NOT NULL,
    core_metadata TEXT,
    upload_time TEXT,
    provenance TEXT NOT NULL CHECK (provenance IN ('observed', 'derived')),
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX wheel_file_current ON wheel_file (listing, url) WHERE valid_to IS NULL;
CREATE INDEX wheel_file_package ON wheel_file (package, valid_from);
)sql";

// Migration 2: what `torchpin update` remembers per page URL (validators for conditional
// requests, the listing digest they vouch for, the variant folders the page points to). Not
// revisioned: it describes the last fetch, not the matrix; written in the import's transaction.
constexpr const char* migration_2 = R"sql(
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

const std::vector<const char*>& migrations() {
    static const std::vector<const char*> all{migration_1, migration_2};
    return all;
}

} // namespace

int latest_schema_version() noexcept {
    return static_cast<int>(migrations().size());
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
        db.execute(migrations()[static_cast<std::size_t>(version - 1)]);
        db.set_user_version(version);
        transaction.commit();
    }
}

const TableSpec& wheel_file_table() {
    static const TableSpec spec{"wheel_file",
                                {{"url"}},
                                {{"file_name"},
                                 {"package"},
                                 {"version"},
                                 {"backend"},
                                 {"python_tags"},
                                 {"abi_tags"},
                                 {"platform_tags"},
                                 {"sha256"},
                                 {"requires_python"},
                                 {"yanked", ColumnType::Integer},
                                 {"yanked_reason"},
                                 {"core_metadata"},
                                 {"upload_time"},
                                 {"provenance"}}};
    return spec;
}

const std::vector<const TableSpec*>& revisioned_tables() {
    static const std::vector<const TableSpec*> all{&wheel_file_table()};
    return all;
}

} // namespace torchpin
