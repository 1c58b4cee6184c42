// Whether the torch symbols (c10::, at::, torch::) that the extension modules of installed packages
// built against torch import are exported by the installed torch's libraries: what "undefined
// symbol: _ZN3c105ErrorC2…" at import means, found without importing anything.
#pragma once

#include "importers/installed/dist_info.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// Whether a mangled name lies in one of torch's C++ namespaces: c10, at or torch, as a function
// or a const member function (_ZN3c10…, _ZNK3c10…, _ZN2at…, _ZNK2at…, _ZN5torch…, _ZNK5torch…),
// or the vtable, VTT, typeinfo or typeinfo name of a class there (_ZTVN3c10…, _ZTIN2at…).
bool is_torch_symbol(std::string_view mangled);

// The native libraries among the files `installed`'s RECORD lists (*.so, *.so.N: xformers/_C.so,
// flash_attn_2_cuda.cpython-312-x86_64-linux-gnu.so), as paths under its site-packages folder in
// RECORD's order; files missing on disk are left out.
std::vector<std::filesystem::path> native_files(const InstalledDistribution& installed);

// One extension module and the torch symbols it imports that no library of torch/lib exports.
struct MissingTorchSymbols {
    std::filesystem::path extension;
    std::vector<std::string> symbols; // mangled, in the extension's table order
};

// For each package (its native files, as native_files gives them), its extension modules that
// import torch symbols (strong imports only; a weak one may stay unresolved) which neither the
// package's own libraries nor any library in `torch_lib` export. The imports of all packages are
// collected first, then each torch library's table is walked once, until every one was seen.
// nullopt when it cannot be told: `torch_lib` holds no library, or one cannot be read (a build
// without libelf). An extension that cannot be read is left out (the load check's business).
std::optional<std::vector<std::vector<MissingTorchSymbols>>>
missing_torch_symbols(const std::vector<std::vector<std::filesystem::path>>& packages,
                      const std::filesystem::path& torch_lib);

// "c10::Error::Error(c10::SourceLocation, char const*)" where the C++ runtime demangles
// (abi::__cxa_demangle), else the name as given.
std::string demangled(const std::string& mangled);

} // namespace torchpin
