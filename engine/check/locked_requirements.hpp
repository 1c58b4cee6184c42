// What a requirements file or lockfile says to install, each item with where it was written:
// the common model the `check` readers (pip requirements, uv.lock, pylock.toml, conda exports)
// produce.
#pragma once

#include "engine/pep/version.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// Where something was written: "requirements.txt", line 3, column 1 (1-based; 0 if unknown).
// `file` is the file that holds the line, which for a `-r` include is the included file.
struct SourceLocation {
    std::string file;
    std::size_t line = 0;
    std::size_t column = 0;

    friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

// CondaExport: `conda list --export` output (name=version=build lines), which pip cannot read.
enum class LockFormat { Requirements, PipFreeze, UvLock, Pylock, CondaExport };

// An index the file points the installer at.
struct IndexReference {
    enum class Kind { Primary, Extra, FindLinks }; // -i, --extra-index-url, -f; uv/pylock indexes
    Kind kind = Kind::Primary;
    std::string url;
    SourceLocation where;
};

// A distribution file a lockfile names: "https://download.pytorch.org/whl/cu121/torch-2.1.2%2B
// cu121-cp311-cp311-linux_x86_64.whl" with its digests.
struct LockedFile {
    std::string url;                 // as written; empty when only a file name is known
    std::string filename;            // the last path segment, percent-decoded
    std::vector<std::string> sha256; // lower-case hex digests
    SourceLocation where;
};

// One requirement line or one locked package.
struct LockedPackage {
    enum class Kind {
        Requirement, // name with specifiers (a pin when `pinned` is set)
        DirectUrl,   // name @ URL, or a bare wheel URL
        Editable,    // -e ...: noted, not checked
        LocalPath,   // ./dir, /path/file.whl: noted, not checked
    };
    Kind kind = Kind::Requirement;
    std::string name;              // PEP 503 normalized: "torch"
    std::string specifier;         // as written: "==2.1.2+cu121", ">=2.1"; empty for none
    std::optional<Version> pinned; // the exact version of an `==V` / `===V` pin or lock entry
    std::vector<std::string> extras;
    std::string marker;              // the environment marker text, "" for none
    std::string index_url;           // the index the lockfile says the package comes from
    std::string url;                 // a direct URL reference
    std::vector<std::string> hashes; // "sha256:..." from --hash options
    std::vector<LockedFile> files;   // the wheels/sdists a lockfile lists for the package
    bool constraint = false;         // from a -c file: limits versions, installs nothing
    SourceLocation where;
};

// A finding of the reader itself: an editable line skipped, an unknown option ignored.
struct ReaderNote {
    std::string message;
    SourceLocation where;
};

struct LockedRequirements {
    std::string path;
    LockFormat format = LockFormat::Requirements;
    std::vector<LockedPackage> packages;
    std::vector<IndexReference> indexes;
    bool no_index = false;       // --no-index
    std::string requires_python; // uv.lock / pylock `requires-python`, "" when absent
    std::vector<ReaderNote> notes;
    // Where pip would refuse the whole file: a conda export's first name=version=build line.
    std::optional<SourceLocation> pip_stops_at;
};

} // namespace torchpin
