// The merged tables: their rows from the tables they merge, their one listing rewritten when it
// changes, filled by schema version 21 and checked by verify.
#include "engine/matrix/merged_listings.hpp"

#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/derived_listings.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>
#include <tuple>

namespace torchpin {

namespace {

// The words of `text` between `separator`s, added to `words`.
void add_words(std::set<std::string>& words, std::string_view text, char separator) {
    while (!text.empty()) {
        const std::size_t end = text.find(separator);
        words.emplace(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
}

// The merged table's open listing: its id and content digest.
std::optional<std::pair<std::int64_t, std::string>> open_listing(sqlite::Database& db,
                                                                 const std::string& table) {
    auto current = db.prepare("SELECT id, content_digest FROM listing WHERE table_name = ?1 AND "
                              "name = ?2 AND valid_to IS NULL");
    current.bind(1, std::string_view(table)).bind(2, std::string_view(table));
    if (!current.step()) {
        return std::nullopt;
    }
    return std::pair(current.integer(0), current.text(1));
}

} // namespace

const std::vector<MergedTable>& merged_tables() {
    static const std::vector<MergedTable> all{
        {index_build_union_table, index_build_table, index_builds_merged},
        {wheel_group_union_table, wheel_group_table, wheel_groups_merged}};
    return all;
}

std::vector<RowValues> index_builds_merged(sqlite::Database& db, std::int64_t revision) {
    std::map<std::tuple<Version, OperatingSystem, CpuArch>, std::size_t> at;
    std::vector<IndexBuilds> merged;
    for (const IndexBuilds& builds : read_rows(db, dataset_columns::index_build, revision)) {
        const auto [it, fresh] =
            at.try_emplace({builds.torch, builds.os, builds.arch}, merged.size());
        if (fresh) {
            merged.push_back(IndexBuilds{builds.torch, builds.os, builds.arch, {}});
        }
        for (const Backend& backend : builds.backends) {
            add_backend(merged[it->second].backends, backend);
        }
    }
    std::vector<RowValues> rows;
    rows.reserve(merged.size());
    for (const IndexBuilds& builds : merged) {
        rows.push_back(index_build_row(builds));
    }
    return rows;
}

std::vector<RowValues> wheel_groups_merged(sqlite::Database& db, std::int64_t revision) {
    struct Merged {
        WheelGroup group;
        std::set<std::string> platforms;
        std::set<std::string> tags;
    };
    using Key = std::tuple<std::string, std::string, std::string, std::string, bool, bool, bool>;
    std::map<Key, std::size_t> at;
    std::vector<Merged> merged;
    for (WheelGroup& group : read_rows(db, dataset_columns::wheel_group, revision)) {
        Key key{group.package,
                group.version.to_string(),
                group.backend ? group.backend->to_string() : "",
                group.os,
                group.variant,
                group.on_pytorch_index,
                group.lists_every_file};
        const auto [it, fresh] = at.try_emplace(std::move(key), merged.size());
        if (fresh) {
            merged.push_back(Merged{group, {}, {}});
        }
        add_words(merged[it->second].platforms, group.platforms, '.');
        add_words(merged[it->second].tags, group.tags, ' ');
    }
    std::vector<WheelGroup> groups;
    groups.reserve(merged.size());
    for (Merged& m : merged) {
        m.group.platforms = joined(m.platforms, '.');
        m.group.tags = joined(m.tags, ' ');
        groups.push_back(std::move(m.group));
    }
    std::vector<RowValues> rows;
    for (const WheelGroupSet& set : group_sets(groups)) {
        rows.push_back(wheel_group_set_row(set));
    }
    return rows;
}

void refresh_merged(sqlite::Database& db, const MergedTable& merged, std::int64_t revision) {
    const TableSpec& spec = merged.table();
    const std::vector<RowValues> rows = merged.rows_at(db, revision);
    const std::string digest = content_digest(rows, spec);
    const auto open = open_listing(db, spec.name);
    if (open ? open->second == digest : rows.empty()) {
        return;
    }
    if (open) {
        db.prepare("UPDATE listing SET valid_to = ?1 WHERE id = ?2")
            .bind(1, revision)
            .bind(2, open->first)
            .run();
    }
    const std::int64_t source = source_id(db, SourceInfo{"derived", spec.name, "", "", "torchpin"});
    db.prepare("INSERT INTO listing (table_name, name, content_digest, row_count, source, "
               "valid_from) VALUES (?1, ?1, ?2, ?3, ?4, ?5)")
        .bind(1, std::string_view(spec.name))
        .bind(2, std::string_view(digest))
        .bind(3, static_cast<std::int64_t>(rows.size()))
        .bind(4, source)
        .bind(5, revision)
        .run();
    replace_listing(db, spec, spec.name, rows, source, revision);
}

namespace {

// `merged`'s listing at every revision, oldest first, as refresh_merged would have left it.
void fill_at_every_revision(sqlite::Database& db, const MergedTable& merged) {
    std::vector<std::int64_t> revisions;
    auto select = db.prepare("SELECT number FROM revision ORDER BY number");
    while (select.step()) {
        revisions.push_back(select.integer(0));
    }
    for (const std::int64_t revision : revisions) {
        refresh_merged(db, merged, revision);
    }
}

const MergedTable& merged_table(const TableSpec& (*table)()) {
    for (const MergedTable& merged : merged_tables()) {
        if (merged.table == table) {
            return merged;
        }
    }
    throw std::logic_error("not a merged table");
}

} // namespace

void fill_index_build_union(sqlite::Database& db) {
    fill_at_every_revision(db, merged_table(index_build_union_table));
}

void fill_wheel_group_union(sqlite::Database& db) {
    fill_at_every_revision(db, merged_table(wheel_group_union_table));
}

std::vector<std::string> merged_table_problems(sqlite::Database& db, std::int64_t revision) {
    std::vector<std::string> problems;
    for (const MergedTable& merged : merged_tables()) {
        const TableSpec& spec = merged.table();
        const std::vector<RowValues> rows = merged.rows_at(db, revision);
        const auto open = open_listing(db, spec.name);
        if (open ? open->second != content_digest(rows, spec) : !rows.empty()) {
            problems.push_back("listing " + spec.name + ": its rows are not " +
                               merged.merges().name + "'s merged");
        }
    }
    return problems;
}

} // namespace torchpin
