// What reading an environment's native libraries found: imports the loader cannot find, symbol
// versions a library does not define, DLLs found only on PATH, files that are no library.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace torchpin {

// The libraries from the one Python loads (torch/_C) down to the one that needs another.
using LoadChain = std::vector<std::filesystem::path>;

struct MissingLibrary {
    std::string name;                // "libomp140.x86_64.dll", "libcudnn.so.9"
    std::filesystem::path needed_by; // ".../torch/lib/fbgemm.dll"
    std::filesystem::path root;      // the library whose load fails first because of it
    LoadChain chain;                 // from torch/_C where it reaches; ends with needed_by
    std::vector<std::filesystem::path> searched;
    bool delay_loaded = false; // Windows: loading succeeds; the first call into it fails
};

// ".../libtorch_cpu.so needs GLIBCXX_3.4.30 from libstdc++.so.6, and the libstdc++.so.6 the
// loader finds (/usr/lib/x86_64-linux-gnu/libstdc++.so.6) does not define it".
struct MissingSymbolVersion {
    std::string version;            // "GLIBCXX_3.4.30"
    std::string library;            // "libstdc++.so.6"
    std::filesystem::path provider; // the copy the loader uses
    std::string provider_found;     // how: "the ld.so cache", "RUNPATH $ORIGIN/../lib"
    std::string newest_defined;     // "GLIBCXX_3.4.29": the newest of the same family it has
    std::filesystem::path needed_by;
    std::filesystem::path root;
    LoadChain chain;
};

// Windows: a DLL only torch's second attempt finds, through PATH (fragile: another program's
// copy on PATH, or a changed PATH, breaks the import).
struct FoundOnPath {
    std::string name;
    std::filesystem::path file;
    std::filesystem::path needed_by;
};

struct UnreadableLibrary {
    std::filesystem::path file;
    std::string problem;
};

struct LibraryCheck {
    std::size_t libraries_read = 0;
    std::vector<MissingLibrary> missing;
    std::vector<MissingSymbolVersion> missing_versions;
    std::vector<FoundOnPath> found_on_path;
    std::vector<UnreadableLibrary> unreadable;
};

} // namespace torchpin
