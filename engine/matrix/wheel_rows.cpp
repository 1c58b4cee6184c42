// wheel_file rows decoded by the table's declaration, with their listing.
#include "engine/matrix/wheel_rows.hpp"

#include "engine/matrix/dataset_tables.hpp"

namespace torchpin {

std::string wheel_row_select() {
    return "SELECT id, listing, " + dataset_columns::wheel_file.decoded_columns() +
           " FROM wheel_file";
}

IndexFile wheel_row(const sqlite::Statement& row) {
    IndexFile file = dataset_columns::wheel_file.decode(row, 2);
    file.listing = row.text(1);
    return file;
}

std::int64_t wheel_row_id(const sqlite::Statement& row) {
    return row.integer(0);
}

} // namespace torchpin
