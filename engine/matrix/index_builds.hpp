// The derived index_build table: the builds (release, backend, OS, CPU) that the observed torch
// files of each wheel_file listing show, kept beside the files so a command reads a few hundred
// builds instead of scanning every file of the index.
#pragma once

#include "engine/matrix/matrix_store.hpp"

namespace torchpin {

// The index_build listing of a wheel_file listing: same name and source, one row per build that
// an observed torch file on the PyTorch index shows (for a wheel list, one whose URL folder is
// its backend's).
ListingImport index_builds_of(const ListingImport& wheel_listing);

// Schema version 11 on a matrix imported before it: gives every wheel_file listing of every
// revision its index_build listing, valid over the same revisions.
void fill_index_builds(sqlite::Database& db);

} // namespace torchpin
