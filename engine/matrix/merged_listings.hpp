// The derived tables merged over every listing of another: index_build_union (index_build's
// builds by release and platform) and wheel_group_union (wheel_group's groups by release, backend,
// OS and standing, as sets of the builds whose files have the same tags). The PyTorch index lists
// each file on two or three pages, so a command that reads the merged rows reads each build and
// group once.
#pragma once

#include "engine/matrix/revisioned_table.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace torchpin {

// One merged table: the table it merges and what the merge makes of that table's rows at a
// revision. Its one listing is named after the merged table and has the source ('derived', that
// name), linked to no revision: its inputs are the listings' own.
struct MergedTable {
    const TableSpec& (*table)();
    const TableSpec& (*merges)();
    std::vector<RowValues> (*rows_at)(sqlite::Database& db, std::int64_t revision);
};

// index_build_union, then wheel_group_union.
const std::vector<MergedTable>& merged_tables();

// index_build's rows valid at `revision`, one per torch release, OS and CPU with the union of
// their backends, in the order index_build first shows each.
std::vector<RowValues> index_builds_merged(sqlite::Database& db, std::int64_t revision);

// wheel_group's rows valid at `revision`, one group per key (release, backend, OS, variant-ness
// and standing) with the union of their platforms and tags, those groups as sets (group_sets), in
// the order wheel_group first shows each. A merged group answers what its groups answer together:
// whether a file suits the machine, the best priority and its files, whether the listing decides
// (engine/solver/wheel_choice.hpp).
std::vector<RowValues> wheel_groups_merged(sqlite::Database& db, std::int64_t revision);

// Makes `merged`'s listing from `revision` on (the newest revision) what its rows_at gives, unless
// it already is. An import calls it when a listing of the table it merges changed.
void refresh_merged(sqlite::Database& db, const MergedTable& merged, std::int64_t revision);

// Schema version 21 on a matrix imported before it: index_build_union at every revision.
// fill_wheel_group_union: the same for wheel_group_union, by version 25 (21 filled the table as it
// was, one row per group).
void fill_index_build_union(sqlite::Database& db);
void fill_wheel_group_union(sqlite::Database& db);

// What `db verify` finds wrong with the merged tables at `revision`: a listing that is not what
// its rows_at gives.
std::vector<std::string> merged_table_problems(sqlite::Database& db, std::int64_t revision);

} // namespace torchpin
