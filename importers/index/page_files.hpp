// Index page files for one import: each read, parsed and shaped into a listing, in the given order.
#pragma once

#include "importers/index/page_import.hpp"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace torchpin {

// A page file and the URL it stands for (its listing name and the base of its relative links).
struct PageFile {
    std::filesystem::path path;
    std::string url;
};

// Reads each file (TextInput::read_file with `max_bytes`) and imports it as import_index_page
// does, its source being the URL, the time it was read and the path as origin; hands each
// result to `consume` in the order of `files`, on the calling thread. When a file cannot be read
// or parsed, the files before it have been consumed and its InputError is thrown.
//
// Pages are independent, so up to `threads` of them (0: one per core) are read and parsed at
// once; the results and errors are the same as one after the other.
void import_page_files(const std::vector<PageFile>& files, const PageOptions& options,
                       std::size_t max_bytes, const std::function<void(PageImport&&)>& consume,
                       std::size_t threads = 0);

} // namespace torchpin
