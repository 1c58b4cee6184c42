// The embedded matrix's read-only image: written from a matrix file, its rows copied into one.
#include "engine/matrix/read_only_image.hpp"

#include "engine/base/durable_file.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/packed_tables.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace torchpin {

namespace {

// `name` as an SQL identifier: in double quotes, a quote in it doubled.
std::string sql_name(std::string_view name) {
    std::string out = "\"";
    for (const char c : name) {
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return out + "\"";
}

// The tables of `schema` (not SQLite's own), in the order they were created.
std::vector<std::string> table_names(sqlite::Database& db, std::string_view schema) {
    auto select = db.prepare("SELECT name FROM " + std::string(schema) +
                             ".sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
                             "ESCAPE '\\' ORDER BY rowid");
    std::vector<std::string> names;
    while (select.step()) {
        names.push_back(select.text(0));
    }
    return names;
}

struct ColumnInfo {
    std::string name;
    std::string type;
    int key_position = 0; // 1, 2, …: its place in the primary key; 0: not in it
};

std::vector<ColumnInfo> columns_of(sqlite::Database& db, std::string_view schema,
                                   const std::string& table) {
    auto select = db.prepare("SELECT name, type, pk FROM pragma_table_xinfo(?1, ?2) "
                             "WHERE hidden = 0 ORDER BY cid");
    select.bind(1, table).bind(2, schema);
    std::vector<ColumnInfo> columns;
    while (select.step()) {
        columns.push_back({select.text(0), select.text(1), static_cast<int>(select.integer(2))});
    }
    return columns;
}

// "a, b, c": the columns' names, quoted.
std::string column_list(const std::vector<ColumnInfo>& columns) {
    std::string list;
    for (const ColumnInfo& column : columns) {
        list += (list.empty() ? "" : ", ") + sql_name(column.name);
    }
    return list;
}

// CREATE TABLE for `table` of `schema` with its columns, types, primary key and options (STRICT,
// WITHOUT ROWID) and nothing else.
std::string unconstrained_table_sql(sqlite::Database& db, std::string_view schema,
                                    const std::string& table) {
    auto options =
        db.prepare("SELECT wr, strict FROM pragma_table_list WHERE name = ?1 AND schema = ?2");
    options.bind(1, table).bind(2, schema);
    options.step();
    const bool without_rowid = options.integer(0) != 0;
    const bool strict = options.integer(1) != 0;

    std::vector<ColumnInfo> columns = columns_of(db, schema, table);
    std::vector<ColumnInfo> key;
    std::copy_if(columns.begin(), columns.end(), std::back_inserter(key),
                 [](const ColumnInfo& c) { return c.key_position > 0; });
    std::ranges::sort(key, {}, &ColumnInfo::key_position);
    // An INTEGER PRIMARY KEY is the rowid itself, which keeps the rows' ids and order.
    const bool rowid_alias = !without_rowid && key.size() == 1 && key[0].type == "INTEGER";

    std::string sql = "CREATE TABLE " + sql_name(table) + " (";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        sql += (i == 0 ? "" : ", ") + sql_name(columns[i].name);
        if (!columns[i].type.empty()) {
            sql += " " + columns[i].type;
        }
        if (rowid_alias && columns[i].key_position == 1) {
            sql += " PRIMARY KEY";
        }
    }
    if (!rowid_alias && !key.empty()) {
        sql += ", PRIMARY KEY (" + column_list(key) + ")";
    }
    sql += ")";
    if (strict) {
        sql += " STRICT";
    }
    if (without_rowid) {
        sql += strict ? ", WITHOUT ROWID" : " WITHOUT ROWID";
    }
    return sql;
}

// The CREATE INDEX statements of `table` in `schema` that reads can use: those a CREATE INDEX
// made (not a UNIQUE or PRIMARY KEY constraint) and that are not partial.
std::vector<std::string> read_index_sql(sqlite::Database& db, std::string_view schema,
                                        const std::string& table) {
    auto indexes = db.prepare("SELECT i.name, s.sql FROM pragma_index_list(?1, ?2) AS i JOIN " +
                              std::string(schema) +
                              ".sqlite_schema AS s ON s.type = 'index' AND s.name = i.name "
                              "WHERE i.origin = 'c' AND i.partial = 0 ORDER BY s.rowid");
    indexes.bind(1, table).bind(2, schema);
    std::vector<std::string> statements;
    while (indexes.step()) {
        const std::string name = indexes.text(0);
        auto expressions = db.prepare("SELECT count(*) FROM pragma_index_xinfo(?1, ?2) "
                                      "WHERE cid = -2");
        expressions.bind(1, name).bind(2, schema);
        expressions.step();
        if (expressions.integer(0) > 0) {
            throw std::runtime_error("index " + name + " is on an expression, which a read-only " +
                                     "image does not copy");
        }
        statements.push_back(indexes.text(1));
    }
    return statements;
}

// Detaches `schema` when it goes, after the transaction that read it.
class Attachment {
public:
    Attachment(sqlite::Database& db, std::string schema)
        : db_(db)
        , schema_(std::move(schema)) {}
    Attachment(const Attachment&) = delete;
    Attachment& operator=(const Attachment&) = delete;
    ~Attachment() {
        try {
            db_.execute("DETACH " + schema_);
        } catch (const sqlite::Error&) { // only while a failure unwinds: the connection closes
        }
    }

private:
    sqlite::Database& db_;
    std::string schema_;
};

// The table of the first part that holds the second.
constexpr std::string_view rest_table = packed_part_table;

// The schemas that hold the tables of the matrix database or image attached as `schema`: it, and
// where it keeps tables packed (packed_tables.hpp), their part, attached as `packed_schema` until
// `attachment` goes.
std::vector<std::string> parts_of(sqlite::Database& db, const std::string& schema,
                                  const std::string& packed_schema,
                                  std::optional<Attachment>& attachment) {
    std::vector<std::string> parts{schema};
    if (std::optional<std::string> packed = packed_part(db, schema)) {
        db.attach_owned_image(packed_schema, std::move(*packed));
        attachment.emplace(db, packed_schema);
        parts.push_back(packed_schema);
    }
    return parts;
}

// Writes a new database file at `path` with the tables of `full` (attached as "whole") that
// `wanted` names, unconstrained, with their rows and the indexes reads use, and, where given, the
// table that holds `second_part`.
template <class Wanted>
void write_tables(const std::filesystem::path& full, const std::filesystem::path& path,
                  Wanted wanted, std::optional<std::string_view> second_part = std::nullopt) {
    auto image = sqlite::Database::open(path, sqlite::Database::Mode::Create);
    {
        image.prepare("ATTACH ?1 AS whole").bind(1, utf8_of(full)).run();
        Attachment attached(image, "whole");
        const int version = image.user_version("whole");
        if (version == 0) {
            throw std::runtime_error(utf8_of(full) + " is not a matrix database");
        }
        std::optional<Attachment> packed_attached;
        const std::vector<std::string> parts =
            parts_of(image, "whole", "whole_packed", packed_attached);
        // Deferred: the packed part is attached read-only.
        sqlite::Transaction transaction(image, sqlite::Transaction::Start::Deferred);
        for (const std::string& part : parts) {
            for (const std::string& table : table_names(image, part)) {
                if (table == rest_table || !wanted(table)) {
                    continue;
                }
                image.execute(unconstrained_table_sql(image, part, table));
                const std::string columns = column_list(columns_of(image, part, table));
                image.execute("INSERT INTO main." + sql_name(table) + " (" + columns + ") SELECT " +
                              columns + " FROM " + part + "." + sql_name(table));
                for (const std::string& index : read_index_sql(image, part, table)) {
                    image.execute(index); // unqualified: on main's table of that name
                }
            }
        }
        if (second_part) {
            image.execute("CREATE TABLE " + std::string(rest_table) + " (bytes BLOB)");
            image.prepare("INSERT INTO " + std::string(rest_table) + " (bytes) VALUES (?1)")
                .bind_blob(1, *second_part)
                .run();
        }
        image.set_user_version(version);
        transaction.commit();
    }
    image.execute("VACUUM"); // compact, and the same bytes from the same content
}

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in.good() && !in.eof()) {
        throw std::runtime_error("cannot read " + utf8_of(path));
    }
    return bytes;
}

// The image in two parts: the tables every command reads in the file itself, the rest as a
// database of their own in its `image_rest` table.
void write_image_file(const std::filesystem::path& full, const std::filesystem::path& path) {
    std::filesystem::path rest_path = path;
    rest_path += ".rest";
    std::filesystem::remove(rest_path);
    std::string rest;
    try {
        write_tables(full, rest_path,
                     [](std::string_view table) { return !is_read_by_every_command(table); });
        rest = file_bytes(rest_path);
    } catch (...) {
        std::filesystem::remove(rest_path);
        throw;
    }
    std::filesystem::remove(rest_path);
    write_tables(full, path, is_read_by_every_command, rest);
}

} // namespace

void write_read_only_image(const std::filesystem::path& full, const std::filesystem::path& image) {
    if (!std::filesystem::is_regular_file(full)) { // ATTACH would make an empty one
        throw std::runtime_error("no matrix database " + utf8_of(full));
    }
    std::filesystem::path partial = image;
    partial += ".partial";
    std::filesystem::remove(partial);
    try {
        write_image_file(full, partial);
    } catch (...) {
        std::filesystem::remove(partial);
        throw;
    }
    if (const auto error = replace_file(partial, image)) {
        std::filesystem::remove(partial);
        throw std::runtime_error("cannot write " + utf8_of(image) + ": " + error.message());
    }
}

void copy_image_rows(sqlite::Database& into, std::span<const unsigned char> image) {
    into.attach_image("image", image);
    Attachment attached(into, "image");
    std::optional<Attachment> rest_attached;
    const std::vector<std::string> parts = parts_of(into, "image", "image_rest", rest_attached);
    const int version = into.user_version();
    for (const std::string& part : parts) {
        if (const int image_version = into.user_version(part); image_version != version) {
            throw std::runtime_error("the embedded matrix has schema version " +
                                     std::to_string(image_version) + ", the new database " +
                                     std::to_string(version));
        }
    }
    sqlite::Transaction transaction(into, sqlite::Transaction::Start::Deferred);
    // In the order the migrations created the tables, so sources and revisions (in the first
    // part) come before the rows that name them (the rules of `into`, write_rules.hpp, check
    // each row as it comes).
    for (const std::string& part : parts) {
        for (const std::string& table : table_names(into, part)) {
            if (table == rest_table) {
                continue;
            }
            const std::string columns = column_list(columns_of(into, part, table));
            into.execute("INSERT INTO main." + sql_name(table) + " (" + columns + ") SELECT " +
                         columns + " FROM " + part + "." + sql_name(table));
        }
    }
    transaction.commit();
}

} // namespace torchpin
