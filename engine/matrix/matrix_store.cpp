// MatrixStore: imports as revisions, reads as of a revision, diffs and verifies the matrix.
#include "engine/matrix/matrix_store.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/sha256.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/derived_listings.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/merged_listings.hpp"
#include "engine/matrix/packed_tables.hpp"
#include "engine/matrix/prepared_matrix.hpp"
#include "engine/matrix/read_only_image.hpp"
#include "engine/matrix/write_rules.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

namespace torchpin {

namespace {

bool is_derived(std::string_view table) {
    const auto& derived = derived_tables();
    return std::any_of(derived.begin(), derived.end(),
                       [&](const TableSpec* spec) { return spec->name == table; });
}

std::string column_names(const TableSpec& table) {
    std::string out;
    for (const Column& c : table.columns()) {
        out += ", " + c.name;
    }
    return out;
}

// Rows of `table` valid at `revision`, keyed by listing and key columns.
std::map<std::pair<std::string, std::string>, RowValues>
rows_at(sqlite::Database& db, const TableSpec& table, std::int64_t revision) {
    std::map<std::pair<std::string, std::string>, RowValues> rows;
    auto select = db.prepare("SELECT listing" + column_names(table) + " FROM " + table.name +
                             " WHERE " + valid_at(1));
    select.bind(1, revision);
    const std::size_t count = table.columns().size();
    while (select.step()) {
        RowValues row;
        std::string key;
        for (std::size_t i = 0; i < count; ++i) {
            row.push_back(select.optional_text(static_cast<int>(i) + 1));
            if (i < table.key.size()) {
                key += (key.empty() ? "" : " ") + row.back().value_or("");
            }
        }
        rows.emplace(std::pair{select.text(0), key}, std::move(row));
    }
    return rows;
}

std::vector<RowDifference::Field> all_fields(const TableSpec& table, const RowValues& row,
                                             bool before) {
    std::vector<RowDifference::Field> fields;
    const auto columns = table.columns();
    for (std::size_t i = 0; i < columns.size(); ++i) {
        fields.push_back(before ? RowDifference::Field{columns[i].name, row[i], std::nullopt}
                                : RowDifference::Field{columns[i].name, std::nullopt, row[i]});
    }
    return fields;
}

} // namespace

std::string utc_now_iso8601() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    const std::tm utc = utc_calendar(now);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

RowValues to_row(const IndexFile& file) {
    WheelTagColumns tags = tag_columns(file);
    return {file.url,
            file.wheel.to_string(),
            file.wheel.name().normalized(),
            std::move(tags.version),
            file.backend ? std::optional(file.backend->to_string()) : std::nullopt,
            std::move(tags.interpreters),
            std::move(tags.abis),
            std::move(tags.platforms),
            file.sha256,
            file.requires_python,
            std::string(file.yanked ? "1" : "0"),
            file.yanked_reason,
            file.core_metadata,
            file.upload_time,
            std::string(name(file.provenance)),
            file.seen_in};
}

IndexFile wheel_file_from_row(const std::string& listing, const RowValues& row) {
    return IndexFile{
        .listing = listing,
        .wheel = WheelFilename::from(*row[1]),
        .backend = row[4] ? std::optional(Backend::from(*row[4])) : std::nullopt,
        .url = row[0].value_or(""),
        .sha256 = row[8],
        .requires_python = row[9],
        .yanked = row[10] == "1",
        .yanked_reason = row[11].value_or(""),
        .core_metadata = row[12],
        .upload_time = row[13],
        .provenance = parse_provenance(row[14].value_or("")).value_or(Provenance::Observed),
        .seen_in = row[15],
    };
}

namespace {

[[noreturn]] void throw_file_problem(const std::filesystem::path& path,
                                     const std::string& problem) {
    throw InputError(Diagnostic{utf8_of(path), 0, 0, problem, ""});
}

// Refuses a database no torchpin wrote (another application's tables, or nothing at all when
// reading) and one whose schema is newer than this build's, before anything is written to it.
void check_is_matrix(sqlite::Database& db, const std::filesystem::path& path, bool create) {
    const int version = db.user_version();
    if (version > latest_schema_version()) {
        throw_file_problem(path, "written by a newer torchpin: its schema version is " +
                                     std::to_string(version) + ", this torchpin knows up to " +
                                     std::to_string(latest_schema_version()) +
                                     "; upgrade torchpin or use another --db");
    }
    if (version > 0) {
        return;
    }
    auto tables = db.prepare("SELECT count(*) FROM sqlite_master");
    tables.step();
    if (tables.integer(0) > 0) {
        throw_file_problem(path, "not a torchpin matrix database (a SQLite database with other "
                                 "tables)");
    }
    if (!create) {
        throw_file_problem(path, "not a torchpin matrix database (an empty database)");
    }
}

} // namespace

MatrixStore MatrixStore::open(const std::filesystem::path& path, bool create) {
    return open_file(path, create, true);
}

MatrixStore::~MatrixStore() {
    if (!packs_on_close_ || db_.handle() == nullptr) {
        return;
    }
    // Packing only makes reads faster: where another connection holds the write lock, or the
    // disk is full, the file stays unpacked, complete as it is. So does a file of another schema
    // version than this build's: its part would be this build's tables under another version's
    // number (a test sets a version back to make a file as an older torchpin left it).
    db_.set_busy_timeout(0);
    try {
        if (db_.user_version() != latest_schema_version()) {
            return;
        }
        sqlite::Transaction transaction(db_);
        pack_seldom_read_tables(db_);
        transaction.commit();
    } catch (const std::exception&) {
    }
}

MatrixStore MatrixStore::open_to_read(const std::filesystem::path& path) {
    return open_file(path, false, false);
}

MatrixStore MatrixStore::open_file(const std::filesystem::path& path, bool create, bool writes) {
    try {
        auto db = sqlite::Database::open(path, create ? sqlite::Database::Mode::Create
                                                      : sqlite::Database::Mode::ReadWrite);
        check_is_matrix(db, path, create);
        db.execute("PRAGMA journal_mode = WAL");
        db.execute("PRAGMA synchronous = NORMAL");
        // Reads map the file instead of a pread per page: a which on a full-size matrix reads
        // ~960 scattered pages (6-8% of its wall time, docs/performance.md).
        db.execute("PRAGMA mmap_size = 268435456");
        const int found_version = db.user_version();
        migrate(db);
        const bool migrated = found_version > 0 && found_version < latest_schema_version();
        if (writes && has_packed_part(db)) { // (unpacking checks again, holding the lock)
            sqlite::Transaction transaction(db);
            unpack_seldom_read_tables(db);
            transaction.commit();
        }
        if (writes || migrated) {
            create_write_triggers(db);
        }
        // Where the file is packed (another writer may pack it while this one is open).
        db.attach_on_missing_table(attach_packed_part);
        MatrixStore store(std::move(db));
        store.packs_on_close_ = writes;
        store.path_ = path;
        if (migrated) {
            // A migration may change what the tables load, and version 22 brought the forms.
            store.prepare_newest_revision();
        }
        return store;
    } catch (const sqlite::Error& error) {
        if (auto problem = database_file_problem(error)) {
            throw_file_problem(path, *problem);
        }
        throw;
    }
}

std::optional<std::string> database_file_problem(const sqlite::Error& error) {
    if (error.is_not_a_database()) {
        return "not a torchpin matrix database";
    }
    if (error.is_damaged()) {
        return "the database is damaged (" + std::string(error.what()) +
               "); rebuild it with 'torchpin db build' or restore a copy";
    }
    if (error.is_busy()) {
        return "locked by another process (torchpin or SQLite) for more than " +
               std::to_string(sqlite::busy_timeout_ms / 1000) +
               " s; try again when it has finished";
    }
    if (error.is_read_only()) {
        return "cannot be written (" + std::string(error.what()) +
               "); torchpin writes to its database, to read it too (WAL journal): check the "
               "permissions of the file and its folder, or use another --db";
    }
    return std::nullopt;
}

MatrixStore MatrixStore::open_image(std::span<const unsigned char> image) {
    auto db = sqlite::Database::open_image(image);
    if (db.user_version() > latest_schema_version()) {
        throw std::runtime_error("the embedded matrix has a newer schema than this build");
    }
    db.attach_on_missing_table(attach_packed_part);
    return MatrixStore(std::move(db));
}

std::optional<std::string> MatrixStore::prepared_form(std::int64_t revision,
                                                      const std::string& platform) {
    auto select = db_.prepare("SELECT form FROM prepared_matrix "
                              "WHERE revision = ?1 AND layout = ?2 AND platform = ?3");
    select.bind(1, revision).bind(2, prepared_layout).bind(3, platform);
    if (!select.step()) {
        return std::nullopt;
    }
    return std::string(select.blob(0));
}

void MatrixStore::prepare_newest_revision() {
    const auto newest = latest_revision_number();
    if (!newest) {
        return;
    }
    sqlite::Transaction transaction(db_);
    try {
        write_prepared_forms(*newest);
    } catch (const InputError&) {
        return; // rolled back: the commands that load the tables say why, and db verify does
    }
    transaction.commit();
}

void MatrixStore::write_prepared_forms(std::int64_t revision) {
    db_.prepare("DELETE FROM prepared_matrix WHERE revision = ?1 AND layout = ?2")
        .bind(1, revision)
        .bind(2, prepared_layout)
        .run();
    auto insert = db_.prepare("INSERT INTO prepared_matrix (revision, layout, platform, form) "
                              "VALUES (?1, ?2, ?3, ?4)");
    for (const PreparedForm& form : prepared_forms(*this, revision)) {
        insert.bind(1, revision)
            .bind(2, prepared_layout)
            .bind(3, form.platform)
            .bind_blob(4, form.form)
            .run();
    }
}

// Each revision with forms of this build's layout has the forms its tables make now, byte for
// byte; the newest has forms.
void MatrixStore::check_prepared_forms(std::vector<std::string>& problems) {
    std::map<std::int64_t, std::map<std::string, std::string>> kept;
    auto select = db_.prepare("SELECT revision, platform, form FROM prepared_matrix "
                              "WHERE layout = ?1 ORDER BY revision, platform");
    select.bind(1, prepared_layout);
    while (select.step()) {
        kept[select.integer(0)].emplace(select.text(1), std::string(select.blob(2)));
    }
    const auto where = [](std::int64_t revision) {
        return "revision " + std::to_string(revision) + ": ";
    };
    // The forms `revision`'s tables make, by platform; none, reported, where they do not load.
    const auto made_from_tables =
        [&](std::int64_t revision) -> std::optional<std::map<std::string, std::string>> {
        try {
            std::map<std::string, std::string> made;
            for (PreparedForm& form : prepared_forms(*this, revision)) {
                made.emplace(std::move(form.platform), std::move(form.form));
            }
            return made;
        } catch (const InputError& error) {
            problems.push_back(where(revision) + "its tables do not load (" + error.what() + ")");
            return std::nullopt;
        }
    };
    for (const auto& [revision, forms] : kept) {
        const auto made = made_from_tables(revision);
        if (!made) {
            continue;
        }
        for (const auto& [platform, form] : forms) {
            const auto match = made->find(platform);
            if (match == made->end()) {
                problems.push_back(where(revision) + "a prepared form for " + platform +
                                   ", a platform its builds do not name");
            } else if (match->second != form) {
                problems.push_back(where(revision) + "the prepared form for " + platform +
                                   " does not match its tables");
            }
        }
        for (const auto& [platform, form] : *made) {
            if (!forms.contains(platform)) {
                problems.push_back(where(revision) + "no prepared form for " + platform);
            }
        }
    }
    const auto newest = latest_revision_number();
    if (newest && !kept.contains(*newest)) {
        problems.push_back(where(*newest) +
                           "the newest revision has no prepared forms (commands read its tables)");
        made_from_tables(*newest); // reports tables that do not load
    }
}

std::int64_t source_id(sqlite::Database& db, const SourceInfo& source) {
    db.prepare("INSERT OR IGNORE INTO source (kind, uri, digest, retrieved_at, origin) "
               "VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(1, source.kind)
        .bind(2, source.uri)
        .bind(3, source.digest)
        .bind(4, source.retrieved_at)
        .bind(5, source.origin)
        .run();
    auto select = db.prepare("SELECT id FROM source WHERE kind = ?1 AND uri = ?2 AND digest = ?3");
    select.bind(1, std::string_view(source.kind))
        .bind(2, std::string_view(source.uri))
        .bind(3, std::string_view(source.digest));
    select.step();
    return select.integer(0);
}

std::string MatrixStore::revision_digest(std::int64_t revision) {
    auto select = db_.prepare("SELECT table_name, name, content_digest FROM listing WHERE " +
                              valid_at(1) + " ORDER BY table_name, name");
    select.bind(1, revision);
    Sha256 digest;
    while (select.step()) {
        if (is_derived(select.text(0))) {
            continue; // derived content follows from the rest
        }
        digest.update(select.text(0) + '\t' + select.text(1) + '\t' + select.text(2) + '\n');
    }
    return digest.hex();
}

void MatrixStore::read_one_snapshot() {
    db_.execute("BEGIN");
}

void MatrixStore::reopen_if_packed() {
    if (!packs_on_close_ || !has_packed_part(db_)) { // a store that writes a file
        return;
    }
    // Another store closed and packed the file since this one opened it. The TEMP triggers of
    // this connection on the tables that went are orphaned: SQLite keeps them, out of reach of a
    // DROP, and a trigger of the same name made anew clashes with them. A new connection then,
    // which unpacks the file again.
    MatrixStore fresh = open_file(path_, false, true);
    std::swap(db_, fresh.db_);
    fresh.packs_on_close_ = false;
}

ImportResult MatrixStore::import(const ImportRequest& request) {
    reopen_if_packed();
    sqlite::Transaction transaction(db_);
    if (has_packed_part(db_)) { // packed again between the two
        throw std::runtime_error("another torchpin packed the database while this one began to "
                                 "write it; run the command again");
    }
    ImportResult result;
    auto latest = latest_revision();
    const std::int64_t revision = latest ? latest->number + 1 : 1;

    struct Pending {
        const ListingImport* listing;
        std::string digest;
        std::optional<std::int64_t> current_id;
    };
    std::vector<Pending> changed;
    auto current = db_.prepare("SELECT id, content_digest FROM listing WHERE table_name = ?1 "
                               "AND name = ?2 AND valid_to IS NULL");
    // Each wheel_file listing brings its index_build and wheel_group listings (not counted in
    // the result).
    std::vector<ListingImport> derived;
    for (const ListingImport& listing : request.listings) {
        if (listing.table == &wheel_file_table()) {
            std::ranges::move(derived_listings_of(listing), std::back_inserter(derived));
        }
    }
    std::vector<const ListingImport*> listings;
    for (const ListingImport& listing : request.listings) {
        listings.push_back(&listing);
    }
    for (const ListingImport& listing : derived) {
        listings.push_back(&listing);
    }
    for (const ListingImport* listing_pointer : listings) {
        const ListingImport& listing = *listing_pointer;
        std::string digest = content_digest(listing.rows, *listing.table);
        current.bind(1, std::string_view(listing.table->name))
            .bind(2, std::string_view(listing.name));
        std::optional<std::int64_t> current_id;
        bool unchanged = false;
        if (current.step()) {
            current_id = current.integer(0);
            unchanged = current.text(1) == digest;
        }
        current.reset();
        if (unchanged) {
            result.listings_unchanged += is_derived(listing.table->name) ? 0 : 1;
            continue;
        }
        changed.push_back(Pending{&listing, std::move(digest), current_id});
    }
    if (changed.empty()) {
        if (request.in_same_transaction) {
            request.in_same_transaction(db_);
            transaction.commit();
        }
        return result; // no revision: the matrix already holds this content
    }

    db_.prepare(
           "INSERT INTO revision (number, created_at, parent, note, data_as_of, content_digest) "
           "VALUES (?1, ?2, ?3, ?4, ?5, '')")
        .bind(1, revision)
        .bind(2, std::string_view(request.created_at.value_or(utc_now_iso8601())))
        .bind(3, latest ? std::optional<std::int64_t>(latest->number) : std::nullopt)
        .bind(4, std::string_view(request.note))
        .bind(5, request.data_as_of ? request.data_as_of
                                    : (latest ? latest->data_as_of : std::nullopt))
        .run();
    auto close_listing = db_.prepare("UPDATE listing SET valid_to = ?1 WHERE id = ?2");
    auto open_listing = db_.prepare(
        "INSERT INTO listing (table_name, name, content_digest, row_count, source, valid_from) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    auto link_source =
        db_.prepare("INSERT OR IGNORE INTO revision_source (revision, source) VALUES (?1, ?2)");
    std::map<const TableSpec*, ListingReplacer> replacers;
    std::set<const TableSpec*> merged_from; // the derived tables with a changed listing
    for (const Pending& pending : changed) {
        const ListingImport& listing = *pending.listing;
        const std::int64_t source = source_id(db_, listing.source);
        link_source.bind(1, revision).bind(2, source).run();
        if (pending.current_id) {
            close_listing.bind(1, revision).bind(2, *pending.current_id).run();
        }
        open_listing.bind(1, std::string_view(listing.table->name))
            .bind(2, std::string_view(listing.name))
            .bind(3, std::string_view(pending.digest))
            .bind(4, static_cast<std::int64_t>(listing.rows.size()))
            .bind(5, source)
            .bind(6, revision)
            .run();
        auto replacer = replacers.try_emplace(listing.table, db_, *listing.table).first;
        const ListingChange change =
            replacer->second.replace(listing.name, listing.rows, source, revision);
        if (is_derived(listing.table->name)) {
            merged_from.insert(listing.table);
            continue;
        }
        result.rows.added += change.added;
        result.rows.removed += change.removed;
        result.rows.changed += change.changed;
        result.rows.unchanged += change.unchanged;
        ++result.listings_changed;
    }
    for (const MergedTable& merged : merged_tables()) {
        if (merged_from.contains(&merged.merges())) {
            refresh_merged(db_, merged, revision);
        }
    }
    db_.prepare("UPDATE revision SET content_digest = ?1 WHERE number = ?2")
        .bind(1, std::string_view(revision_digest(revision)))
        .bind(2, revision)
        .run();
    write_prepared_forms(revision);
    if (request.in_same_transaction) {
        request.in_same_transaction(db_);
    }
    transaction.commit();
    result.revision = revision;
    // The pages this import added lie among each other's: a read that follows a table or an index
    // in key order would jump across the file (docs/performance.md).
    db_.execute("VACUUM");
    return result;
}

std::optional<std::int64_t> MatrixStore::latest_revision_number() {
    auto select = db_.prepare("SELECT max(number) FROM revision");
    select.step();
    return select.optional_integer(0);
}

std::optional<std::string> MatrixStore::data_as_of(std::int64_t revision) {
    auto select = db_.prepare("SELECT data_as_of FROM revision WHERE number = ?1");
    select.bind(1, revision);
    return select.step() ? select.optional_text(0) : std::nullopt;
}

std::optional<RevisionInfo> MatrixStore::latest_revision() {
    const auto number = latest_revision_number();
    if (!number) {
        return std::nullopt;
    }
    for (auto& info : revisions()) {
        if (info.number == *number) {
            return info;
        }
    }
    return std::nullopt;
}

bool MatrixStore::has_revision(std::int64_t number) {
    auto select = db_.prepare("SELECT 1 FROM revision WHERE number = ?1");
    select.bind(1, number);
    return select.step();
}

std::vector<RevisionInfo> MatrixStore::revisions() {
    std::vector<RevisionInfo> out;
    auto select = db_.prepare("SELECT number, created_at, parent, note, data_as_of, content_digest "
                              "FROM revision ORDER BY number");
    while (select.step()) {
        out.push_back(RevisionInfo{select.integer(0),
                                   select.text(1),
                                   select.optional_integer(2),
                                   select.text(3),
                                   select.optional_text(4),
                                   select.text(5),
                                   {},
                                   0});
    }
    auto sources = db_.prepare(
        "SELECT s.kind, s.uri, s.digest, s.retrieved_at, s.origin FROM revision_source r "
        "JOIN source s ON s.id = r.source WHERE r.revision = ?1 ORDER BY s.uri");
    auto count = db_.prepare("SELECT count(*) FROM wheel_file WHERE " + valid_at(1));
    for (RevisionInfo& info : out) {
        sources.bind(1, info.number);
        while (sources.step()) {
            info.sources.push_back(SourceInfo{sources.text(0), sources.text(1), sources.text(2),
                                              sources.text(3), sources.text(4)});
        }
        sources.reset();
        count.bind(1, info.number);
        count.step();
        info.wheel_files = count.integer(0);
        count.reset();
    }
    return out;
}

std::vector<IndexFile> MatrixStore::wheel_files(const WheelQuery& query, std::int64_t revision) {
    const TableSpec& table = wheel_file_table();
    std::string sql = "SELECT listing" + column_names(table) + " FROM wheel_file WHERE " +
                      valid_at(1) +
                      " AND (?2 IS NULL OR package = ?2) AND (?3 IS NULL OR backend = ?3) "
                      "AND (?4 IS NULL OR version = ?4) ORDER BY package, listing, file_name, url";
    auto select = db_.prepare(sql);
    select.bind(1, revision).bind(2, query.package).bind(3, query.backend).bind(4, query.version);
    std::vector<IndexFile> files;
    const std::size_t count = table.columns().size();
    while (select.step()) {
        RowValues row;
        for (std::size_t i = 0; i < count; ++i) {
            row.push_back(select.optional_text(static_cast<int>(i) + 1));
        }
        files.push_back(wheel_file_from_row(select.text(0), row));
    }
    return files;
}

std::vector<RowDifference> MatrixStore::diff(std::int64_t from, std::int64_t to) {
    std::vector<RowDifference> out;
    for (const TableSpec* table : revisioned_tables()) {
        auto before = rows_at(db_, *table, from);
        auto after = rows_at(db_, *table, to);
        const auto columns = table->columns();
        for (const auto& [id, row] : before) {
            auto it = after.find(id);
            if (it == after.end()) {
                out.push_back({RowDifference::Kind::Removed, table->name, id.first, id.second,
                               all_fields(*table, row, true)});
                continue;
            }
            std::vector<RowDifference::Field> fields;
            for (std::size_t i = 0; i < columns.size(); ++i) {
                if (row[i] != it->second[i]) {
                    fields.push_back({columns[i].name, row[i], it->second[i]});
                }
            }
            if (!fields.empty()) {
                out.push_back(
                    {RowDifference::Kind::Changed, table->name, id.first, id.second, fields});
            }
        }
        for (const auto& [id, row] : after) {
            if (!before.contains(id)) {
                out.push_back({RowDifference::Kind::Added, table->name, id.first, id.second,
                               all_fields(*table, row, false)});
            }
        }
    }
    return out;
}

void MatrixStore::check_citations(std::vector<std::string>& problems) {
    std::set<std::string> known;
    auto citations = db_.prepare("SELECT citation FROM citation WHERE valid_to IS NULL");
    while (citations.step()) {
        known.insert(citations.text(0));
    }
    for (const TableSpec* table : revisioned_tables()) {
        const auto columns = table->columns();
        if (std::none_of(columns.begin(), columns.end(),
                         [](const Column& c) { return c.name == "cites"; })) {
            continue;
        }
        auto rows =
            db_.prepare("SELECT DISTINCT cites FROM " + table->name + " WHERE valid_to IS NULL");
        while (rows.step()) {
            std::istringstream ids(rows.text(0));
            for (std::string id; ids >> id;) {
                if (!known.contains(id)) {
                    problems.push_back(table->name + ": cites \"" + id +
                                       "\", which no citation defines");
                }
            }
        }
    }
}

std::vector<std::string> MatrixStore::verify() {
    std::vector<std::string> problems;
    db_.attach_pending(); // a packed file's part is checked with the file
    auto integrity = db_.prepare("PRAGMA integrity_check");
    while (integrity.step()) {
        if (integrity.text(0) != "ok") {
            problems.push_back("integrity: " + integrity.text(0));
        }
    }
    std::ranges::move(broken_write_rules(db_), std::back_inserter(problems));
    const std::vector<const TableSpec*>& stored = stored_tables();
    for (const TableSpec* table : stored) {
        std::string same_key = "a.listing = b.listing";
        for (const Column& c : table->key) {
            same_key += " AND a." + c.name + (c.required ? " = b." : " IS b.") + c.name;
        }
        auto overlaps = db_.prepare(
            "SELECT count(*) FROM " + table->name + " a JOIN " + table->name + " b ON " + same_key +
            " AND a.id < b.id AND a.valid_from < coalesce(b.valid_to, 9223372036854775807) "
            "AND b.valid_from < coalesce(a.valid_to, 9223372036854775807)");
        overlaps.step();
        if (overlaps.integer(0) > 0) {
            problems.push_back(table->name + ": " + std::to_string(overlaps.integer(0)) +
                               " rows valid twice in the same revision");
        }
    }
    std::optional<std::int64_t> previous;
    for (const RevisionInfo& info : revisions()) {
        if (info.parent != previous) {
            problems.push_back("revision " + std::to_string(info.number) +
                               ": parent does not match the revision before it");
        }
        if (revision_digest(info.number) != info.content_digest) {
            problems.push_back("revision " + std::to_string(info.number) +
                               ": content digest does not match its listings");
        }
        previous = info.number;
    }
    check_citations(problems);
    check_prepared_forms(problems);
    auto listings = db_.prepare("SELECT l.table_name, l.name, l.content_digest, l.valid_from, "
                                "s.kind FROM listing l JOIN source s ON s.id = l.source WHERE "
                                "l.valid_to IS NULL");
    std::vector<ListingImport> derived;
    while (listings.step()) {
        const std::string table_name = listings.text(0);
        const auto spec = std::find_if(stored.begin(), stored.end(),
                                       [&](const TableSpec* t) { return t->name == table_name; });
        if (spec == stored.end()) {
            problems.push_back("listing " + listings.text(1) + ": unknown table " + table_name);
            continue;
        }
        std::vector<RowValues> rows;
        auto select = db_.prepare("SELECT 0" + column_names(**spec) + " FROM " + table_name +
                                  " WHERE listing = ?1 AND valid_to IS NULL");
        select.bind(1, listings.text(1));
        while (select.step()) {
            RowValues row;
            for (std::size_t i = 0; i < (*spec)->columns().size(); ++i) {
                row.push_back(select.optional_text(static_cast<int>(i) + 1));
            }
            rows.push_back(std::move(row));
        }
        if (content_digest(rows, **spec) != listings.text(2)) {
            problems.push_back("listing " + listings.text(1) +
                               ": its rows do not match the recorded content digest");
        }
        if (*spec == &wheel_file_table()) {
            SourceInfo source;
            source.kind = listings.text(4);
            std::ranges::move(
                derived_listings_of(ListingImport{*spec, listings.text(1), source, rows}),
                std::back_inserter(derived));
        }
    }
    // What is derived from the current wheel files is what index_build and wheel_group hold.
    auto derived_digest = db_.prepare("SELECT content_digest FROM listing WHERE table_name = ?1 "
                                      "AND name = ?2 AND valid_to IS NULL");
    for (const ListingImport& listing : derived) {
        derived_digest.bind(1, std::string_view(listing.table->name))
            .bind(2, std::string_view(listing.name));
        if (!derived_digest.step() ||
            derived_digest.text(0) != content_digest(listing.rows, *listing.table)) {
            problems.push_back("listing " + listing.name + ": its " + listing.table->name +
                               " rows are not what its wheel files show");
        }
        derived_digest.reset();
    }
    if (const auto latest = latest_revision_number()) {
        std::ranges::move(merged_table_problems(db_, *latest), std::back_inserter(problems));
    }
    return problems;
}

} // namespace torchpin
