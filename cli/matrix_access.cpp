// Locating and opening the matrix database for reading or writing, per the CLI contract.
#include "cli/matrix_access.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/durable_file.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/user_folders.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/read_only_image.hpp"

extern "C" {
extern const unsigned char torchpin_embedded_matrix[];
extern const unsigned char torchpin_embedded_matrix_end[];
}

namespace torchpin::cli {

std::span<const unsigned char> embedded_matrix() {
    return {torchpin_embedded_matrix, torchpin_embedded_matrix_end};
}

std::filesystem::path user_database_path(const GlobalOptions& global) {
    if (!global.db.empty()) {
        return path_from_utf8(global.db);
    }
    if (auto path = host_variable("TORCHPIN_DB"); path && !path->empty()) {
        return path_from_utf8(*path);
    }
    if (auto folders = user_folders(host_kind(), host_environment())) {
        return folders->data / "matrix.db";
    }
    throw UsageError(host_kind() == HostKind::Windows
                         ? "cannot tell where the user database lives: set LOCALAPPDATA, "
                           "TORCHPIN_DB or pass --db"
                         : "cannot tell where the user database lives: set HOME, XDG_DATA_HOME, "
                           "TORCHPIN_DB or pass --db");
}

MatrixStore open_matrix_for_reading(const GlobalOptions& global) {
    const std::filesystem::path path = user_database_path(global);
    if (std::filesystem::exists(path)) {
        MatrixStore store = MatrixStore::open_to_read(path);
        store.database().keep_wal_files();
        store.read_one_snapshot();
        return store;
    }
    if (!global.db.empty()) {
        throw InputError(Diagnostic{utf8_of(path), 0, 0, "no such matrix database", ""});
    }
    if (embedded_matrix().empty()) {
        throw UsageError("this build has no embedded matrix; pass --db");
    }
    return MatrixStore::open_image(embedded_matrix());
}

MatrixStore open_matrix_for_writing(const GlobalOptions& global) {
    const std::filesystem::path path = user_database_path(global);
    if (!std::filesystem::exists(path) && !embedded_matrix().empty()) {
        std::filesystem::create_directories(path.parent_path().empty() ? "." : path.parent_path());
        std::filesystem::path partial = path;
        partial += ".partial";
        std::filesystem::remove(partial);
        {
            // The whole schema, then the embedded rows: the image has no constraints to copy.
            // The copy closes at the end of the block, which folds its WAL into the file.
            MatrixStore copy = MatrixStore::open(partial, true);
            copy_image_rows(copy.database(), embedded_matrix());
        }
        if (auto error = replace_file(partial, path)) { // atomic: never a half-copied database
            throw InputError(
                Diagnostic{utf8_of(path), 0, 0, "cannot write: " + error.message(), ""});
        }
    }
    return MatrixStore::open(path, true);
}

std::int64_t revision_to_read(MatrixStore& store, std::optional<std::int64_t> requested) {
    if (requested) {
        if (!store.has_revision(*requested)) {
            throw UsageError("the matrix has no revision " + std::to_string(*requested) +
                             " (see 'torchpin db revisions')");
        }
        return *requested;
    }
    const auto latest = store.latest_revision_number();
    if (!latest) {
        throw UsageError("the matrix is empty: import data first ('torchpin import')");
    }
    return *latest;
}

} // namespace torchpin::cli
