// Curated dataset files in TOML: each [[table]] entry one row of that matrix table, checked
// against the table's columns with positions for every error.
#pragma once

#include "engine/matrix/matrix_store.hpp"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace torchpin {

// Reads a TOML file whose top-level keys are dataset table names ("torch_release",
// "cuda_driver", ...) holding arrays of tables, one per row:
//
//     [[torch_release]]
//     torch = "2.5.1"
//     torchvision = "0.20.1"
//     python = ["3.9", "3.10", "3.11", "3.12", "3.13"]
//     cites = ["previous-versions"]
//
// Arrays of strings become space-separated text, booleans 1/0, integers their digits. Each cited
// id must be in `known_citations` (pass nullptr when reading the citation table itself). Returns
// one listing per table, named `listing_name`, sourced from `source`. Throws InputError naming
// file, line and column for: invalid TOML, an unknown table or column, a missing required
// column, a wrong value type, a duplicate key, an unknown citation.
std::vector<ListingImport> read_dataset_table_file(const std::filesystem::path& path,
                                                   const std::string& listing_name,
                                                   const SourceInfo& source,
                                                   const std::set<std::string>* known_citations);

} // namespace torchpin
