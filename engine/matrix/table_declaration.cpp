// The SQL of read_rows: a declared table's decoded columns, valid at a revision.
#include "engine/matrix/table_declaration.hpp"

namespace torchpin {

std::string select_rows_sql(std::string_view table, const std::string& decoded_columns,
                            std::string_view where) {
    return "SELECT " + decoded_columns + " FROM " + std::string(table) + " WHERE " + valid_at(1) +
           " AND (" + std::string(where) + ") ORDER BY id";
}

} // namespace torchpin
