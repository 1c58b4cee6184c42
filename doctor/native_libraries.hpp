// The native libraries of an installed torch family that a loader reads when Python imports
// them: torch\lib\*.dll (each loaded by torch's __init__) and the extension modules on Windows;
// torch/lib/*.so and the extension modules elsewhere.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace torchpin {

struct NativeLibraries {
    std::vector<std::filesystem::path> load_order;  // as Python and torch load them
    std::vector<std::filesystem::path> chain_roots; // torch/_C first: where chains start
};

// The libraries of the packages `packages` ("torch", "torchvision", ...) under `site_packages`
// for a Windows environment (`windows`: .dll, .pyd) or an ELF one (.so, .so.N).
NativeLibraries native_libraries(const std::filesystem::path& site_packages,
                                 const std::vector<std::string_view>& packages, bool windows);

// Whether the torch package under `site_packages` holds Windows libraries (torch\lib\*.dll or
// an extension module ending in .pyd).
bool holds_windows_libraries(const std::filesystem::path& site_packages);

} // namespace torchpin
