// The SQL of read_rows: a declared table's decoded columns, valid at a revision.
#include "engine/matrix/table_declaration.hpp"

namespace torchpin {

std::string select_rows_sql(std::string_view table, const std::string& decoded_columns) {
    return "SELECT " + decoded_columns + " FROM " + std::string(table) + " WHERE " + valid_at(1) +
           " ORDER BY id";
}

} // namespace torchpin
