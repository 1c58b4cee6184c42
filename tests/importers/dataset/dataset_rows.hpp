// The rows of a curated data file as the dataset importer reads them, by column name, for the
// tests that check data/*.toml against its sources.
#pragma once

#include "engine/matrix/dataset_tables.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchpin::test {

using DatasetRow = std::map<std::string, std::optional<std::string>>;

// Every citation id of data/citations.toml.
const std::set<std::string>& dataset_citations();

// The rows of `table` in data/`file` ("cuda.toml"), its citations checked.
std::vector<DatasetRow> dataset_rows(const std::string& file, const TableSpec& table);

} // namespace torchpin::test
