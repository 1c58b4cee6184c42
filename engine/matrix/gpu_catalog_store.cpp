// The current GPU table rows, read through their declarations, as GpuCatalog rows.
#include "engine/matrix/gpu_catalog_store.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <algorithm>

namespace torchpin {

namespace {

std::vector<GpuPciRow> pci_rows(sqlite::Database& db, std::int64_t revision) {
    std::vector<GpuPciRow> rows;
    for (GpuPciEntry& entry : read_rows(db, dataset_columns::gpu_pci, revision)) {
        rows.push_back({PciId{entry.vendor, entry.device}, std::move(entry.name), entry.discrete});
    }
    std::sort(rows.begin(), rows.end(),
              [](const GpuPciRow& a, const GpuPciRow& b) { return a.id < b.id; });
    return rows;
}

} // namespace

GpuCatalog load_gpu_catalog(sqlite::Database& db, std::int64_t revision) {
    auto nvidia = read_rows(db, dataset_columns::gpu_model, revision);
    std::sort(nvidia.begin(), nvidia.end(),
              [](const NvidiaGpuRow& a, const NvidiaGpuRow& b) { return a.name < b.name; });
    auto amd = read_rows(db, dataset_columns::amd_gpu_model, revision);
    std::sort(amd.begin(), amd.end(), [](const AmdGpuRow& a, const AmdGpuRow& b) {
        return std::tie(a.name, a.pci_id) < std::tie(b.name, b.pci_id);
    });
    auto intel = read_rows(db, dataset_columns::intel_gpu_model, revision);
    std::sort(intel.begin(), intel.end(),
              [](const IntelGpuRow& a, const IntelGpuRow& b) { return a.id < b.id; });
    return GpuCatalog(
        GpuTables{std::move(nvidia), std::move(amd), std::move(intel), pci_rows(db, revision)});
}

} // namespace torchpin
