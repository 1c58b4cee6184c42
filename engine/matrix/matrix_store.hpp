// The matrix database: revisioned imports, queries as of any revision, diffs and verification.
#pragma once

#include "engine/matrix/index_file.hpp"
#include "engine/matrix/revisioned_table.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace torchpin {

// Where a listing's content was read from: kind ("simple-html", "find-links", a dataset table),
// URI (URL or file path), SHA-256 of the exact bytes, when they were read (ISO 8601 UTC), and
// for people, the origin of a copy ("Whadup/arxiv_learning @ 226d096d").
struct SourceInfo {
    std::string kind;
    std::string uri;
    std::string digest;
    std::string retrieved_at;
    std::string origin;
};

// The complete current content of one listing (an index page, a data file) of one table.
struct ListingImport {
    const TableSpec* table = nullptr;
    std::string name;
    SourceInfo source;
    std::vector<RowValues> rows;
};

struct ImportRequest {
    std::vector<ListingImport> listings;
    std::string note;
    std::optional<std::string> data_as_of; // the newest date the data speaks for, YYYY-MM-DD
    std::optional<std::string> created_at; // default: now; fixed for reproducible builds
    // Runs inside the import's transaction just before it commits, whether or not a revision is
    // made, so bookkeeping kept beside the revisioned tables (update's http_cache) lands with
    // the import or not at all: [&](sqlite::Database& db) { remember_page(db, page); }.
    std::function<void(sqlite::Database&)> in_same_transaction{};
};

struct ImportResult {
    std::optional<std::int64_t> revision; // absent: nothing changed, no revision was made
    ListingChange rows;
    std::size_t listings_changed = 0;
    std::size_t listings_unchanged = 0;
};

struct RevisionInfo {
    std::int64_t number = 0;
    std::string created_at;
    std::optional<std::int64_t> parent;
    std::string note;
    std::optional<std::string> data_as_of;
    std::string content_digest;
    std::vector<SourceInfo> sources; // read for this revision
    std::int64_t wheel_files = 0;    // valid in this revision
};

// One difference between two revisions, identified by table, listing and key.
struct RowDifference {
    enum class Kind { Added, Removed, Changed };
    struct Field {
        std::string column;
        std::optional<std::string> before;
        std::optional<std::string> after;
    };
    Kind kind = Kind::Added;
    std::string table;
    std::string listing;
    std::string key;
    std::vector<Field> fields; // Changed: the columns that differ; Added/Removed: all columns
};

// Which wheel files to read. Empty fields match everything.
struct WheelQuery {
    std::optional<std::string> package{}; // PEP 503-normalized
    std::optional<std::string> backend{}; // label, "cu121"
    std::optional<std::string> version{}; // normalized, exact
};

class MatrixStore {
public:
    // Opens (and with `create`, creates) a database file and brings its schema up to date.
    // Throws InputError naming the file when it is not a torchpin matrix (another file, another
    // SQLite database, or, when not creating, an empty one), was written by a newer torchpin,
    // is locked past the busy timeout or cannot be written (database_file_problem).
    // The store holds every write to the rows' rules (write_rules.hpp).
    // While it is open, the file is unpacked: every table in it (packed_tables.hpp); closing it
    // packs the file again.
    static MatrixStore open(const std::filesystem::path& path, bool create);
    // The same for a command that only reads: it creates no rule triggers (every process would
    // parse them), unless the open migrated the schema, which writes.
    static MatrixStore open_to_read(const std::filesystem::path& path);
    // A read-only store over a database image in memory (the dataset embedded in the binary),
    // which attaches the image's second part when a statement first names one of its tables
    // (packed_tables.hpp), as a store over a packed file does.
    static MatrixStore open_image(std::span<const unsigned char> image);

    // Reads everything after this from one snapshot, in a read transaction held until the store
    // closes: SQLite otherwise takes and drops its file locks around every statement (a resolve
    // on a database file made ~570 fcntl and ~300 fstat calls). Only for a store that will not
    // be written (import begins its own transaction).
    void read_one_snapshot();

    // The newest revision, if any; with its sources and file count, or only its number (cheap).
    std::optional<RevisionInfo> latest_revision();
    std::optional<std::int64_t> latest_revision_number();
    std::optional<std::string> data_as_of(std::int64_t revision);
    // The prepared form of `revision` for `platform` (engine/matrix/prepared_matrix.hpp) in the
    // layout this build reads; nullopt where none is kept (a revision imported before schema
    // version 22 but the newest, a platform the builds do not name, another layout).
    std::optional<std::string> prepared_form(std::int64_t revision, const std::string& platform);
    std::vector<RevisionInfo> revisions();
    bool has_revision(std::int64_t number);

    // Adds one revision holding every listing's new content and its prepared forms, in one
    // transaction, or none when every listing already has exactly this content. Throws (and
    // writes nothing) on failure. After a new revision, rewrites the file with each table and
    // index in consecutive pages (VACUUM, after the commit: if that fails, say on a full disk, it
    // throws although the revision stands, and the file is as the import left it).
    ImportResult import(const ImportRequest& request);

    std::vector<IndexFile> wheel_files(const WheelQuery& query, std::int64_t revision);
    std::vector<RowDifference> diff(std::int64_t from, std::int64_t to);
    // Problems found (empty when sound): SQLite integrity, rows that break a rule of
    // write_rules.hpp (a reference to a missing source or revision, a validity range, a flag),
    // overlapping validity ranges, broken revision chain, content digests that do not
    // match their rows, citations that no citation row defines, prepared forms (of this build's
    // layout) that differ from what their revision's tables make or are missing.
    std::vector<std::string> verify();

    sqlite::Database& database() noexcept { return db_; }

    MatrixStore(MatrixStore&&) noexcept = default;
    MatrixStore& operator=(MatrixStore&&) = delete;
    ~MatrixStore();

private:
    explicit MatrixStore(sqlite::Database db)
        : db_(std::move(db)) {}
    // open and open_to_read: `writes` says whether the store will write.
    static MatrixStore open_file(const std::filesystem::path& path, bool create, bool writes);
    std::string revision_digest(std::int64_t revision);
    // Writes the prepared forms of `revision` in this build's layout, replacing any it has, in
    // the caller's transaction.
    void write_prepared_forms(std::int64_t revision);
    // The newest revision's forms, in a transaction of their own; none where its tables do not
    // load (InputError), so that the commands that do not load them still open the database.
    void prepare_newest_revision();
    void check_prepared_forms(std::vector<std::string>& problems);
    void check_citations(std::vector<std::string>& problems); // every "cites" id is defined
    sqlite::Database db_;
    // Where a store opened to write finds the file packed again, a new connection that unpacks it.
    void reopen_if_packed();
    bool packs_on_close_ = false; // a store opened to write
    std::filesystem::path path_;  // of a database file
};

// What a SQLite failure on a database file means to its user, when the file is at fault rather
// than torchpin: "not a torchpin matrix database", "locked by another process …", "cannot be
// written …". nullopt for anything else (a bug: a constraint, a malformed statement).
std::optional<std::string> database_file_problem(const sqlite::Error& error);

// The id of `source`'s row in the source table, added if it has none.
std::int64_t source_id(sqlite::Database& db, const SourceInfo& source);

// The wheel_file row of an index file, and back.
RowValues to_row(const IndexFile& file);
IndexFile wheel_file_from_row(const std::string& listing, const RowValues& row);

// "2026-11-30T05:40:12Z"
std::string utc_now_iso8601();

} // namespace torchpin
