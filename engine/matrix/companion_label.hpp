// What the label of a companion's file says it was built for: the torch minor and variant of a
// PyG label (+pt28cu128), of a flash-attn release asset (+cu12torch2.8cxx11abiTRUE), or the
// variant alone of a PyTorch index label (+cu126). Extra evidence beside companion_fit's rows.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/pep/version.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

enum class LabelScheme : std::uint8_t {
    Pyg,          // "pt28cu128", "pt212cu130", "pt27cpu": torch M.m and the full variant
    FlashAttn,    // "cu12torch2.8cxx11abitrue": CUDA major (or full label, cu118) and torch M.m
    PytorchIndex, // "cu126", "rocm6.4", "cpu": the variant only
};

struct LabelledBuild {
    LabelScheme scheme = LabelScheme::PytorchIndex;
    std::optional<Version> torch_minor;      // 2.8 (two release numbers); none for PytorchIndex
    std::optional<Backend> backend;          // cu128; none when only the CUDA major is named
    std::optional<std::uint32_t> cuda_major; // flash-attn's "cu12"
    std::optional<bool> cxx11_abi;           // flash-attn's cxx11abiTRUE / FALSE

    friend bool operator==(const LabelledBuild&, const LabelledBuild&) = default;
};

// The build a local version label names, in any case (PEP 440 lower-cases labels, so uv.lock
// writes "cu12torch2.8cxx11abitrue"); nullopt for a label of none of these forms.
// parse_companion_label("pt212cu130") is torch 2.12 and cu130 (PyG's torch major is one digit).
std::optional<LabelledBuild> parse_companion_label(std::string_view local_label);

// The minor series of a release, as labels name it: torch_minor_of(2.12.1+cu130) is 2.12.
Version torch_minor_of(const Version& version);

} // namespace torchpin
