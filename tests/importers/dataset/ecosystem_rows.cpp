// The companion_package rows of data/ecosystem.toml, decoded by a matrix built from data/.
#include "tests/importers/dataset/ecosystem_rows.hpp"

#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "importers/dataset/dataset.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <stdexcept>

namespace torchpin::test {

const CompatMatrix& dataset_matrix() {
    static const CompatMatrix matrix = [] {
        static ScratchDirectory scratch("torchpin-ecosystem-matrix");
        auto store = MatrixStore::open(scratch.path() / "matrix.db", true);
        store.import(load_dataset(source_path("data")).request);
        return load_compat_matrix_every_platform(store, *store.latest_revision_number());
    }();
    return matrix;
}

const CompanionPackageFact& companion_row(const std::string& package, const std::string& version) {
    const auto& all = *dataset_matrix().companion_packages;
    const auto it = std::ranges::find_if(all, [&](const CompanionPackageFact& f) {
        return f.package == package && f.version == Version::from(version);
    });
    if (it == all.end()) {
        throw std::runtime_error("no companion_package row " + package + " " + version);
    }
    return *it;
}

} // namespace torchpin::test
