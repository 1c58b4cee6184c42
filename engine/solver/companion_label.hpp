// What the local label of a package built against torch says about the torch it was built for:
// PyG's "+pt28cu128", flash-attn's "+cu12torch2.8cxx11abiTRUE", a PyTorch variant label "+cu128".
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/pep/version.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace torchpin {

// The facts a label states; each part the label does not spell is absent.
struct CompanionLabel {
    std::optional<Version> torch_minor; // "2.8" (two numbers): the torch minor it was built for
    std::optional<Backend> backend;     // cu128, cpu, rocm6.4: a PyTorch variant
    std::optional<std::uint32_t> cuda_major; // 12: the CUDA major (the backend's, or flash-attn's)
    std::optional<bool> cxx11abi;            // flash-attn's cxx11abiTRUE / cxx11abiFALSE

    friend bool operator==(const CompanionLabel&, const CompanionLabel&) = default;
};

// Reads the local label of `package` (normalized: "torch-scatter", "flash-attn") by the scheme
// that package's files use:
//   pyg-lib, torch-scatter, torch-sparse, torch-cluster, torch-spline-conv: "pt{M}{m}{variant}"
//     ("pt28cu128": torch 2.8, cu128; "pt212cpu": torch 2.12, cpu; the first digit is the major)
//   flash-attn: "cu{CUDA}torch{M}.{m}cxx11abi{TRUE|FALSE}" ("cu12torch2.8cxx11abiTRUE": CUDA 12,
//     torch 2.8; "cu118torch2.0cxx11abiFALSE": CUDA 11.8, so major 11; in any case, as PEP 440
//     lower-cases an installed version's label)
//   any other: a PyTorch variant label ("cu128", "rocm6.4", "cpu", as Backend::parse reads it)
// nullopt for an empty label or one that does not follow the package's scheme (a local build's
// "+git1234" says nothing about torch). Example:
//   parse_companion_label("torch-scatter", "pt28cu128")
//     == CompanionLabel{Version::from("2.8"), Backend::from("cu128"), 12, std::nullopt}
std::optional<CompanionLabel> parse_companion_label(std::string_view package,
                                                    std::string_view label);

} // namespace torchpin
