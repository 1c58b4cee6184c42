// SQLite RAII wrappers: connections, prepared statements and transactions, errors as exceptions.
#include "engine/matrix/sqlite.hpp"

#include "engine/base/utf8_path.hpp"

#include <utility>

#include <sqlite3.h>

namespace torchpin::sqlite {

namespace {

[[noreturn]] void fail(sqlite3* db, int code, std::string_view context) {
    std::string message(context);
    message += ": ";
    message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    throw Error(code, message);
}

void check(sqlite3* db, int code, std::string_view context) {
    if (code != SQLITE_OK) {
        fail(db, code, context);
    }
}

// Before SQLite's first connection: no memory statistics, which torchpin never reads and SQLite
// otherwise keeps under a mutex on every allocation (~0.5 M instructions per resolve). Once SQLite
// is initialized the call is refused, harmlessly.
void configure_before_first_use() {
    static const int configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    static_cast<void>(configured);
}

// Makes `schema` of `db` the image, read in place: READONLY, so SQLite never writes to it and no
// copy is needed.
void deserialize(sqlite3* db, std::string_view schema, std::span<const unsigned char> image) {
    auto* bytes = const_cast<unsigned char*>(image.data());
    const auto size = static_cast<sqlite3_int64>(image.size());
    check(db,
          sqlite3_deserialize(db, std::string(schema).c_str(), bytes, size, size,
                              SQLITE_DESERIALIZE_READONLY),
          "cannot load the embedded matrix");
}

} // namespace

bool Error::is_busy() const noexcept {
    return (code_ & 0xff) == SQLITE_BUSY || (code_ & 0xff) == SQLITE_LOCKED;
}

bool Error::is_not_a_database() const noexcept {
    return (code_ & 0xff) == SQLITE_NOTADB;
}

bool Error::is_damaged() const noexcept {
    return (code_ & 0xff) == SQLITE_CORRUPT;
}

Error Error::damaged(const std::string& message) {
    return Error(SQLITE_CORRUPT, message);
}

bool Error::is_read_only() const noexcept {
    const int primary = code_ & 0xff;
    return primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN || primary == SQLITE_PERM;
}

Database Database::open(const std::filesystem::path& path, Mode mode) {
    configure_before_first_use();
    int flags = SQLITE_OPEN_NOMUTEX;
    flags |= mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (mode == Mode::Create) {
        flags |= SQLITE_OPEN_CREATE;
    }
    sqlite3* db = nullptr;
    const int code = sqlite3_open_v2(utf8_of(path).c_str(), &db, flags, nullptr);
    Database database(db);
    check(db, code, "cannot open " + utf8_of(path));
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, busy_timeout_ms);
    database.execute("PRAGMA foreign_keys = ON");
    return database;
}

Database Database::open_image(std::span<const unsigned char> image) {
    configure_before_first_use();
    sqlite3* db = nullptr;
    check(nullptr,
          sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr),
          "cannot open an in-memory database");
    Database database(db);
    deserialize(db, "main", image);
    // Its pages are then read where they lie (memdb's xFetch), not copied into the page cache:
    // ~100 fewer page faults per process (docs/performance.md).
    database.execute("PRAGMA mmap_size = " + std::to_string(image.size()));
    database.execute("PRAGMA foreign_keys = ON");
    return database;
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr))
    , attach_on_missing_table_(std::move(other.attach_on_missing_table_))
    , owned_images_(std::move(other.owned_images_)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        attach_on_missing_table_ = std::move(other.attach_on_missing_table_);
        owned_images_ = std::move(other.owned_images_);
    }
    return *this;
}

Database::~Database() {
    sqlite3_close_v2(db_);
}

void Database::execute(std::string_view sql) {
    char* error = nullptr;
    const int code = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error);
    if (code != SQLITE_OK) {
        std::string message = error != nullptr ? error : sqlite3_errstr(code);
        sqlite3_free(error);
        throw Error(code, message + " (in: " + std::string(sql.substr(0, 80)) + ")");
    }
}

Statement Database::prepare(std::string_view sql) {
    sqlite3_stmt* statement = nullptr;
    const auto compile = [&] {
        return sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement,
                                  nullptr);
    };
    int code = compile();
    if (code != SQLITE_OK && attach_on_missing_table_ &&
        std::string_view(sqlite3_errmsg(db_)).starts_with("no such table")) {
        std::exchange(attach_on_missing_table_, nullptr)(*this);
        code = compile();
    }
    check(db_, code, "cannot prepare: " + std::string(sql.substr(0, 80)));
    return Statement(db_, statement);
}

std::int64_t Database::last_insert_rowid() const noexcept {
    return sqlite3_last_insert_rowid(db_);
}

int Database::user_version(std::string_view schema) {
    Statement statement = prepare("PRAGMA " + std::string(schema) + ".user_version");
    statement.step();
    return static_cast<int>(statement.integer(0));
}

void Database::set_user_version(int version) {
    execute("PRAGMA user_version = " + std::to_string(version));
}

void Database::keep_wal_files() {
    execute("PRAGMA journal_size_limit = 0"); // a kept WAL is truncated when it closes
    int keep = 1;
    check(db_, sqlite3_file_control(db_, "main", SQLITE_FCNTL_PERSIST_WAL, &keep),
          "keeping the WAL files");
}

void Database::attach_image(std::string_view schema, std::span<const unsigned char> image) {
    execute("ATTACH ':memory:' AS " + std::string(schema));
    deserialize(db_, schema, image);
}

void Database::attach_owned_image(std::string_view schema, std::string image) {
    const auto& kept =
        owned_images_.emplace_back(std::make_unique<const std::string>(std::move(image)));
    attach_image(schema, {reinterpret_cast<const unsigned char*>(kept->data()), kept->size()});
}

void Database::attach_on_missing_table(std::function<void(Database&)> attach) {
    attach_on_missing_table_ = std::move(attach);
}

void Database::attach_pending() {
    if (attach_on_missing_table_) {
        std::exchange(attach_on_missing_table_, nullptr)(*this);
    }
}

void Database::set_busy_timeout(int milliseconds) {
    sqlite3_busy_timeout(db_, milliseconds);
}

std::string Database::serialize() {
    sqlite3_int64 size = 0;
    unsigned char* bytes = sqlite3_serialize(db_, "main", &size, 0);
    if (bytes == nullptr) {
        throw Error(SQLITE_NOMEM, "cannot serialize the database");
    }
    std::string out(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
    sqlite3_free(bytes);
    return out;
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_)
    , statement_(std::exchange(other.statement_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(statement_);
        db_ = other.db_;
        statement_ = std::exchange(other.statement_, nullptr);
    }
    return *this;
}

Statement::~Statement() {
    sqlite3_finalize(statement_);
}

Statement& Statement::bind(int index, std::int64_t value) {
    check(db_, sqlite3_bind_int64(statement_, index, value), "bind");
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    check(db_,
          sqlite3_bind_text64(statement_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                              SQLITE_UTF8),
          "bind");
    return *this;
}

Statement& Statement::bind_view(int index, std::string_view value) {
    check(db_,
          sqlite3_bind_text64(statement_, index, value.data(), value.size(), SQLITE_STATIC,
                              SQLITE_UTF8),
          "bind");
    return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
    check(db_, sqlite3_bind_blob64(statement_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT),
          "bind");
    return *this;
}

Statement& Statement::bind_column_of(int index, const Statement& row, int column) {
    check(db_, sqlite3_bind_value(statement_, index, sqlite3_column_value(row.statement_, column)),
          "bind");
    return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& value) {
    return value ? bind(index, std::string_view(*value)) : bind_null(index);
}

Statement& Statement::bind(int index, std::optional<std::int64_t> value) {
    return value ? bind(index, *value) : bind_null(index);
}

Statement& Statement::bind_null(int index) {
    check(db_, sqlite3_bind_null(statement_, index), "bind");
    return *this;
}

bool Statement::step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) {
        return true;
    }
    if (code == SQLITE_DONE) {
        return false;
    }
    fail(db_, code, std::string("cannot run: ") + sqlite3_sql(statement_));
}

void Statement::run() {
    step();
    reset();
}

void Statement::reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

int Statement::column_count() const {
    return sqlite3_column_count(statement_);
}

std::int64_t Statement::integer(int column) const {
    return sqlite3_column_int64(statement_, column);
}

std::string Statement::text(int column) const {
    return std::string(optional_text_view(column).value_or(std::string_view()));
}

std::optional<std::string_view> Statement::optional_text_view(int column) const {
    const auto* text = sqlite3_column_text(statement_, column);
    if (text == nullptr) { // NULL: the tables are STRICT, so no text column holds a BLOB
        return std::nullopt;
    }
    return std::string_view(reinterpret_cast<const char*>(text),
                            static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

std::string_view Statement::blob(int column) const {
    const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement_, column));
    return {bytes, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

std::optional<std::string> Statement::optional_text(int column) const {
    const auto text = optional_text_view(column);
    return text ? std::optional<std::string>(*text) : std::nullopt;
}

std::optional<std::int64_t> Statement::optional_integer(int column) const {
    return is_null(column) ? std::nullopt : std::optional<std::int64_t>(integer(column));
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db, Start start)
    : db_(db) {
    db_.execute(start == Start::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
    if (!done_) {
        try {
            db_.execute("ROLLBACK");
        } catch (const Error&) {
            // The connection is closing or the transaction already ended; nothing to undo.
        }
    }
}

void Transaction::commit() {
    db_.execute("COMMIT");
    done_ = true;
}

} // namespace torchpin::sqlite
