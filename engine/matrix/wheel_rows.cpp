// wheel_file rows decoded by the table's declaration, with their listing.
#include "engine/matrix/wheel_rows.hpp"

#include "engine/matrix/dataset_tables.hpp"

namespace torchpin {

std::string wheel_row_select() {
    return "SELECT listing, " + dataset_columns::wheel_file.decoded_columns() + " FROM wheel_file";
}

IndexFile wheel_row(const sqlite::Statement& row) {
    IndexFile file = dataset_columns::wheel_file.decode(row, 1);
    file.listing = row.text(0);
    return file;
}

} // namespace torchpin
