// The SQL of read_rows: a declared table's decoded columns, valid at a revision, filtered.
#include "engine/matrix/table_declaration.hpp"

#include <algorithm>
#include <stdexcept>

namespace torchpin {

std::string select_rows_sql(std::string_view table, const TableSpec& spec,
                            const std::string& decoded_columns,
                            const std::vector<ColumnEquals>& where, std::string_view prefix) {
    std::string sql = "SELECT " + std::string(prefix) + decoded_columns + " FROM " +
                      std::string(table) + " WHERE " + valid_at(1);
    const std::vector<Column> columns = spec.columns();
    for (std::size_t i = 0; i < where.size(); ++i) {
        const bool declared = std::any_of(columns.begin(), columns.end(), [&](const Column& c) {
            return c.name == where[i].column;
        });
        if (!declared) {
            throw std::logic_error("read_rows: " + std::string(table) + " has no column " +
                                   std::string(where[i].column));
        }
        sql += " AND " + std::string(where[i].column) + " = ?" + std::to_string(i + 2);
    }
    return sql + " ORDER BY id";
}

} // namespace torchpin
