// The tables derived from each wheel_file listing: index_build (the builds its observed torch
// files show, by release and platform) and wheel_group (its files grouped by release, backend and
// platform), kept beside the files so that a command reads a few hundred rows of builds or a
// release's few dozen groups instead of scanning files.
#pragma once

#include "engine/matrix/index_build.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/wheel_group.hpp"

#include <set>
#include <string>
#include <vector>

namespace torchpin {

// The listings derived from a wheel_file listing, with its name and source: index_build's rows,
// one per torch release, OS and CPU with the backends that its observed torch files on the
// PyTorch index show (for a wheel list, those whose URL folder is their backend's), and
// wheel_group's, one per group of its files.
std::vector<ListingImport> derived_listings_of(const ListingImport& wheel_listing);

// The groups of `files`, all of one listing (a wheel list's: `from_wheel_list`), in the order
// their first files come: files of one package, version, backend, platform tags, variant-ness and
// standing on the index (CompatMatrix::on_pytorch_index, lists_every_file) are one group.
std::vector<WheelGroup> wheel_groups_of(const std::vector<const IndexFile*>& files,
                                        bool from_wheel_list);

// A row of index_build (or index_build_union), of wheel_group, of wheel_group_union.
RowValues index_build_row(const IndexBuilds& builds);
RowValues wheel_group_row(const WheelGroup& group);
RowValues wheel_group_set_row(const WheelGroupSet& set);

// `words` in their order, `separator` between them: a group's platforms ('.') and tags (' ').
std::string joined(const std::set<std::string>& words, char separator);

// Schema version 20 on a matrix imported before it: gives every wheel_file listing of every
// revision its index_build listing, valid over the same revisions. fill_wheel_groups: the same
// for wheel_group, by version 19.
void fill_index_builds(sqlite::Database& db);
void fill_wheel_groups(sqlite::Database& db);

} // namespace torchpin
