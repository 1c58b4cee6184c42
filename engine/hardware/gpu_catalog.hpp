// The GPU tables in memory: PCI ids and marketing names to compute capabilities, for --gpu and
// for GPUs whose driver does not report one.
#pragma once

#include "engine/hardware/compute_capability.hpp"
#include "engine/hardware/pci_id.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A gpu_pci row: {10de:2204, "GA102 [GeForce RTX 3090]", discrete}.
struct GpuPciRow {
    PciId id;
    std::string name; // as pci.ids spells it: "codename [marketing name]"
    bool discrete = true;
};

// A gpu_model row: {"GeForce RTX 3090", 8.6, {"GA102"}}.
struct GpuModelRow {
    std::string name;
    ComputeCapability compute_capability;
    std::vector<std::string> codenames;
};

// What a GPU description resolved to, and the rule that matched, for people to check:
// "marketing name 'GeForce RTX 3090' in the GPU model table".
struct GpuMatch {
    ComputeCapability compute_capability;
    std::string model;           // the model table's name; empty for "8.6" and "sm_86"
    std::optional<PciId> pci_id; // set when matched by PCI id
    std::string rule;
};

// A lookup's answer: a match, or "unknown" with the reason and the nearest names.
struct GpuLookup {
    std::optional<GpuMatch> match;
    std::string unknown_reason;           // "no GPU model is named 'RTX 3909'"
    std::vector<std::string> suggestions; // model names, nearest first
};

class GpuCatalog {
public:
    GpuCatalog(std::vector<GpuPciRow> pci_rows, std::vector<GpuModelRow> model_rows);

    // Resolves what --gpu accepts, by the first rule that applies: a compute capability
    // ("8.6"), an sm name ("sm_86"), a PCI id ("10de:2204", via its pci.ids name to the model
    // table), a marketing name or codename ("RTX 3090", "geforce rtx3090", "NVIDIA GeForce RTX
    // 3090"; case, spaces, '-' and '_' do not matter).
    GpuLookup lookup(std::string_view text) const;

    // The gpu_pci row of an id, or nullptr.
    const GpuPciRow* pci_row(PciId id) const;
    // A PCI id's model: its pci.ids name's bracketed marketing name, else its codename, looked
    // up in the model table. nullopt when neither is there: never a guessed capability.
    std::optional<GpuMatch> match_pci(PciId id) const;
    // A name as drivers report it ("NVIDIA GeForce RTX 3090") in the model table.
    std::optional<GpuMatch> match_name(std::string_view name) const;
    // Model names near `text`: within a few edits, or containing it; nearest first, at most 5.
    std::vector<std::string> suggest(std::string_view text) const;

private:
    std::map<PciId, GpuPciRow> pci_;
    std::vector<GpuModelRow> models_;
    std::map<std::string, std::size_t, std::less<>> models_by_key_; // normalized name -> row
};

// The key names are compared by: lowercase, without spaces, '-', '_' and a leading "nvidia":
// normalized_gpu_name("NVIDIA GeForce RTX-3090") == "geforcertx3090".
std::string normalized_gpu_name(std::string_view name);

} // namespace torchpin
