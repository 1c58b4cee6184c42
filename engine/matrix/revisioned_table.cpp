// Generic listing replacement over revisioned tables: close what changed, insert what is new.
#include "engine/matrix/revisioned_table.hpp"

#include "engine/base/sha256.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace torchpin {

namespace {

constexpr char field_separator = '\x1f';
constexpr char null_marker = '\x1e';

std::string serialize(const RowValues& row, std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) {
        if (row[i]) {
            out += *row[i];
        } else {
            out += null_marker;
        }
        out += field_separator;
    }
    return out;
}

std::string column_list(const std::vector<Column>& columns) {
    std::string out;
    for (const Column& c : columns) {
        out += out.empty() ? "" : ", ";
        out += c.name;
    }
    return out;
}

// serialize() of the key columns and of all columns of the row the statement is on (columns
// from `first`, key columns leading).
std::pair<std::string, std::string> serialize_current(const sqlite::Statement& statement, int first,
                                                      std::size_t key_count, std::size_t count) {
    std::string key;
    std::string values;
    for (std::size_t i = 0; i < count; ++i) {
        if (i == key_count) {
            key = values;
        }
        const int column = first + static_cast<int>(i);
        if (statement.is_null(column)) {
            values += null_marker;
        } else {
            values += statement.text(column);
        }
        values += field_separator;
    }
    if (key_count >= count) {
        key = values;
    }
    return {std::move(key), std::move(values)};
}

// Binds the row's values without copying them: the rows outlive each insert.
void bind_row(sqlite::Statement& statement, int first, const std::vector<Column>& columns,
              const RowValues& row) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const int index = first + static_cast<int>(i);
        if (!row[i]) {
            statement.bind_null(index);
        } else if (is_stored_as_integer(columns[i].type)) {
            statement.bind(index, static_cast<std::int64_t>(std::stoll(*row[i])));
        } else {
            statement.bind_view(index, *row[i]);
        }
    }
}

std::string select_current_sql(const TableSpec& spec) {
    return "SELECT id, " + column_list(spec.columns()) + " FROM " + spec.name +
           " WHERE listing = ?1 AND valid_to IS NULL";
}

std::string insert_sql(const TableSpec& spec) {
    const std::vector<Column> columns = spec.columns();
    std::string placeholders;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        placeholders += ", ?" + std::to_string(i + 5);
    }
    return "INSERT INTO " + spec.name + " (listing, source, valid_from, valid_to, " +
           column_list(columns) + ") VALUES (?1, ?2, ?3, ?4" + placeholders + ")";
}

} // namespace

std::vector<Column> TableSpec::columns() const {
    std::vector<Column> all = key;
    all.insert(all.end(), values.begin(), values.end());
    return all;
}

std::string content_digest(const std::vector<RowValues>& rows, const TableSpec& spec) {
    const std::vector<Column> columns = spec.columns();
    std::vector<std::string> lines;
    lines.reserve(rows.size());
    for (const RowValues& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i < columns.size() && spec.added_later(columns[i])) {
                line += row[i] ? columns[i].name + "=" + *row[i] + field_separator : std::string();
            } else {
                line += row[i] ? *row[i] : std::string(1, null_marker);
                line += field_separator;
            }
        }
        lines.push_back(std::move(line));
    }
    std::sort(lines.begin(), lines.end());
    Sha256 digest;
    for (const std::string& line : lines) {
        digest.update(line);
        digest.update("\n");
    }
    return digest.hex();
}

std::string valid_at(int parameter) {
    const std::string p = "?" + std::to_string(parameter);
    return "(valid_from <= " + p + " AND (valid_to IS NULL OR valid_to > " + p + "))";
}

ListingChange replace_listing(sqlite::Database& db, const TableSpec& spec,
                              const std::string& listing, const std::vector<RowValues>& rows,
                              std::int64_t source, std::int64_t revision) {
    return ListingReplacer(db, spec).replace(listing, rows, source, revision);
}

ListingReplacer::ListingReplacer(sqlite::Database& db, const TableSpec& spec)
    : columns_(spec.columns())
    , key_count_(spec.key.size())
    , select_current_(db.prepare(select_current_sql(spec)))
    , insert_(db.prepare(insert_sql(spec)))
    , close_(db.prepare("UPDATE " + spec.name + " SET valid_to = ?1 WHERE id = ?2")) {}

ListingChange ListingReplacer::replace(const std::string& listing,
                                       const std::vector<RowValues>& rows, std::int64_t source,
                                       std::int64_t revision) {
    struct Current {
        std::int64_t id;
        std::string values;
        bool seen = false;
    };
    std::unordered_map<std::string, Current> current;
    select_current_.bind(1, std::string_view(listing));
    while (select_current_.step()) {
        auto [key, values] = serialize_current(select_current_, 1, key_count_, columns_.size());
        current.emplace(std::move(key), Current{select_current_.integer(0), std::move(values)});
    }
    select_current_.reset();

    ListingChange change;
    std::unordered_set<std::string> written;
    for (const RowValues& row : rows) {
        std::string key = serialize(row, key_count_);
        auto it = current.find(key);
        if (!written.insert(std::move(key)).second) {
            continue;
        }
        if (it != current.end()) {
            it->second.seen = true;
            if (it->second.values == serialize(row, row.size())) {
                ++change.unchanged;
                continue;
            }
            close_.bind(1, revision).bind(2, it->second.id).run();
            ++change.changed;
        } else {
            ++change.added;
        }
        insert_.bind_view(1, listing).bind(2, source).bind(3, revision).bind_null(4);
        bind_row(insert_, 5, columns_, row);
        insert_.run();
    }
    for (const auto& [key, row] : current) {
        if (!row.seen) {
            close_.bind(1, revision).bind(2, row.id).run();
            ++change.removed;
        }
    }
    return change;
}

} // namespace torchpin
