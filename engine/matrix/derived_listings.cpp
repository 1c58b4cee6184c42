// derived_listings_of and the fills of schema versions 19 and 20: wheel_group and index_build
// from a wheel_file listing's files.
#include "engine/matrix/derived_listings.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace torchpin {

namespace {

std::string flag_text(bool flag) {
    return flag ? "1" : "0";
}

} // namespace

RowValues index_build_row(const IndexBuilds& builds) {
    std::string backends;
    for (const Backend& backend : builds.backends) {
        backends += (backends.empty() ? "" : " ") + backend.to_string();
    }
    return {builds.torch.to_string(), std::string(name(builds.os)), std::string(name(builds.arch)),
            std::move(backends)};
}

RowValues wheel_group_row(const WheelGroup& group) {
    return {group.package,
            group.version.to_string(),
            group.backend ? std::optional(group.backend->to_string()) : std::nullopt,
            group.os,
            flag_text(group.variant),
            flag_text(group.on_pytorch_index),
            flag_text(group.lists_every_file),
            group.platforms,
            group.tags.str()};
}

RowValues wheel_group_set_row(const WheelGroupSet& set) {
    std::string builds;
    for (const WheelBuild& build : set.builds) {
        builds += (builds.empty() ? "" : " ") + to_string(build);
    }
    return {set.package,
            set.release.to_string(),
            set.os,
            flag_text(set.variant),
            flag_text(set.on_pytorch_index),
            flag_text(set.lists_every_file),
            std::move(builds),
            set.platforms,
            set.tags.str()};
}

std::string joined(const std::set<std::string>& words, char separator) {
    std::string out;
    for (const std::string& word : words) {
        out += (out.empty() ? "" : std::string(1, separator)) + word;
    }
    return out;
}

namespace {

// The rows of the builds `files` show: one per torch release, OS and CPU, in the order first
// shown, each with its backends in their own order (cpu, then CUDA by version, ...), so that a
// row does not depend on the order of the files: `db verify` reads a listing's files back in the
// order of their key's index, and a reimport may list them in another.
std::vector<RowValues> builds_shown(const std::vector<const IndexFile*>& files,
                                    bool from_wheel_list) {
    std::map<std::tuple<Version, OperatingSystem, CpuArch>, std::size_t> at;
    std::vector<IndexBuilds> shown;
    for (const IndexFile* file : files) {
        const auto build = build_shown_by(*file);
        if (!build || !on_pytorch_index(*file, from_wheel_list)) {
            continue;
        }
        const auto [it, fresh] =
            at.try_emplace({build->torch, build->os, build->arch}, shown.size());
        if (fresh) {
            shown.push_back(IndexBuilds{build->torch, build->os, build->arch, {}});
        }
        add_backend(shown[it->second].backends, build->backend);
    }
    std::vector<RowValues> rows;
    rows.reserve(shown.size());
    for (const IndexBuilds& builds : shown) {
        rows.push_back(index_build_row(builds));
    }
    return rows;
}

std::vector<RowValues> group_rows(const std::vector<const IndexFile*>& files,
                                  bool from_wheel_list) {
    std::vector<RowValues> rows;
    for (const WheelGroup& group : wheel_groups_of(files, from_wheel_list)) {
        rows.push_back(wheel_group_row(group));
    }
    return rows;
}

std::vector<const IndexFile*> addresses(const std::vector<IndexFile>& files) {
    std::vector<const IndexFile*> out;
    out.reserve(files.size());
    for (const IndexFile& file : files) {
        out.push_back(&file);
    }
    return out;
}

using DeriveRows = std::vector<RowValues> (*)(const std::vector<const IndexFile*>& files,
                                              bool from_wheel_list);

// Gives every wheel_file listing of every revision its listing of the derived table `spec`,
// valid over the same revisions, with the rows `derive` makes of its files.
void fill_derived(sqlite::Database& db, const TableSpec& spec, DeriveRows derive) {
    struct WheelListing {
        std::string name;
        std::int64_t source;
        std::int64_t valid_from;
        std::optional<std::int64_t> valid_to;
        bool from_wheel_list;
    };
    std::vector<WheelListing> listings;
    auto select = db.prepare("SELECT l.name, l.source, l.valid_from, l.valid_to, s.kind FROM "
                             "listing l JOIN source s ON s.id = l.source WHERE l.table_name = "
                             "'wheel_file' ORDER BY l.id");
    while (select.step()) {
        listings.push_back({select.text(0), select.integer(1), select.integer(2),
                            select.optional_integer(3), select.text(4) == "wheel-list"});
    }
    const std::vector<Column> columns = spec.columns();
    std::string names = "listing";
    std::string values = "?1";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        names += ", " + columns[i].name;
        values += ", ?" + std::to_string(i + 2);
    }
    const int source_parameter = static_cast<int>(columns.size()) + 2;
    auto insert_row = db.prepare(
        "INSERT INTO " + spec.name + " (" + names + ", source, valid_from, valid_to) VALUES (" +
        values + ", ?" + std::to_string(source_parameter) + ", ?" +
        std::to_string(source_parameter + 1) + ", ?" + std::to_string(source_parameter + 2) + ")");
    auto insert_listing = db.prepare(
        "INSERT INTO listing (table_name, name, content_digest, row_count, source, valid_from, "
        "valid_to) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    auto select_files = db.prepare("SELECT " + dataset_columns::wheel_file.decoded_columns() +
                                   " FROM wheel_file WHERE listing = ?1 AND valid_from <= ?2 AND "
                                   "(valid_to IS NULL OR valid_to > ?2)");
    for (const WheelListing& listing : listings) {
        std::vector<IndexFile> files;
        select_files.bind(1, std::string_view(listing.name)).bind(2, listing.valid_from);
        while (select_files.step()) {
            files.push_back(dataset_columns::wheel_file.decode(select_files));
        }
        select_files.reset();
        const std::vector<RowValues> rows = derive(addresses(files), listing.from_wheel_list);
        for (const RowValues& row : rows) {
            insert_row.bind(1, std::string_view(listing.name));
            for (std::size_t i = 0; i < row.size(); ++i) {
                insert_row.bind(static_cast<int>(i) + 2, row[i]);
            }
            insert_row.bind(source_parameter, listing.source)
                .bind(source_parameter + 1, listing.valid_from)
                .bind(source_parameter + 2, listing.valid_to);
            insert_row.run();
        }
        insert_listing.bind(1, std::string_view(spec.name))
            .bind(2, std::string_view(listing.name))
            .bind(3, std::string_view(content_digest(rows, spec)))
            .bind(4, static_cast<std::int64_t>(rows.size()))
            .bind(5, listing.source)
            .bind(6, listing.valid_from)
            .bind(7, listing.valid_to)
            .run();
    }
}

} // namespace

std::vector<WheelGroup> wheel_groups_of(const std::vector<const IndexFile*>& files,
                                        bool from_wheel_list) {
    using Key =
        std::tuple<std::string, std::string, std::string, std::string_view, bool, bool, bool>;
    struct Found {
        std::size_t group;
        std::set<std::string> platforms;
        std::set<std::string> tags;
    };
    std::map<Key, Found> found;
    std::vector<WheelGroup> groups;
    for (const IndexFile* file : files) {
        const WheelTagColumns tags = tag_columns(*file);
        const std::string_view os = os_word_of(tags.platforms);
        const bool variant = file->wheel.variant_label().has_value();
        const bool on_index = on_pytorch_index(*file, from_wheel_list);
        const bool lists_every = file->provenance == Provenance::Observed && !from_wheel_list;
        Key key{std::string(file->wheel.name().normalized()),
                tags.version,
                file->backend ? file->backend->to_string() : "",
                os,
                variant,
                on_index,
                lists_every};
        auto [at, added] = found.try_emplace(std::move(key), Found{groups.size(), {}, {}});
        if (added) {
            groups.push_back(WheelGroup{std::string(file->wheel.name().normalized()),
                                        file->wheel.version(),
                                        file->backend,
                                        std::string(os),
                                        {},
                                        {},
                                        variant,
                                        on_index,
                                        lists_every});
        }
        for (const std::string& platform : file->wheel.tag_set().platforms()) {
            at->second.platforms.insert(platform);
        }
        at->second.tags.insert(tags.interpreters + '-' + tags.abis + '-' + tags.platforms);
    }
    for (const auto& [key, group] : found) {
        groups[group.group].platforms = joined(group.platforms, '.');
        groups[group.group].tags = joined(group.tags, ' ');
    }
    return groups;
}

std::vector<ListingImport> derived_listings_of(const ListingImport& wheel_listing) {
    std::vector<IndexFile> files;
    files.reserve(wheel_listing.rows.size());
    for (const RowValues& row : wheel_listing.rows) {
        files.push_back(wheel_file_from_row(wheel_listing.name, row));
    }
    const std::vector<const IndexFile*> pointers = addresses(files);
    const bool from_wheel_list = wheel_listing.source.kind == "wheel-list";
    return {ListingImport{&index_build_table(), wheel_listing.name, wheel_listing.source,
                          builds_shown(pointers, from_wheel_list)},
            ListingImport{&wheel_group_table(), wheel_listing.name, wheel_listing.source,
                          group_rows(pointers, from_wheel_list)}};
}

void fill_index_builds(sqlite::Database& db) {
    fill_derived(db, index_build_table(), builds_shown);
}

void fill_wheel_groups(sqlite::Database& db) {
    fill_derived(db, wheel_group_table(), group_rows);
}

} // namespace torchpin
