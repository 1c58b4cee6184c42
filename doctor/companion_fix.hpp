// The release of a package built against torch that fits an installed torch build, and the command
// that installs it from where its files live (a PyTorch index folder, a find-links page, PyPI,
// release assets).
#pragma once

#include "engine/solver/companion_fit.hpp"

#include <optional>
#include <string>

namespace torchpin {

// The newest release of `package` that companion_fit accepts for `target` (torch and backend);
// nullptr when the matrix has none.
const CompanionPackageFact* fitting_release(const CompatMatrix& matrix, std::string_view package,
                                            const CompanionTarget& target);

// How to install `release` beside torch `target.torch` built as `target.backend`:
//   pip install 'xformers==0.0.32.post2' --index-url https://download.pytorch.org/whl/cu128
//   pip install 'torch-scatter==2.1.2+pt28cu128' -f https://data.pyg.org/whl/torch-2.8.0+cu128.html
// or, for release assets, the asset to download with the parts only the environment knows named.
std::string install_instruction(const CompanionPackageFact& release, const CompanionTarget& target);

// The version install_instruction pins, with the label its files carry (torch-scatter
// 2.1.2+pt28cu128); the release's own version when its files cannot be placed.
Version pinned_version(const CompanionPackageFact& release, const CompanionTarget& target);

} // namespace torchpin
