// AMD GPU targets: the LLVM name of a gfx version ("gfx1030" for 10.3.0), as KFD reports the
// version and as HSA_OVERRIDE_GFX_VERSION sets it.
#pragma once

#include "engine/base/expected.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

// The LLVM target of gfx version major.minor.stepping: (10, 3, 0) -> "gfx1030", (9, 0, 10) ->
// "gfx90a" (the stepping is one hex digit); nullopt for major 0, a minor above 9 or a stepping
// above 15, which no target name can hold.
std::optional<std::string> gfx_target_name(std::uint32_t major, std::uint32_t minor,
                                           std::uint32_t stepping);

// The target ROCm runs a GPU as under HSA_OVERRIDE_GFX_VERSION=`value`, which is "x.y.z":
// "10.3.0" -> "gfx1030", "9.0.12" -> "gfx90c" (ollama's docs: "gfx1034 (also known as 10.3.4)").
Expected<std::string> gfx_target_of_override(std::string_view value);

} // namespace torchpin
