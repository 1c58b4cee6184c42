// The dataset under data/ as one matrix import: each manifest entry parsed with its importer.
#pragma once

#include "engine/matrix/matrix_store.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace torchpin {

struct DatasetImport {
    ImportRequest request;
    std::vector<std::string> warnings; // link issues worth a look, as rendered diagnostics
};

// Reads data_dir/manifest.json and every file it names into one import request, dated as the
// manifest says, so the matrix built from it is the same on every build. Throws InputError
// naming the file, line and column of the first bad input.
DatasetImport load_dataset(const std::filesystem::path& data_dir);

} // namespace torchpin
