// Migrations of the matrix database. Append new ones; never edit one that has shipped.
#include "engine/matrix/matrix_schema.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <stdexcept>
#include <string>

namespace torchpin {

namespace {

// Migration 1: provenance (sources, revisions, listings) and the wheel files.
constexpr const char* migration_1 = R"sql(
CREATE TABLE source (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    uri TEXT NOT NULL,
    digest TEXT NOT NULL,
    retrieved_at TEXT NOT NULL,
    origin TEXT NOT NULL,
    UNIQUE (kind, uri, digest)
) STRICT;

CREATE TABLE revision (
    number INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    parent INTEGER REFERENCES revision(number),
    note TEXT NOT NULL,
    data_as_of TEXT,
    content_digest TEXT NOT NULL
) STRICT;

CREATE TABLE revision_source (
    revision INTEGER NOT NULL REFERENCES revision(number),
    source INTEGER NOT NULL REFERENCES source(id),
    PRIMARY KEY (revision, source)
) STRICT, WITHOUT ROWID;

CREATE TABLE listing (
    id INTEGER PRIMARY KEY,
    table_name TEXT NOT NULL,
    name TEXT NOT NULL,
    content_digest TEXT NOT NULL,
    row_count INTEGER NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX listing_current ON listing (table_name, name) WHERE valid_to IS NULL;

CREATE TABLE wheel_file (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    url TEXT NOT NULL,
    file_name TEXT NOT NULL,
    package TEXT NOT NULL,
    version TEXT NOT NULL,
    backend TEXT,
    python_tags TEXT NOT NULL,
    abi_tags TEXT NOT NULL,
    platform_tags TEXT NOT NULL,
    sha256 TEXT,
    requires_python TEXT,
    yanked INTEGER NOT NULL CHECK (yanked IN (0, 1)),
    yanked_reason TEXT NOT NULL,
    core_metadata TEXT,
    upload_time TEXT,
    provenance TEXT NOT NULL CHECK (provenance IN ('observed', 'derived')),
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX wheel_file_current ON wheel_file (listing, url) WHERE valid_to IS NULL;
CREATE INDEX wheel_file_package ON wheel_file (package, valid_from);
)sql";

// Migration 2: the curated dataset tables (engine/matrix/dataset_tables.cpp lists their columns).
constexpr const char* migration_2 = R"sql(
CREATE TABLE citation (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    citation TEXT NOT NULL,
    what TEXT NOT NULL,
    location TEXT NOT NULL,
    note TEXT,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX citation_current ON citation (listing, citation) WHERE valid_to IS NULL;
CREATE TABLE torch_release (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    release_date TEXT,
    torchvision TEXT,
    torchvision_series TEXT,
    torchvision_note TEXT,
    torchaudio TEXT,
    torchaudio_series TEXT,
    torchaudio_note TEXT,
    python TEXT,
    install_style TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX torch_release_current ON torch_release (listing, torch) WHERE valid_to IS NULL;
CREATE TABLE release_backend (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT NOT NULL,
    os TEXT NOT NULL,
    arch TEXT NOT NULL,
    evidence TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX release_backend_current ON release_backend (listing, torch, backend, os, arch) WHERE valid_to IS NULL;
CREATE TABLE pypi_backend (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    os TEXT NOT NULL,
    arch TEXT NOT NULL,
    backend TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX pypi_backend_current ON pypi_backend (listing, torch, os, arch) WHERE valid_to IS NULL;
CREATE TABLE backend_cuda (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    backend TEXT NOT NULL,
    cuda TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX backend_cuda_current ON backend_cuda (listing, backend) WHERE valid_to IS NULL;
CREATE TABLE cuda_driver (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    cuda TEXT NOT NULL,
    os TEXT NOT NULL,
    toolkit_minimum TEXT,
    installer_driver TEXT,
    used TEXT,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX cuda_driver_current ON cuda_driver (listing, cuda, os) WHERE valid_to IS NULL;
CREATE TABLE cuda_compat (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    cuda_major TEXT NOT NULL,
    os TEXT NOT NULL,
    minimum_driver TEXT NOT NULL,
    below_driver TEXT,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX cuda_compat_current ON cuda_compat (listing, cuda_major, os) WHERE valid_to IS NULL;
CREATE TABLE cuda_arch_list (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT NOT NULL,
    os TEXT NOT NULL,
    arch TEXT NOT NULL,
    arch_list TEXT NOT NULL,
    basis TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX cuda_arch_list_current ON cuda_arch_list (listing, torch, backend, os, arch) WHERE valid_to IS NULL;
CREATE TABLE compute_capability (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    sm TEXT NOT NULL,
    first_cuda TEXT NOT NULL,
    architecture TEXT,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX compute_capability_current ON compute_capability (listing, sm) WHERE valid_to IS NULL;
CREATE TABLE rocm_target (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    backend TEXT NOT NULL,
    gfx TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX rocm_target_current ON rocm_target (listing, backend) WHERE valid_to IS NULL;
CREATE TABLE gpu_pci (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    vendor TEXT NOT NULL,
    device TEXT NOT NULL,
    name TEXT NOT NULL,
    discrete INTEGER NOT NULL,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX gpu_pci_current ON gpu_pci (listing, vendor, device) WHERE valid_to IS NULL;
CREATE TABLE gpu_model (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    name TEXT NOT NULL,
    compute_capability TEXT NOT NULL,
    codename TEXT,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX gpu_model_current ON gpu_model (listing, name) WHERE valid_to IS NULL;
CREATE TABLE windows_runtime (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    item TEXT NOT NULL,
    value TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX windows_runtime_current ON windows_runtime (listing, torch, item) WHERE valid_to IS NULL;
CREATE TABLE known_issue (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    issue TEXT NOT NULL,
    os TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT,
    severity TEXT NOT NULL,
    error TEXT NOT NULL,
    cause TEXT NOT NULL,
    fix TEXT NOT NULL,
    links TEXT NOT NULL,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX known_issue_current ON known_issue (listing, issue) WHERE valid_to IS NULL;
)sql";

// Migration 3: what `torchpin update` remembers per page URL (validators for conditional
// requests, the listing digest they vouch for, the variant folders the page points to). Not
// revisioned: it describes the last fetch, not the matrix; written in the import's transaction.
constexpr const char* migration_3 = R"sql(
CREATE TABLE http_cache (
    url TEXT PRIMARY KEY,
    etag TEXT,
    last_modified TEXT,
    listing_digest TEXT,
    backend_folders TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    CHECK (etag IS NOT NULL OR last_modified IS NOT NULL)
) STRICT, WITHOUT ROWID;
)sql";

// Migration 4: the wheel rows of one release found without scanning the package's (`resolve`
// reads them per release, see load_compat_matrix_wheels_on_demand). It replaces the index on
// (package, valid_from), which it serves as well, so that an import still keeps two indexes
// up to date per row, not three.
constexpr const char* migration_4 = R"sql(
DROP INDEX wheel_file_package;
CREATE INDEX wheel_file_release ON wheel_file (package, version);
)sql";

// Migration 5: a known issue's one-line summary and fix, for the warning line answers print (the
// full error, cause and fix stay for `explain`), and the Visual C++ runtime version from which a
// machine is known not to have the issue. Optional: rows imported before stay valid. The table is
// rebuilt so that its columns keep the spec's order (key and values, then provenance).
constexpr const char* migration_5 = R"sql(
CREATE TABLE known_issue_5 (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    issue TEXT NOT NULL,
    os TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT,
    severity TEXT NOT NULL,
    error TEXT NOT NULL,
    cause TEXT NOT NULL,
    fix TEXT NOT NULL,
    links TEXT NOT NULL,
    cites TEXT NOT NULL,
    summary TEXT,
    fix_summary TEXT,
    unless_vc_runtime TEXT,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
INSERT INTO known_issue_5 (id, listing, issue, os, torch, backend, severity, error, cause, fix,
                           links, cites, source, valid_from, valid_to)
    SELECT id, listing, issue, os, torch, backend, severity, error, cause, fix, links, cites,
           source, valid_from, valid_to FROM known_issue;
DROP TABLE known_issue;
ALTER TABLE known_issue_5 RENAME TO known_issue;
CREATE INDEX known_issue_current ON known_issue (listing, issue) WHERE valid_to IS NULL;
)sql";

// Migration 6: the CUDA toolkit of a backend for the torch releases where it differs from the
// backend's (cu132 is CUDA 13.2.2 from torch 2.14.1), and the companions that require a range of
// torch instead of one release (torchvision 0.29.1: torch>=2.14). New tables only: rows imported
// before stay valid.
constexpr const char* migration_6 = R"sql(
CREATE TABLE release_cuda (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT NOT NULL,
    cuda TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX release_cuda_current ON release_cuda (listing, torch, backend) WHERE valid_to IS NULL;
CREATE TABLE companion_range (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    package TEXT NOT NULL,
    version TEXT NOT NULL,
    torch TEXT NOT NULL,
    released_with TEXT NOT NULL,
    note TEXT,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX companion_range_current ON companion_range (listing, package, version) WHERE valid_to IS NULL;
)sql";

// Migration 7: hsa_override, the HSA_OVERRIDE_GFX_VERSION value a source documents for an AMD
// GPU target and the target ROCm then runs it as (engine/matrix/dataset_tables.cpp). A new table:
// content imported before keeps its digest, having no listing of it.
constexpr const char* migration_7 = R"sql(
CREATE TABLE hsa_override (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    gfx TEXT NOT NULL,
    chip TEXT NOT NULL,
    hsa_version TEXT NOT NULL,
    runs_as TEXT NOT NULL,
    rocm_up_to TEXT,
    statement TEXT NOT NULL,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX hsa_override_current ON hsa_override (listing, gfx) WHERE valid_to IS NULL;
)sql";

// Migration 8: where each wheel row's file was seen (`seen_in`: the hash file, script or lockfile
// a wheel list names per entry), so that a list gathered from many places keeps each row's own
// source and `explain` can show it. Optional: rows imported before stay valid and keep their
// content digest. The table is rebuilt so that its columns keep the spec's order.
constexpr const char* migration_8 = R"sql(
CREATE TABLE wheel_file_8 (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    url TEXT NOT NULL,
    file_name TEXT NOT NULL,
    package TEXT NOT NULL,
    version TEXT NOT NULL,
    backend TEXT,
    python_tags TEXT NOT NULL,
    abi_tags TEXT NOT NULL,
    platform_tags TEXT NOT NULL,
    sha256 TEXT,
    requires_python TEXT,
    yanked INTEGER NOT NULL CHECK (yanked IN (0, 1)),
    yanked_reason TEXT NOT NULL,
    core_metadata TEXT,
    upload_time TEXT,
    provenance TEXT NOT NULL CHECK (provenance IN ('observed', 'derived')),
    seen_in TEXT,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
INSERT INTO wheel_file_8 (id, listing, url, file_name, package, version, backend, python_tags,
                          abi_tags, platform_tags, sha256, requires_python, yanked,
                          yanked_reason, core_metadata, upload_time, provenance, source,
                          valid_from, valid_to)
    SELECT id, listing, url, file_name, package, version, backend, python_tags, abi_tags,
           platform_tags, sha256, requires_python, yanked, yanked_reason, core_metadata,
           upload_time, provenance, source, valid_from, valid_to FROM wheel_file;
DROP TABLE wheel_file;
ALTER TABLE wheel_file_8 RENAME TO wheel_file;
CREATE INDEX wheel_file_current ON wheel_file (listing, url) WHERE valid_to IS NULL;
CREATE INDEX wheel_file_release ON wheel_file (package, version);
)sql";

// Migration 9: the GPU tables by name and PCI id from sourced product lists. gpu_model (NVIDIA)
// gains each product's PCI ids, whether its capability is inferred from the chip, architecture,
// segment and derivation: optional, so rows imported before stay valid; rebuilt, as known_issue
// in migration 5, to keep the spec's column order. AMD products with their gfx target and Intel
// products with their family and PyTorch XPU support are new tables.
constexpr const char* migration_9 = R"sql(
CREATE TABLE gpu_model_9 (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    name TEXT NOT NULL,
    compute_capability TEXT NOT NULL,
    codename TEXT,
    note TEXT,
    cites TEXT NOT NULL,
    pci_ids TEXT,
    inferred_from TEXT,
    architecture TEXT,
    segment TEXT,
    derivation TEXT,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
INSERT INTO gpu_model_9 (id, listing, name, compute_capability, codename, note, cites, source,
                         valid_from, valid_to)
    SELECT id, listing, name, compute_capability, codename, note, cites, source, valid_from,
           valid_to FROM gpu_model;
DROP TABLE gpu_model;
ALTER TABLE gpu_model_9 RENAME TO gpu_model;
CREATE INDEX gpu_model_current ON gpu_model (listing, name) WHERE valid_to IS NULL;
CREATE TABLE amd_gpu_model (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    name TEXT NOT NULL,
    pci_id TEXT,
    gfx_target TEXT NOT NULL,
    inferred_from TEXT,
    hsa_override TEXT,
    segment TEXT NOT NULL,
    derivation TEXT NOT NULL,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX amd_gpu_model_current ON amd_gpu_model (listing, name, pci_id) WHERE valid_to IS NULL;
CREATE TABLE intel_gpu_model (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    pci_id TEXT NOT NULL,
    name TEXT NOT NULL,
    family TEXT NOT NULL,
    xpu_listed INTEGER NOT NULL,
    xpu_support TEXT NOT NULL,
    derivation TEXT NOT NULL,
    cites TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
CREATE INDEX intel_gpu_model_current ON intel_gpu_model (listing, pci_id) WHERE valid_to IS NULL;
)sql";

// Migration 10: the message patterns of a known issue (one per line), the link that shows its
// message verbatim, whether it is known only by its message (then answers never warn of it),
// and the fact of the machine or the install that decides it (`decided_by`); `torchpin
// explain-error` matches pasted errors against them. Optional: rows imported
// before stay valid and keep their digest. Rebuilt, as in migration 5, to keep the spec's order.
constexpr const char* migration_10 = R"sql(
CREATE TABLE known_issue_10 (
    id INTEGER PRIMARY KEY,
    listing TEXT NOT NULL,
    issue TEXT NOT NULL,
    os TEXT NOT NULL,
    torch TEXT NOT NULL,
    backend TEXT,
    severity TEXT NOT NULL,
    error TEXT NOT NULL,
    cause TEXT NOT NULL,
    fix TEXT NOT NULL,
    links TEXT NOT NULL,
    cites TEXT NOT NULL,
    summary TEXT,
    fix_summary TEXT,
    unless_vc_runtime TEXT,
    patterns TEXT,
    message_source TEXT,
    message_only INTEGER,
    decided_by TEXT,
    source INTEGER NOT NULL REFERENCES source(id),
    valid_from INTEGER NOT NULL REFERENCES revision(number),
    valid_to INTEGER REFERENCES revision(number),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
) STRICT;
INSERT INTO known_issue_10 (id, listing, issue, os, torch, backend, severity, error, cause, fix,
                            links, cites, summary, fix_summary, unless_vc_runtime, source,
                            valid_from, valid_to)
    SELECT id, listing, issue, os, torch, backend, severity, error, cause, fix, links, cites,
           summary, fix_summary, unless_vc_runtime, source, valid_from, valid_to FROM known_issue;
DROP TABLE known_issue;
ALTER TABLE known_issue_10 RENAME TO known_issue;
CREATE INDEX known_issue_current ON known_issue (listing, issue) WHERE valid_to IS NULL;
)sql";

const std::vector<const char*>& migrations() {
    static const std::vector<const char*> all{migration_1, migration_2, migration_3, migration_4,
                                              migration_5, migration_6, migration_7, migration_8,
                                              migration_9, migration_10};
    return all;
}

} // namespace

int latest_schema_version() noexcept {
    return static_cast<int>(migrations().size());
}

void migrate(sqlite::Database& db) {
    const int current = db.user_version();
    if (current > latest_schema_version()) {
        throw std::runtime_error("the matrix database has schema version " +
                                 std::to_string(current) + ", newer than this torchpin knows (" +
                                 std::to_string(latest_schema_version()) + "); upgrade torchpin");
    }
    for (int version = current + 1; version <= latest_schema_version(); ++version) {
        sqlite::Transaction transaction(db);
        db.execute(migrations()[static_cast<std::size_t>(version - 1)]);
        db.set_user_version(version);
        transaction.commit();
    }
}

const TableSpec& wheel_file_table() {
    static const TableSpec spec{"wheel_file",
                                {{"url"}},
                                {{"file_name"},
                                 {"package"},
                                 {"version"},
                                 {"backend", ColumnType::Text, false},
                                 {"python_tags"},
                                 {"abi_tags"},
                                 {"platform_tags"},
                                 {"sha256", ColumnType::Text, false},
                                 {"requires_python", ColumnType::Text, false},
                                 {"yanked", ColumnType::Integer},
                                 {"yanked_reason"},
                                 {"core_metadata", ColumnType::Text, false},
                                 {"upload_time", ColumnType::Text, false},
                                 {"provenance"},
                                 {"seen_in", ColumnType::Text, false, true}}};
    return spec;
}

const std::vector<const TableSpec*>& revisioned_tables() {
    static const std::vector<const TableSpec*> all = [] {
        std::vector<const TableSpec*> tables{&wheel_file_table()};
        tables.insert(tables.end(), dataset_tables().begin(), dataset_tables().end());
        return tables;
    }();
    return all;
}

} // namespace torchpin
