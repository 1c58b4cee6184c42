// GPU lookup rules: capability, sm and gfx spellings, PCI ids and names in the product tables,
// ambiguity, and edit-distance suggestions.
#include "engine/hardware/gpu_catalog.hpp"

#include "engine/base/edit_distance.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/hardware/gpu_name.hpp"

#include <algorithm>
#include <tuple>

namespace torchpin {

namespace {

constexpr std::size_t max_suggestions = 5;
constexpr std::size_t max_names_in_rule = 10;

// "gfx1031", "gfx90a", "gfx942": an LLVM AMDGPU target, lowercase.
bool is_gfx_target(std::string_view text) {
    if (!text.starts_with("gfx") || text.size() < 6 || text.size() > 7 ||
        !is_ascii_digit(text[3])) {
        return false;
    }
    return std::all_of(text.begin() + 3, text.end(),
                       [](char c) { return is_ascii_digit(c) || (c >= 'a' && c <= 'f'); });
}

std::vector<std::vector<std::string>> words_of_each(const std::vector<std::string>& names) {
    std::vector<std::vector<std::string>> out;
    for (const auto& name : names) {
        if (auto words = gpu_name_words(name); !words.empty()) {
            out.push_back(std::move(words));
        }
    }
    return out;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& word : words) {
        out += word;
    }
    return out;
}

// The distinct names of `products`, in order, at most `limit` of them, then "… (N in all)".
std::string name_list(const std::vector<GpuProduct>& products, std::size_t limit) {
    std::vector<std::string> names;
    for (const auto& product : products) {
        if (std::find(names.begin(), names.end(), product.name) == names.end()) {
            names.push_back(product.name);
        }
    }
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < limit; ++i) {
        out += (i == 0 ? "" : ", ") + names[i];
    }
    if (names.size() > limit) {
        out += ", … (" + std::to_string(names.size()) + " in all)";
    }
    return out;
}

std::string table_name(GpuVendor vendor) {
    return "the " + std::string(vendor_name(vendor)) + " GPU table";
}

// What the tables would have given a GPU of this vendor.
std::string what_tables_give(std::uint16_t vendor) {
    switch (vendor) {
    case pci_vendor_nvidia:
        return "a compute capability";
    case pci_vendor_amd:
        return "a gfx target";
    default:
        return "a family";
    }
}

} // namespace

std::string_view vendor_name(GpuVendor vendor) {
    switch (vendor) {
    case GpuVendor::Nvidia:
        return "NVIDIA";
    case GpuVendor::Amd:
        return "AMD";
    case GpuVendor::Intel:
        return "Intel";
    }
    return "";
}

std::string GpuCapability::to_string() const {
    switch (vendor) {
    case GpuVendor::Nvidia:
        return "compute capability " +
               (compute_capability ? compute_capability->to_string() : std::string("unknown"));
    case GpuVendor::Amd:
        return gfx_target;
    case GpuVendor::Intel:
        return family + (xpu_listed ? ", on PyTorch's XPU list" : ", not on PyTorch's XPU list");
    }
    return "";
}

std::string GpuMatch::product_names() const {
    std::vector<std::string_view> names;
    std::string out;
    for (const auto& product : products) {
        if (std::find(names.begin(), names.end(), product.name) == names.end()) {
            names.push_back(product.name);
            out += (out.empty() ? "" : " / ") + product.name;
        }
    }
    return out;
}

GpuCatalog::GpuCatalog(GpuTables tables)
    : pci_(std::move(tables.pci)) {
    std::sort(pci_.begin(), pci_.end(),
              [](const GpuPciRow& a, const GpuPciRow& b) { return a.id < b.id; });
    for (auto& row : tables.nvidia) {
        GpuCapability capability{GpuVendor::Nvidia, row.compute_capability, "", "", false, ""};
        entries_.push_back({GpuProduct{row.name, std::move(row.pci_ids), std::move(capability),
                                       std::move(row.inferred_from)},
                            words_of_each(gpu_name_alternatives(row.name)),
                            words_of_each(row.codenames)});
    }
    for (auto& row : tables.amd) {
        GpuCapability capability{GpuVendor::Amd, std::nullopt, row.gfx_target, "", false, ""};
        std::vector<PciId> ids;
        if (row.pci_id) {
            ids.push_back(*row.pci_id);
        }
        entries_.push_back({GpuProduct{row.name, std::move(ids), std::move(capability),
                                       std::move(row.inferred_from)},
                            words_of_each(gpu_name_alternatives(row.name)),
                            {}});
    }
    for (auto& row : tables.intel) {
        GpuCapability capability{GpuVendor::Intel, std::nullopt,   "",
                                 row.family,       row.xpu_listed, row.xpu_support};
        entries_.push_back({GpuProduct{row.name, {row.id}, std::move(capability), ""},
                            words_of_each(gpu_name_alternatives(row.name)),
                            {}});
    }
}

const GpuPciRow* GpuCatalog::pci_row(PciId id) const {
    const auto it = std::lower_bound(pci_.begin(), pci_.end(), id,
                                     [](const GpuPciRow& row, PciId key) { return row.id < key; });
    return it != pci_.end() && it->id == id ? &*it : nullptr;
}

GpuLookup GpuCatalog::resolve(const std::vector<const Entry*>& entries,
                              const std::string& described, std::optional<PciId> id) const {
    GpuLookup out;
    const GpuCapability& first = entries.front()->product.capability;
    const bool all_same = std::all_of(entries.begin(), entries.end(), [&](const Entry* entry) {
        return entry->product.capability == first;
    });
    if (!all_same) {
        out.unknown_reason = described + " names GPUs that differ";
        for (const Entry* entry : entries) {
            out.candidates.push_back(entry->product);
        }
        return out;
    }
    GpuMatch match;
    match.capability = first;
    std::vector<PciId> ids;
    std::vector<std::string> inferred;
    bool all_inferred = true;
    for (const Entry* entry : entries) {
        match.products.push_back(entry->product);
        for (PciId product_id : entry->product.pci_ids) {
            if (std::find(ids.begin(), ids.end(), product_id) == ids.end()) {
                ids.push_back(product_id);
            }
        }
        const std::string& from = entry->product.inferred_from;
        all_inferred = all_inferred && !from.empty();
        if (!from.empty() && std::find(inferred.begin(), inferred.end(), from) == inferred.end()) {
            inferred.push_back(from);
        }
    }
    match.pci_id = id ? id : (ids.size() == 1 ? std::optional<PciId>(ids.front()) : std::nullopt);
    if (all_inferred) {
        for (const auto& from : inferred) {
            match.inferred_from += (match.inferred_from.empty() ? "" : ", ") + from;
        }
    }
    if (match.products.size() == 1) {
        match.rule =
            described + " is " + match.products.front().name + " in " + table_name(first.vendor);
    } else {
        match.rule = described + " names " + std::to_string(match.products.size()) +
                     " products of " + table_name(first.vendor) + ", all " + first.to_string() +
                     ": " + name_list(match.products, max_names_in_rule);
    }
    if (!match.inferred_from.empty()) {
        match.rule += first.vendor == GpuVendor::Nvidia ? "; compute capability" : "; gfx target";
        match.rule += " inferred from " + match.inferred_from;
    }
    out.match = std::move(match);
    return out;
}

GpuLookup GpuCatalog::lookup_pci(PciId id) const {
    std::vector<const Entry*> found;
    for (const Entry& entry : entries_) {
        const auto& ids = entry.product.pci_ids;
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) {
            found.push_back(&entry);
        }
    }
    if (!found.empty()) {
        return resolve(found, "PCI id " + id.to_string(), id);
    }
    GpuLookup out;
    if (id.vendor != pci_vendor_nvidia && id.vendor != pci_vendor_amd &&
        id.vendor != pci_vendor_intel) {
        out.unknown_reason = "PCI id " + id.to_string() + " is not an NVIDIA, AMD or Intel GPU";
    } else if (const GpuPciRow* row = pci_row(id)) {
        out.unknown_reason = "PCI id " + id.to_string() + " is '" + row->name +
                             "' in torchruntime's PCI list, but no GPU table gives it " +
                             what_tables_give(id.vendor);
    } else {
        out.unknown_reason = "PCI id " + id.to_string() + " is in no GPU table";
    }
    return out;
}

GpuLookup GpuCatalog::lookup_name(std::string_view name) const {
    const std::string trimmed(trim_ascii(name));
    const std::vector<std::string> words = gpu_name_words(trimmed);
    std::vector<const Entry*> exact;
    std::vector<const Entry*> containing;
    for (const Entry& entry : entries_) {
        const auto is_words = [&](const std::vector<std::string>& w) { return w == words; };
        if (std::any_of(entry.names.begin(), entry.names.end(), is_words) ||
            std::any_of(entry.codenames.begin(), entry.codenames.end(), is_words)) {
            exact.push_back(&entry);
        } else if (std::any_of(entry.names.begin(), entry.names.end(),
                               [&](const auto& w) { return contains_gpu_words(w, words); })) {
            containing.push_back(&entry);
        }
    }
    const std::string described = "'" + trimmed + "'";
    if (!exact.empty()) {
        return resolve(exact, described, std::nullopt);
    }
    if (!containing.empty()) {
        return resolve(containing, described, std::nullopt);
    }
    return {std::nullopt,
            "no GPU in the NVIDIA, AMD or Intel tables is named " + described,
            suggest(trimmed),
            {}};
}

GpuLookup GpuCatalog::lookup(std::string_view text) const {
    const std::string_view trimmed = trim_ascii(text);
    if (auto capability = ComputeCapability::parse(trimmed)) {
        GpuCapability nvidia{GpuVendor::Nvidia, *capability, "", "", false, ""};
        return {GpuMatch{std::move(nvidia),
                         {},
                         std::nullopt,
                         "",
                         "compute capability " + std::string(trimmed)},
                "",
                {},
                {}};
    }
    if (trimmed.starts_with("sm")) {
        if (auto capability = ComputeCapability::parse_sm(trimmed)) {
            GpuCapability nvidia{GpuVendor::Nvidia, *capability, "", "", false, ""};
            return {GpuMatch{
                        std::move(nvidia), {}, std::nullopt, "", "sm name " + std::string(trimmed)},
                    "",
                    {},
                    {}};
        }
    }
    std::string lowered;
    for (char c : trimmed) {
        lowered += ascii_lower(c);
    }
    if (is_gfx_target(lowered)) {
        GpuCapability amd{GpuVendor::Amd, std::nullopt, lowered, "", false, ""};
        return {
            GpuMatch{std::move(amd), {}, std::nullopt, "", "gfx target " + lowered}, "", {}, {}};
    }
    if (auto id = PciId::parse(trimmed)) {
        return lookup_pci(*id);
    }
    return lookup_name(trimmed);
}

std::vector<std::string> GpuCatalog::suggest(std::string_view text) const {
    const std::string key = joined(gpu_name_words(text));
    if (key.empty()) {
        return {};
    }
    const std::size_t limit = std::max<std::size_t>(2, key.size() / 3);
    std::vector<std::tuple<std::size_t, std::string>> near; // (distance, name)
    for (const Entry& entry : entries_) {
        for (const auto& words : entry.names) {
            const std::string candidate = joined(words);
            const std::size_t distance = edit_distance(key, candidate);
            if (distance <= limit) {
                near.emplace_back(distance, entry.product.name);
            } else if (key.size() >= 3 && candidate.find(key) != std::string::npos) {
                near.emplace_back(limit + 1 + candidate.size() - key.size(), entry.product.name);
            }
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
