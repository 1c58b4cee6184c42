// Generic listing replacement over revisioned tables: close what changed, insert what is new.
#include "engine/revisioned_table.hpp"

#include "engine/sha256.hpp"

#include <algorithm>
#include <unordered_map>

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

void bind_row(sqlite::Statement& statement, int first, const std::vector<Column>& columns,
              const RowValues& row) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const int index = first + static_cast<int>(i);
        if (!row[i]) {
            statement.bind_null(index);
        } else if (columns[i].type == ColumnType::Integer) {
            statement.bind(index, static_cast<std::int64_t>(std::stoll(*row[i])));
        } else {
            statement.bind(index, std::string_view(*row[i]));
        }
    }
}

} // namespace

std::vector<Column> TableSpec::columns() const {
    std::vector<Column> all = key;
    all.insert(all.end(), values.begin(), values.end());
    return all;
}

std::string content_digest(const std::vector<RowValues>& rows) {
    std::vector<std::string> lines;
    lines.reserve(rows.size());
    for (const RowValues& row : rows) {
        lines.push_back(serialize(row, row.size()));
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
    const std::vector<Column> columns = spec.columns();
    const std::size_t key_count = spec.key.size();

    struct Current {
        std::int64_t id;
        std::string values;
        bool seen = false;
    };
    std::unordered_map<std::string, Current> current;
    {
        auto select = db.prepare("SELECT id, " + column_list(columns) + " FROM " + spec.name +
                                 " WHERE listing = ?1 AND valid_to IS NULL");
        select.bind(1, std::string_view(listing));
        while (select.step()) {
            RowValues row;
            for (std::size_t i = 0; i < columns.size(); ++i) {
                row.push_back(select.optional_text(static_cast<int>(i) + 1));
            }
            current.emplace(serialize(row, key_count),
                            Current{select.integer(0), serialize(row, row.size())});
        }
    }

    std::string placeholders;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        placeholders += ", ?" + std::to_string(i + 5);
    }
    auto insert =
        db.prepare("INSERT INTO " + spec.name + " (listing, source, valid_from, valid_to, " +
                   column_list(columns) + ") VALUES (?1, ?2, ?3, ?4" + placeholders + ")");
    auto close = db.prepare("UPDATE " + spec.name + " SET valid_to = ?1 WHERE id = ?2");

    ListingChange change;
    std::unordered_map<std::string, bool> written;
    for (const RowValues& row : rows) {
        const std::string key = serialize(row, key_count);
        if (!written.emplace(key, true).second) {
            continue;
        }
        auto it = current.find(key);
        if (it != current.end()) {
            it->second.seen = true;
            if (it->second.values == serialize(row, row.size())) {
                ++change.unchanged;
                continue;
            }
            close.bind(1, revision).bind(2, it->second.id).run();
            ++change.changed;
        } else {
            ++change.added;
        }
        insert.bind(1, std::string_view(listing)).bind(2, source).bind(3, revision).bind_null(4);
        bind_row(insert, 5, columns, row);
        insert.run();
    }
    for (const auto& [key, row] : current) {
        if (!row.seen) {
            close.bind(1, revision).bind(2, row.id).run();
            ++change.removed;
        }
    }
    return change;
}

} // namespace torchpin
