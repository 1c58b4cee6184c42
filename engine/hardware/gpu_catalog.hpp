// The GPU tables in memory: NVIDIA, AMD and Intel products by name and PCI id with what each runs
// (compute capability, gfx target, Intel family), for --gpu and for detection.
#pragma once

#include "engine/hardware/compute_capability.hpp"
#include "engine/hardware/pci_id.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

enum class GpuVendor { Nvidia, Amd, Intel };

// What a GPU runs: an NVIDIA compute capability, an AMD gfx target, or an Intel family with its
// place on PyTorch's XPU hardware list.
struct GpuCapability {
    GpuVendor vendor = GpuVendor::Nvidia;
    std::optional<ComputeCapability> compute_capability; // NVIDIA
    std::string gfx_target;                              // AMD: "gfx1030"
    std::string family;                                  // Intel: "Battlemage (Arc B-series)"
    bool xpu_listed = false; // Intel: PyTorch's XPU hardware list names the family
    std::string xpu_support; // Intel: what that list says, quoted

    // "compute capability 8.6", "gfx1030", "Battlemage (Arc B-series), on PyTorch's XPU list".
    std::string to_string() const;
    friend bool operator==(const GpuCapability&, const GpuCapability&) = default;
};

// A gpu_model row: {"GeForce GTX 1080 Ti", 6.1, "", {"GP102"}, {10de:1b06}}.
struct NvidiaGpuRow {
    std::string name;
    ComputeCapability compute_capability;
    std::string inferred_from;          // "chip GB202" where NVIDIA lists no capability for it
    std::vector<std::string> codenames; // the chips pci.ids names for its ids: {"GP102"}
    std::vector<PciId> pci_ids;         // none for Jetson modules (not PCI devices)
};

// An amd_gpu_model row: {"Radeon RX 6800/6800 XT / 6900 XT", 1002:73bf, "gfx1030", ""}.
struct AmdGpuRow {
    std::string name;
    std::optional<PciId> pci_id; // none for the names of ROCm's documentation
    std::string gfx_target;
    std::string inferred_from; // "MI350X" where the target is inferred for this SKU
};

// An intel_gpu_model row: {8086:e20b, "Arc B580", "Battlemage (Arc B-series)", true, "..."}.
struct IntelGpuRow {
    PciId id;
    std::string name;
    std::string family;
    bool xpu_listed = false;
    std::string xpu_support;
};

// A gpu_pci row (torchruntime's list): {10de:2204, "GA102 [GeForce RTX 3090]", discrete}.
struct GpuPciRow {
    PciId id;
    std::string name; // as pci.ids spells it: "codename [marketing name]"
    bool discrete = true;
};

struct GpuTables {
    std::vector<NvidiaGpuRow> nvidia;
    std::vector<AmdGpuRow> amd;
    std::vector<IntelGpuRow> intel;
    std::vector<GpuPciRow> pci;
};

// One table row a description matched.
struct GpuProduct {
    std::string name;
    std::vector<PciId> pci_ids;
    GpuCapability capability;
    std::string inferred_from;
};

// What a GPU description resolved to, and the rule that matched, for people to check:
// "'gtx 1080 ti' is GeForce GTX 1080 Ti in the NVIDIA GPU table".
struct GpuMatch {
    GpuCapability capability;
    std::vector<GpuProduct> products; // the rows; none for "8.6", "sm_86" and "gfx1030"
    std::optional<PciId> pci_id;      // the id looked up, or the only id of the only product
    std::string inferred_from;        // set when every product's capability is inferred
    std::string rule;

    // The only product's name; the names joined with " / " for several; empty for none.
    std::string product_names() const;
};

// A lookup's answer: a match, or "unknown" with the reason, and the nearest names or, for a
// description of GPUs that differ, those GPUs.
struct GpuLookup {
    std::optional<GpuMatch> match;
    std::string unknown_reason;           // "no GPU in the tables is named 'RTX 3909'"
    std::vector<std::string> suggestions; // names, nearest first
    std::vector<GpuProduct> candidates;   // set when the description is ambiguous
};

class GpuCatalog {
public:
    explicit GpuCatalog(GpuTables tables);

    // Resolves what --gpu accepts, by the first rule that applies: a compute capability ("8.6"),
    // an sm name ("sm_86"), a gfx target ("gfx1031"), a PCI id ("10de:1b06"), a name (below).
    GpuLookup lookup(std::string_view text) const;
    // The products with PCI id `id`; unknown when no GPU table has it (then the reason names
    // torchruntime's name for it, if any).
    GpuLookup lookup_pci(PciId id) const;
    // Products by name, compared by gpu_name_words (case, punctuation and brand words do not
    // matter): the products a name is (one of the '/' alternatives, or an NVIDIA chip codename),
    // else those whose name holds its words in order ("A100": "A100-SXM4-40GB", "A100 80GB
    // PCIe", …). Several products match when they all run the same; products that differ make
    // the name ambiguous.
    GpuLookup lookup_name(std::string_view name) const;

    // torchruntime's row of an id, or nullptr.
    const GpuPciRow* pci_row(PciId id) const;
    // Product names near `text`: within a few edits, or containing it; nearest first, at most 5.
    std::vector<std::string> suggest(std::string_view text) const;

private:
    struct Entry {
        GpuProduct product;
        std::vector<std::vector<std::string>> names; // the words of each name it goes by
        std::vector<std::vector<std::string>> codenames;
    };

    GpuLookup resolve(const std::vector<const Entry*>& entries, const std::string& described,
                      std::optional<PciId> id) const;

    std::vector<Entry> entries_;
    std::vector<GpuPciRow> pci_; // sorted by id
};

// "NVIDIA", "AMD", "Intel".
std::string_view vendor_name(GpuVendor vendor);

} // namespace torchpin
