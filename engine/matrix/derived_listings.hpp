// The tables derived from each wheel_file listing: index_build (the builds its observed torch
// files show, by release and platform) and wheel_group (its files grouped by release, backend and
// platform), kept beside the files so that a command reads a few hundred rows of builds or a
// release's few dozen groups instead of scanning files; and index_build_union, index_build merged
// over every listing.
#pragma once

#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/wheel_group.hpp"

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

// index_build_union's one listing, named like the table it merges ("index_build"), at `revision`:
// index_build's rows valid then, one per torch release, OS and CPU with the union of their
// backends, in the order index_build first shows each.
std::vector<RowValues> index_build_union_at(sqlite::Database& db, std::int64_t revision);

// Makes index_build_union's listing from `revision` on what index_build_union_at gives, unless it
// already is; `revision` is the newest. An import calls it when an index_build listing changed.
void refresh_index_build_union(sqlite::Database& db, std::int64_t revision);

// Schema version 21 on a matrix imported before it: index_build_union at every revision.
void fill_index_build_union(sqlite::Database& db);

// Schema version 20 on a matrix imported before it: gives every wheel_file listing of every
// revision its index_build listing, valid over the same revisions. fill_wheel_groups: the same
// for wheel_group, by version 19.
void fill_index_builds(sqlite::Database& db);
void fill_wheel_groups(sqlite::Database& db);

} // namespace torchpin
