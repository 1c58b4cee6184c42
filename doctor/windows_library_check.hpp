// Loading torch's DLLs as torch and Python do on Windows, on paper: every import and delay-load
// import of every library looked up in the loader's order, the process's loaded-module list kept
// (the first msvcp140.dll loaded is the one every later DLL gets).
#pragma once

#include "doctor/library_check.hpp"
#include "doctor/windows_dll_search.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace torchpin {

struct WindowsLoad {
    LibraryCheck check;
    std::map<std::string, FoundDll> loaded; // lower-case name → the copy the process uses
};

// Loads `roots` in order, each from its own folder (torch\lib\*.dll as torch's __init__ does,
// then the extension modules). Chains start at the first of `chain_roots` that reaches a library.
WindowsLoad simulate_windows_load(const std::vector<std::filesystem::path>& roots,
                                  const std::vector<std::filesystem::path>& chain_roots,
                                  const WindowsDllSearch& search);

} // namespace torchpin
