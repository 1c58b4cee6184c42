// GPU lookup rules: capability and sm spellings, PCI ids through pci.ids names, model names,
// and edit-distance suggestions.
#include "engine/hardware/gpu_catalog.hpp"

#include "engine/base/edit_distance.hpp"
#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <tuple>

namespace torchpin {

namespace {

constexpr std::size_t max_suggestions = 5;

// The marketing name inside "GA102 [GeForce RTX 3090]", and the codename before it.
std::pair<std::string_view, std::string_view> split_pci_name(std::string_view name) {
    const std::size_t open = name.find('[');
    const std::size_t close = name.rfind(']');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
        return {trim_ascii(name), ""};
    }
    return {trim_ascii(name.substr(open + 1, close - open - 1)), trim_ascii(name.substr(0, open))};
}

} // namespace

std::string normalized_gpu_name(std::string_view name) {
    std::string key;
    for (char c : trim_ascii(name)) {
        if (c != ' ' && c != '\t' && c != '-' && c != '_') {
            key += ascii_lower(c);
        }
    }
    if (key.starts_with("nvidia") && key.size() > 6) {
        key.erase(0, 6);
    }
    return key;
}

GpuCatalog::GpuCatalog(std::vector<GpuPciRow> pci_rows, std::vector<GpuModelRow> model_rows)
    : models_(std::move(model_rows)) {
    for (auto& row : pci_rows) {
        const PciId id = row.id;
        pci_.emplace(id, std::move(row));
    }
    for (std::size_t i = 0; i < models_.size(); ++i) {
        models_by_key_.emplace(normalized_gpu_name(models_[i].name), i);
        for (const auto& codename : models_[i].codenames) {
            models_by_key_.emplace(normalized_gpu_name(codename), i);
        }
    }
}

const GpuPciRow* GpuCatalog::pci_row(PciId id) const {
    const auto it = pci_.find(id);
    return it == pci_.end() ? nullptr : &it->second;
}

std::optional<GpuMatch> GpuCatalog::match_name(std::string_view name) const {
    const auto it = models_by_key_.find(normalized_gpu_name(name));
    if (it == models_by_key_.end()) {
        return std::nullopt;
    }
    const GpuModelRow& row = models_[it->second];
    const bool by_codename = normalized_gpu_name(row.name) != it->first;
    return GpuMatch{row.compute_capability, row.name, std::nullopt,
                    std::string(by_codename ? "codename" : "model name") + " '" +
                        std::string(trim_ascii(name)) + "' in the GPU model table (" + row.name +
                        ")"};
}

std::optional<GpuMatch> GpuCatalog::match_pci(PciId id) const {
    const GpuPciRow* row = pci_row(id);
    if (row == nullptr) {
        return std::nullopt;
    }
    const auto [marketing, codename] = split_pci_name(row->name);
    for (std::string_view candidate : {marketing, codename}) {
        if (candidate.empty()) {
            continue;
        }
        if (auto match = match_name(candidate)) {
            match->pci_id = id;
            match->rule = "PCI id " + id.to_string() + " is '" + row->name +
                          "' in the GPU PCI table; " + match->rule;
            return match;
        }
    }
    return std::nullopt;
}

GpuLookup GpuCatalog::lookup(std::string_view text) const {
    const std::string_view trimmed = trim_ascii(text);
    if (auto capability = ComputeCapability::parse(trimmed)) {
        return {
            GpuMatch{*capability, "", std::nullopt, "compute capability " + std::string(trimmed)},
            "",
            {}};
    }
    if (trimmed.starts_with("sm")) {
        if (auto capability = ComputeCapability::parse_sm(trimmed)) {
            return {
                GpuMatch{*capability, "", std::nullopt, "sm name " + std::string(trimmed)}, "", {}};
        }
    }
    if (auto id = PciId::parse(trimmed)) {
        if (auto match = match_pci(*id)) {
            return {std::move(match), "", {}};
        }
        const GpuPciRow* row = pci_row(*id);
        if (row == nullptr) {
            return {std::nullopt, "PCI id " + id->to_string() + " is not in the GPU PCI table", {}};
        }
        return {std::nullopt,
                "PCI id " + id->to_string() + " is '" + row->name +
                    "' in the GPU PCI table, but the GPU model table has no compute capability "
                    "for that name or codename",
                {}};
    }
    if (auto match = match_name(trimmed)) {
        return {std::move(match), "", {}};
    }
    return {std::nullopt, "no GPU model is named '" + std::string(trimmed) + "'", suggest(trimmed)};
}

std::vector<std::string> GpuCatalog::suggest(std::string_view text) const {
    const std::string key = normalized_gpu_name(text);
    if (key.empty()) {
        return {};
    }
    const std::size_t limit = std::max<std::size_t>(2, key.size() / 3);
    std::vector<std::tuple<std::size_t, std::string>> near; // (distance, name)
    for (const auto& row : models_) {
        const std::string candidate = normalized_gpu_name(row.name);
        const std::size_t distance = edit_distance(key, candidate);
        if (distance <= limit) {
            near.emplace_back(distance, row.name);
        } else if (key.size() >= 3 && candidate.find(key) != std::string::npos) {
            near.emplace_back(limit + 1 + candidate.size() - key.size(), row.name);
        }
    }
    std::sort(near.begin(), near.end());
    std::vector<std::string> names;
    for (const auto& [distance, name] : near) {
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            names.push_back(name);
        }
        if (names.size() == max_suggestions) {
            break;
        }
    }
    return names;
}

} // namespace torchpin
