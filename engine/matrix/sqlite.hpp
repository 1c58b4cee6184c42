// The thin RAII layer over SQLite: the only file in torchpin that includes <sqlite3.h>.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace torchpin::sqlite {

// Any SQLite failure: the message SQLite gave, with the statement or file it concerned.
class Error : public std::runtime_error {
public:
    Error(int code, const std::string& message)
        : std::runtime_error(message)
        , code_(code) {}
    // SQLITE_CORRUPT with `message`: what torchpin finds damaged beyond SQLite's own checks.
    static Error damaged(const std::string& message);
    int code() const noexcept { return code_; }
    bool is_busy() const noexcept; // another connection holds the write lock
    // The file's own fault rather than a bug: not a SQLite database, damaged, or not writable.
    bool is_not_a_database() const noexcept; // SQLITE_NOTADB
    bool is_damaged() const noexcept;        // SQLITE_CORRUPT
    bool is_read_only() const noexcept;      // SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM

private:
    int code_;
};

// How long a connection waits for another one's lock before failing with SQLITE_BUSY.
inline constexpr int busy_timeout_ms = 10000;

class Statement;

// One connection. Open modes: a file read-only or read-write (created if asked), or a database
// image held in memory (the matrix embedded in the binary), read-only and never copied.
class Database {
public:
    enum class Mode { ReadOnly, ReadWrite, Create };

    static Database open(const std::filesystem::path& path, Mode mode);
    static Database open_image(std::span<const unsigned char> image);

    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    // Runs one or more statements that return no rows.
    void execute(std::string_view sql);
    Statement prepare(std::string_view sql);
    std::int64_t last_insert_rowid() const noexcept;
    int user_version(std::string_view schema = "main"); // of an attached database too
    void set_user_version(int version);
    // Keeps the -wal and -shm files, the WAL emptied, when this connection is the last to close,
    // instead of deleting them: the next process opens the two files rather than creating, sizing
    // and deleting both again (docs/performance.md, twelfth session).
    void keep_wal_files();
    // Attaches a database image held in memory as `schema`, read-only and never copied; detach
    // it with DETACH once no transaction is open.
    void attach_image(std::string_view schema, std::span<const unsigned char> image);
    // attach_image on `image` itself, which the connection keeps while it lives.
    void attach_owned_image(std::string_view schema, std::string image);
    // Calls `attach` the first time prepare() fails on a table that no attached database holds,
    // then prepares the statement again (execute() does not): a file or image that keeps its
    // seldom-read tables packed attaches them only for the statements that read them
    // (packed_tables.hpp).
    void attach_on_missing_table(std::function<void(Database&)> attach);
    // Runs that attach now, if it has not run: before a statement that reads every schema.
    void attach_pending();
    // How long a statement waits for another connection's lock (busy_timeout_ms from open()).
    void set_busy_timeout(int milliseconds);
    // The bytes of a database file holding the main database's committed content.
    std::string serialize();

    sqlite3* handle() const noexcept { return db_; }

private:
    explicit Database(sqlite3* db)
        : db_(db) {}
    sqlite3* db_ = nullptr;
    std::function<void(Database&)> attach_on_missing_table_;
    std::vector<std::unique_ptr<const std::string>> owned_images_; // outlive the connection
};

// A prepared statement: bind parameters (1-based), step through rows, read columns (0-based).
class Statement {
public:
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind(int index, const std::optional<std::string>& value);
    // Binds text without copying it, for loops over many rows: `value` must stay unchanged until
    // the statement is reset (run() resets it).
    Statement& bind_view(int index, std::string_view value);
    Statement& bind(int index, std::optional<std::int64_t> value);
    Statement& bind_null(int index);
    Statement& bind_blob(int index, std::string_view bytes); // copied
    // Binds `column` of `row`'s current row as it is (any type, NULL), `row` possibly of another
    // connection: copies rows between databases without knowing their columns.
    Statement& bind_column_of(int index, const Statement& row, int column);

    // Advances to the next row; false when done. Statements that return no rows: call once.
    bool step();
    // Runs a statement that returns no rows, then resets it for reuse.
    void run();
    // Clears the bindings and rewinds, keeping the compiled statement.
    void reset();

    int column_count() const;
    std::int64_t integer(int column) const;
    std::string text(int column) const;
    // The column's text without a copy, valid until the next step() or reset(); nullopt for NULL
    // (one call into SQLite, where is_null and the text make three).
    std::optional<std::string_view> optional_text_view(int column) const;
    std::optional<std::string> optional_text(int column) const;
    std::optional<std::int64_t> optional_integer(int column) const;
    bool is_null(int column) const;
    // A BLOB column's bytes, valid until the next step() or reset().
    std::string_view blob(int column) const;

private:
    friend class Database;
    Statement(sqlite3* db, sqlite3_stmt* statement)
        : db_(db)
        , statement_(statement) {}
    sqlite3* db_ = nullptr;
    sqlite3_stmt* statement_ = nullptr;
};

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() ran. A crash or an
// exception mid-import therefore leaves the database as it was. Deferred: BEGIN, for a
// connection with a read-only database attached, which BEGIN IMMEDIATE would lock for writing.
class Transaction {
public:
    enum class Start { Immediate, Deferred };
    explicit Transaction(Database& db, Start start = Start::Immediate);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

private:
    Database& db_;
    bool done_ = false;
};

} // namespace torchpin::sqlite
