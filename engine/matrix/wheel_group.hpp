// The files of one release in one listing that differ only in their Python, as one row: what a
// question about a release reads instead of the release's files (the derived wheel_group table).
#pragma once

#include "engine/matrix/index_file.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The Python side of one file's tags: its python_tags and abi_tags ("py2.py3", "none").
struct PythonTags {
    std::string_view interpreters;
    std::string_view abis;
};

struct WheelGroup {
    std::string package;            // normalized
    Version version;                // the files' version, label included
    std::optional<Backend> backend; // IndexFile::backend
    std::string platforms;          // the platform_tags column ('.'-joined)
    // Each file's "python_tags-abi_tags" ("cp311-cp311 py2.py3-none"), sorted, each once,
    // space-separated (neither column has a '-', which ends a component of a wheel's name).
    std::string pythons;
    bool variant = false;          // PEP 825 variant wheels, which are never a pin
    bool on_pytorch_index = false; // CompatMatrix::on_pytorch_index of each file
    bool lists_every_file = false; // CompatMatrix::lists_every_file of each file

    // The pairs `pythons` lists; they borrow from it.
    std::vector<PythonTags> python_tags() const;
    // The stored tags of the group's file of `python` (one of python_tags()).
    WheelTagColumns tag_columns(const PythonTags& python) const;

    friend bool operator==(const WheelGroup&, const WheelGroup&) = default;
};

} // namespace torchpin
