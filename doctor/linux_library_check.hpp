// Loading torch's shared objects as ld.so does, on paper: every DT_NEEDED looked up in glibc's
// order, every versioned symbol a library needs (GLIBCXX_3.4.30) checked against the copy found.
#pragma once

#include "doctor/library_check.hpp"
#include "doctor/linux_library_search.hpp"

#include <filesystem>
#include <vector>

namespace torchpin {

// Loads `roots` in order (torch/lib/*.so, then the extension modules); chains start at the first
// of `chain_roots` that reaches a library.
LibraryCheck simulate_linux_load(const std::vector<std::filesystem::path>& roots,
                                 const std::vector<std::filesystem::path>& chain_roots,
                                 const LinuxLibrarySearch& search);

// Of `definitions`, the newest version of `needed`'s family ("GLIBCXX_3.4.29" for
// "GLIBCXX_3.4.30"); empty when it defines none of that family.
std::string newest_of_family(const std::vector<std::string>& definitions, std::string_view needed);

} // namespace torchpin
