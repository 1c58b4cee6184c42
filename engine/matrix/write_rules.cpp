// write_rules: the rules of the matrix's rows, derived from the table declarations, as triggers
// and as checks of stored rows.
#include "engine/matrix/write_rules.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <regex>
#include <set>
#include <stdexcept>

namespace torchpin {

namespace {

// A condition every row of `table` meets, as a CHECK constraint states one: `holds` is SQL whose
// columns are written "$.column" (a NULL result passes, as in a CHECK).
struct RowCheck {
    std::string table;
    std::string what; // what a breaking row does wrong, for messages: "valid_to is not after ..."
    std::string holds;
};

// A column of `table` that names a row of `parent` by `key`, as a foreign key does: a non-NULL
// value must be some row's key, and a row whose key is named cannot be deleted or rekeyed.
struct RowReference {
    std::string table;
    std::string column;
    std::string parent;
    std::string key;
};

struct WriteRules {
    std::vector<RowCheck> checks;
    std::vector<RowReference> references;
};

// A revisioned table's bookkeeping: its validity range, and the source and revisions it names.
void add_revisioned(WriteRules& rules, const std::string& table) {
    rules.checks.push_back({table, "valid_to is not after valid_from",
                            "$.valid_to IS NULL OR $.valid_to > $.valid_from"});
    rules.references.push_back({table, "source", "source", "id"});
    rules.references.push_back({table, "valid_from", "revision", "number"});
    rules.references.push_back({table, "valid_to", "revision", "number"});
}

WriteRules make_write_rules() {
    WriteRules rules;
    rules.references.push_back({"revision", "parent", "revision", "number"});
    rules.references.push_back({"revision_source", "revision", "revision", "number"});
    rules.references.push_back({"revision_source", "source", "source", "id"});
    add_revisioned(rules, "listing");
    rules.checks.push_back({"http_cache", "has neither an etag nor a last-modified date",
                            "$.etag IS NOT NULL OR $.last_modified IS NOT NULL"});
    rules.references.push_back({"prepared_matrix", "revision", "revision", "number"});
    for (const TableSpec* spec : stored_tables()) {
        add_revisioned(rules, spec->name);
        for (const Column& column : spec->columns()) {
            if (column.type == ValueType::Flag) {
                rules.checks.push_back({spec->name, column.name + " is not 0 or 1",
                                        "$." + column.name + " IN (0, 1)"});
            }
        }
    }
    return rules;
}

// Every rule, for the tables of the newest schema, made once.
const WriteRules& write_rules() {
    static const WriteRules rules = make_write_rules();
    return rules;
}

// `sql` with each "$." read as `row` ("NEW.", "t.").
std::string with_row(const std::string& sql, const std::string& row) {
    std::string out;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        if (sql.compare(i, 2, "$.") == 0) {
            out += row;
            ++i;
        } else {
            out += sql[i];
        }
    }
    return out;
}

// The SQL condition true of a row, read through `row`, that breaks `check` or `reference` (its
// parent table named with `schema`: "main." in a TEMP trigger; "" where it may be an attached
// database's, as in a packed part of a file or image, packed_tables.hpp).
std::string breaks(const RowCheck& check, const std::string& row) {
    return "NOT (" + with_row(check.holds, row) + ")";
}
std::string breaks(const RowReference& reference, const std::string& row,
                   const std::string& schema) {
    const std::string value = row + reference.column;
    return value + " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " + schema + reference.parent +
           " AS p WHERE p." + reference.key + " = " + value + ")";
}

std::string what(const RowCheck& check) {
    return check.what;
}
std::string what(const RowReference& reference) {
    return reference.column + " names no " + reference.parent + " row";
}

// A trigger statement that fails the write with "`table`: `message`" when `condition` holds.
std::string fail_when(const std::string& table, const std::string& message,
                      const std::string& condition) {
    return "SELECT RAISE(ABORT, '" + table + ": " + message + "') WHERE " + condition + ";\n";
}

// The tables that rules name, each once, in the order the rules first name them.
std::vector<std::string> ruled_tables(const WriteRules& rules) {
    std::vector<std::string> tables;
    std::set<std::string> seen;
    const auto add = [&](const std::string& table) {
        if (seen.insert(table).second) {
            tables.push_back(table);
        }
    };
    for (const RowReference& reference : rules.references) {
        add(reference.table);
    }
    for (const RowCheck& check : rules.checks) {
        add(check.table);
    }
    return tables;
}

// CREATE TEMP TRIGGER `name` `event` ON main.`table`, running `body` (one statement or more)
// where the SQL condition `when` holds ("": always).
std::string trigger_sql(const std::string& name, const std::string& event, const std::string& table,
                        const std::string& body, const std::string& when = "") {
    return "CREATE TEMP TRIGGER torchpin_rules_" + name + " " + event + " ON main." + table +
           (when.empty() ? "" : " WHEN " + when) + " BEGIN\n" + body + "END;\n";
}

// What SQLite says of a table's columns, one line each: name, type, NOT NULL, default, key place.
std::string columns_of(sqlite::Database& db, const std::string& table) {
    auto select = db.prepare("SELECT name, type, \"notnull\", quote(dflt_value), pk "
                             "FROM pragma_table_xinfo(?1) ORDER BY cid");
    select.bind(1, table);
    std::string columns;
    while (select.step()) {
        columns += select.text(0) + ' ' + select.text(1) + ' ' + select.text(2) + ' ' +
                   select.text(3) + ' ' + select.text(4) + '\n';
    }
    return columns;
}

// `sql` (a CREATE TABLE the migrations wrote) without its constraints: "REFERENCES t(c)" after a
// column, a flag's "CHECK (c IN (0, 1))", and a table's ", CHECK (...)" (none nests parentheses).
std::string without_constraints(const std::string& sql) {
    static const std::regex reference(R"( REFERENCES \w+ ?\(\w+\))");
    static const std::regex flag_check(R"( CHECK ?\(\w+ IN \(0, ?1\)\))");
    static const std::regex table_check(R"(,\s*CHECK ?\([^()]*\))");
    return std::regex_replace(
        std::regex_replace(std::regex_replace(sql, reference, ""), flag_check, ""), table_check,
        "");
}

} // namespace

void remove_declared_constraints(sqlite::Database& db) {
    struct Table {
        std::string name;
        std::string sql;
        std::string columns;
    };
    std::vector<Table> tables;
    auto select = db.prepare("SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND "
                             "name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid");
    while (select.step()) {
        tables.push_back({select.text(0), select.text(1), ""});
    }
    for (Table& table : tables) {
        table.columns = columns_of(db, table.name);
    }
    auto version = db.prepare("PRAGMA main.schema_version");
    version.step();
    const std::int64_t schema_version = version.integer(0);
    db.execute("PRAGMA writable_schema = ON");
    auto update =
        db.prepare("UPDATE main.sqlite_schema SET sql = ?1 WHERE type = 'table' AND name = ?2");
    for (const Table& table : tables) {
        update.reset();
        update.bind(1, without_constraints(table.sql)).bind(2, table.name);
        update.step();
    }
    db.execute("PRAGMA main.schema_version = " + std::to_string(schema_version + 1));
    db.execute("PRAGMA writable_schema = OFF");
    for (const Table& table : tables) {
        auto stored = db.prepare("SELECT sql FROM main.sqlite_schema WHERE name = ?1");
        stored.bind(1, table.name);
        stored.step();
        const std::string sql = stored.text(0);
        if (sql.find("CHECK") != std::string::npos || sql.find("REFERENCES") != std::string::npos ||
            columns_of(db, table.name) != table.columns) {
            throw std::logic_error("schema version 24: table " + table.name +
                                   " keeps a constraint or would change its columns: " + sql);
        }
    }
}

void create_write_triggers(sqlite::Database& db) {
    const WriteRules& rules = write_rules();
    std::string sql;
    for (const std::string& table : ruled_tables(rules)) {
        std::string body;
        for (const RowReference& reference : rules.references) {
            if (reference.table == table) {
                body += fail_when(table, what(reference), breaks(reference, "NEW.", "main."));
            }
        }
        for (const RowCheck& check : rules.checks) {
            if (check.table == table) {
                body += fail_when(table, what(check), breaks(check, "NEW."));
            }
        }
        sql += trigger_sql(table + "_insert", "BEFORE INSERT", table, body);
        sql += trigger_sql(table + "_update", "BEFORE UPDATE", table, body);
    }
    for (const std::string parent : {"source", "revision"}) {
        std::string body;
        std::string key;
        for (const RowReference& reference : rules.references) {
            if (reference.parent == parent) {
                key = reference.key;
                body += fail_when(
                    parent, "a row of " + reference.table + " names it by " + reference.column,
                    "EXISTS (SELECT 1 FROM main." + reference.table + " AS t WHERE t." +
                        reference.column + " = OLD." + reference.key + ")");
            }
        }
        sql += trigger_sql(parent + "_delete", "BEFORE DELETE", parent, body);
        sql += trigger_sql(parent + "_rekey", "BEFORE UPDATE OF " + key, parent, body,
                           "NEW." + key + " IS NOT OLD." + key);
    }
    db.execute(sql);
}

std::vector<std::string> broken_write_rules(sqlite::Database& db) {
    std::vector<std::string> problems;
    const auto count = [&](const std::string& table, const std::string& message,
                           const std::string& condition) {
        auto select = db.prepare("SELECT count(*) FROM " + table + " AS t WHERE " + condition);
        select.step();
        if (const std::int64_t rows = select.integer(0); rows > 0) {
            problems.push_back(table + ": " + std::to_string(rows) +
                               (rows == 1 ? " row: " : " rows: ") + message);
        }
    };
    const WriteRules& rules = write_rules();
    for (const RowReference& reference : rules.references) {
        count(reference.table, what(reference), breaks(reference, "t.", ""));
    }
    for (const RowCheck& check : rules.checks) {
        count(check.table, what(check), breaks(check, "t."));
    }
    return problems;
}

} // namespace torchpin
