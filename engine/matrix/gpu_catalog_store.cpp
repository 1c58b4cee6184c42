// SELECTs of the current GPU table rows into GpuCatalog rows.
#include "engine/matrix/gpu_catalog_store.hpp"

#include "engine/matrix/revisioned_table.hpp"

#include <sstream>

namespace torchpin {

namespace {

std::vector<std::string> space_separated(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string word; in >> word;) {
        words.push_back(word);
    }
    return words;
}

// Every id of a space-separated list, or nullopt when one does not parse.
std::optional<std::vector<PciId>> pci_ids(const std::string& text) {
    std::vector<PciId> ids;
    for (const auto& word : space_separated(text)) {
        auto id = PciId::parse(word);
        if (!id) {
            return std::nullopt;
        }
        ids.push_back(*id);
    }
    return ids;
}

std::vector<NvidiaGpuRow> nvidia_rows(sqlite::Database& db, std::int64_t revision) {
    std::vector<NvidiaGpuRow> rows;
    auto select = db.prepare("SELECT name, compute_capability, inferred_from, codename, pci_ids "
                             "FROM gpu_model WHERE " +
                             valid_at(1) + " ORDER BY name");
    select.bind(1, revision);
    while (select.step()) {
        auto capability = ComputeCapability::parse(select.text(1));
        auto ids = pci_ids(select.optional_text(4).value_or(""));
        if (capability && ids) {
            rows.push_back({select.text(0), *capability, select.optional_text(2).value_or(""),
                            space_separated(select.optional_text(3).value_or("")),
                            std::move(*ids)});
        }
    }
    return rows;
}

std::vector<AmdGpuRow> amd_rows(sqlite::Database& db, std::int64_t revision) {
    std::vector<AmdGpuRow> rows;
    auto select = db.prepare("SELECT name, pci_id, gfx_target, inferred_from FROM amd_gpu_model "
                             "WHERE " +
                             valid_at(1) + " ORDER BY name, pci_id");
    select.bind(1, revision);
    while (select.step()) {
        std::optional<PciId> id;
        if (auto text = select.optional_text(1)) {
            auto parsed = PciId::parse(*text);
            if (!parsed) {
                continue;
            }
            id = *parsed;
        }
        rows.push_back({select.text(0), id, select.text(2), select.optional_text(3).value_or("")});
    }
    return rows;
}

std::vector<IntelGpuRow> intel_rows(sqlite::Database& db, std::int64_t revision) {
    std::vector<IntelGpuRow> rows;
    auto select = db.prepare("SELECT pci_id, name, family, xpu_listed, xpu_support FROM "
                             "intel_gpu_model WHERE " +
                             valid_at(1) + " ORDER BY pci_id");
    select.bind(1, revision);
    while (select.step()) {
        if (auto id = PciId::parse(select.text(0))) {
            rows.push_back(
                {*id, select.text(1), select.text(2), select.integer(3) != 0, select.text(4)});
        }
    }
    return rows;
}

std::vector<GpuPciRow> pci_rows(sqlite::Database& db, std::int64_t revision) {
    std::vector<GpuPciRow> rows;
    auto select = db.prepare("SELECT vendor, device, name, discrete FROM gpu_pci WHERE " +
                             valid_at(1) + " ORDER BY vendor, device");
    select.bind(1, revision);
    while (select.step()) {
        if (auto id = PciId::parse(select.text(0) + ":" + select.text(1))) {
            rows.push_back({*id, select.text(2), select.integer(3) != 0});
        }
    }
    return rows;
}

} // namespace

GpuCatalog load_gpu_catalog(sqlite::Database& db, std::int64_t revision) {
    return GpuCatalog(GpuTables{nvidia_rows(db, revision), amd_rows(db, revision),
                                intel_rows(db, revision), pci_rows(db, revision)});
}

} // namespace torchpin
