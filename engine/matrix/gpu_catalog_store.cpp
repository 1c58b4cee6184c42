// SELECTs of the current gpu_pci and gpu_model rows into GpuCatalog rows.
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

} // namespace

GpuCatalog load_gpu_catalog(sqlite::Database& db, std::int64_t revision) {
    std::vector<GpuPciRow> pci_rows;
    auto pci = db.prepare("SELECT vendor, device, name, discrete FROM gpu_pci WHERE " +
                          valid_at(1) + " ORDER BY vendor, device");
    pci.bind(1, revision);
    while (pci.step()) {
        if (auto id = PciId::parse(pci.text(0) + ":" + pci.text(1))) {
            pci_rows.push_back({*id, pci.text(2), pci.integer(3) != 0});
        }
    }
    std::vector<GpuModelRow> model_rows;
    auto model = db.prepare("SELECT name, compute_capability, codename FROM gpu_model WHERE " +
                            valid_at(1) + " ORDER BY name");
    model.bind(1, revision);
    while (model.step()) {
        if (auto capability = ComputeCapability::parse(model.text(1))) {
            model_rows.push_back(
                {model.text(0), *capability, space_separated(model.optional_text(2).value_or(""))});
        }
    }
    return GpuCatalog(std::move(pci_rows), std::move(model_rows));
}

} // namespace torchpin
