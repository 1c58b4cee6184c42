// index_builds_of and fill_index_builds: the builds observed torch files show.
#include "engine/matrix/index_builds.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <set>

namespace torchpin {

namespace {

RowValues build_row(const PublishedBackend& build) {
    return {build.torch.to_string(), build.backend.to_string(), std::string(name(build.os)),
            std::string(name(build.arch))};
}

// The rows of the builds `files` show, each once, in the order first shown.
std::vector<RowValues> builds_shown(const std::vector<IndexFile>& files, bool from_wheel_list) {
    std::set<RowValues> seen;
    std::vector<RowValues> rows;
    for (const IndexFile& file : files) {
        const auto build = build_shown_by(file);
        if (build && on_pytorch_index(file, from_wheel_list)) {
            RowValues row = build_row(*build);
            if (seen.insert(row).second) {
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

} // namespace

ListingImport index_builds_of(const ListingImport& wheel_listing) {
    std::vector<IndexFile> files;
    files.reserve(wheel_listing.rows.size());
    for (const RowValues& row : wheel_listing.rows) {
        files.push_back(wheel_file_from_row(wheel_listing.name, row));
    }
    return ListingImport{&index_build_table(), wheel_listing.name, wheel_listing.source,
                         builds_shown(files, wheel_listing.source.kind == "wheel-list")};
}

void fill_index_builds(sqlite::Database& db) {
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
    const TableSpec& spec = index_build_table();
    auto insert_row = db.prepare("INSERT INTO index_build (listing, torch, backend, os, arch, "
                                 "source, valid_from, valid_to) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
                                 "?7, ?8)");
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
        const std::vector<RowValues> rows = builds_shown(files, listing.from_wheel_list);
        for (const RowValues& row : rows) {
            insert_row.bind(1, std::string_view(listing.name));
            for (int i = 0; i < 4; ++i) {
                insert_row.bind(i + 2, std::string_view(*row[static_cast<std::size_t>(i)]));
            }
            insert_row.bind(6, listing.source)
                .bind(7, listing.valid_from)
                .bind(8, listing.valid_to);
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

} // namespace torchpin
