// Where the file of a package built against torch comes from for one torch build, and the version
// to pin: the PyTorch index folder, PyPI, a find-links page (PyG's labelled files), or a release
// asset named by its project's scheme (flash-attn).
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/solver/companion_fit.hpp"

#include <optional>
#include <string>

namespace torchpin {

enum class PinSourceKind : std::uint8_t { PytorchIndex, Pypi, FindLinks, DirectUrl };

std::string_view name(PinSourceKind kind) noexcept; // "pytorch-index", "pypi", ...

struct PinSource {
    PinSourceKind kind = PinSourceKind::PytorchIndex;
    std::string url; // the index folder, the find-links page, or the file itself
};

struct CompanionPlacement {
    PinSource source;
    Version version; // with the label its files carry: 2.1.2+pt212cu130
    // Set when the URL is formed from the package's naming scheme rather than read from a listing.
    bool url_from_scheme = false;
};

// Whether torch's pip wheels of `torch` use the C++11 ABI (flash-attn's asset flag
// cxx11abiTRUE): from 2.7 on ("PyTorch 2.7+ pip wheels use CXX11_ABI=1 by default",
// Dao-AILab/flash-attention@0251105a2fb1:.github/workflows/publish.yml).
bool torch_wheels_use_cxx11_abi(const Version& torch);

// The placement of `release` for `target` (backend and, for release assets, Python required);
// nullopt when its files cannot be placed: only a source build, or a scheme naming what the
// target lacks. `index_url` is the answer's PyTorch index folder.
std::optional<CompanionPlacement> place_companion(const CompanionPackageFact& release,
                                                  const CompanionTarget& target,
                                                  const std::string& index_url);

} // namespace torchpin
