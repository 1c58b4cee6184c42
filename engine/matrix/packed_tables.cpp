// packed_tables: moving a matrix file's seldom-read tables into one row and back.
#include "engine/matrix/packed_tables.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace torchpin {

namespace {

// A table's name and the SQL that made it and its indexes (not those of its constraints).
struct TableDefinition {
    std::string name;
    std::string sql;
    std::vector<std::string> index_sql;
};

// The tables of `schema` that `keep` accepts, in the order they were made (not SQLite's own).
template <class Keep>
std::vector<TableDefinition> definitions(sqlite::Database& db, std::string_view schema, Keep keep) {
    const std::string schema_table = std::string(schema) + ".sqlite_schema";
    auto tables = db.prepare("SELECT name, sql FROM " + schema_table +
                             " WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                             "ORDER BY rowid");
    std::vector<TableDefinition> found;
    while (tables.step()) {
        if (keep(tables.text(0))) {
            found.push_back({tables.text(0), tables.text(1), {}});
        }
    }
    auto indexes = db.prepare("SELECT sql FROM " + schema_table +
                              " WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL "
                              "ORDER BY rowid");
    for (TableDefinition& table : found) {
        indexes.reset();
        indexes.bind(1, table.name);
        while (indexes.step()) {
            table.index_sql.push_back(indexes.text(0));
        }
    }
    return found;
}

// Makes `table` in `into`'s main database with the rows of `from`'s, then its indexes.
void copy_table(sqlite::Database& from, sqlite::Database& into, const TableDefinition& table) {
    into.execute(table.sql);
    auto rows = from.prepare("SELECT * FROM main.\"" + table.name + "\"");
    std::string places;
    for (int column = 0; column < rows.column_count(); ++column) {
        places += column == 0 ? "?" : ", ?";
    }
    auto insert = into.prepare("INSERT INTO main.\"" + table.name + "\" VALUES (" + places + ")");
    while (rows.step()) {
        for (int column = 0; column < rows.column_count(); ++column) {
            insert.bind_column_of(column + 1, rows, column);
        }
        insert.run();
    }
    for (const std::string& index : table.index_sql) {
        into.execute(index);
    }
}

// Whether `schema` has the table that holds a packed part (a file before version 26 has not).
bool has_part_table(sqlite::Database& db, std::string_view schema) {
    auto select = db.prepare("SELECT count(*) FROM " + std::string(schema) +
                             ".sqlite_schema WHERE type = 'table' AND name = ?1");
    select.bind(1, packed_part_table);
    select.step();
    return select.integer(0) > 0;
}

bool is_packed(std::string_view table) {
    return !is_read_by_every_command(table) && table != packed_part_table;
}

} // namespace

bool is_read_by_every_command(std::string_view table) {
    static constexpr std::array<std::string_view, 9> tables{
        "source",         "revision",          "revision_source",   "listing",        "wheel_file",
        "wheel_metadata", "index_build_union", "wheel_group_union", "prepared_matrix"};
    return std::ranges::find(tables, table) != tables.end();
}

std::optional<std::string> packed_part(sqlite::Database& db, std::string_view schema) {
    if (!has_part_table(db, schema)) {
        return std::nullopt;
    }
    auto select = db.prepare("SELECT bytes FROM " + std::string(schema) + "." +
                             std::string(packed_part_table));
    if (!select.step()) {
        return std::nullopt;
    }
    return std::string(select.blob(0));
}

bool has_packed_part(sqlite::Database& db) {
    if (!has_part_table(db, "main")) {
        return false;
    }
    auto has_row = db.prepare("SELECT count(*) FROM main." + std::string(packed_part_table));
    has_row.step();
    return has_row.integer(0) > 0;
}

void attach_packed_part(sqlite::Database& db) {
    std::optional<std::string> bytes = packed_part(db);
    if (!bytes) {
        return;
    }
    db.attach_owned_image("image_rest", std::move(*bytes));
    int version = 0;
    try {
        version = db.user_version("image_rest"); // reads its header
    } catch (const sqlite::Error& error) {
        if (!error.is_not_a_database() && !error.is_damaged()) {
            throw;
        }
        throw sqlite::Error::damaged("its packed tables (image_rest): " +
                                     std::string(error.what()));
    }
    if (version != db.user_version()) {
        throw sqlite::Error::damaged("its packed tables (image_rest) have schema version " +
                                     std::to_string(version) + ", the file " +
                                     std::to_string(db.user_version()));
    }
}

void pack_seldom_read_tables(sqlite::Database& db) {
    if (has_packed_part(db)) {
        return; // packed already (by another store that had the file open): its part stays
    }
    auto part = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    const std::vector<TableDefinition> tables = definitions(db, "main", is_packed);
    for (const TableDefinition& table : tables) {
        copy_table(db, part, table);
    }
    part.set_user_version(db.user_version());
    const std::string bytes = part.serialize();
    for (const TableDefinition& table : tables) {
        db.execute("DROP TABLE main.\"" + table.name + "\"");
    }
    db.execute("DELETE FROM main." + std::string(packed_part_table));
    db.prepare("INSERT INTO main." + std::string(packed_part_table) + " (bytes) VALUES (?1)")
        .bind_blob(1, bytes)
        .run();
}

bool unpack_seldom_read_tables(sqlite::Database& db) {
    const std::optional<std::string> bytes = packed_part(db);
    if (!bytes) {
        return false;
    }
    auto part = sqlite::Database::open_image(
        {reinterpret_cast<const unsigned char*>(bytes->data()), bytes->size()});
    for (const TableDefinition& table :
         definitions(part, "main", [](std::string_view) { return true; })) {
        copy_table(part, db, table);
    }
    db.execute("DELETE FROM main." + std::string(packed_part_table));
    return true;
}

} // namespace torchpin
