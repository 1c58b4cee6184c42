// Reads data/*.toml through the dataset importer for the data tests (dataset_rows.hpp).
#include "tests/importers/dataset/dataset_rows.hpp"

#include "importers/dataset/dataset_table_file.hpp"
#include "tests/support/test_paths.hpp"

namespace torchpin::test {

const std::set<std::string>& dataset_citations() {
    static const std::set<std::string> ids = [] {
        std::set<std::string> out;
        const auto listings = read_dataset_table_file(
            source_path("data/citations.toml"), "data/citations.toml",
            SourceInfo{"citations", "data/citations.toml", "", "", ""}, nullptr);
        for (const ListingImport& listing : listings) {
            for (const RowValues& row : listing.rows) {
                out.insert(*row[0]);
            }
        }
        return out;
    }();
    return ids;
}

std::vector<DatasetRow> dataset_rows(const std::string& file, const TableSpec& table) {
    const std::string name = "data/" + file;
    const auto listings = read_dataset_table_file(
        source_path(name), name, SourceInfo{"tables", name, "", "", ""}, &dataset_citations());
    std::vector<DatasetRow> out;
    for (const ListingImport& listing : listings) {
        if (listing.table != &table) {
            continue;
        }
        const auto columns = table.columns();
        for (const RowValues& values : listing.rows) {
            DatasetRow row;
            for (std::size_t i = 0; i < columns.size(); ++i) {
                row[columns[i].name] = values[i];
            }
            out.push_back(std::move(row));
        }
    }
    return out;
}

} // namespace torchpin::test
