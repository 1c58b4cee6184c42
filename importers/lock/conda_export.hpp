// Reads `conda list --export` output, which research repositories often ship as requirements.txt,
// into LockedRequirements: the pip-installed (pypi_0) packages, and notes on conda's own builds.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/input/text_input.hpp"

#include <optional>
#include <string_view>

namespace torchpin {

// One line of a conda export: "torch=2.0.1+cu117=pypi_0" is {"torch", "2.0.1+cu117", "pypi_0"}.
struct CondaExportLine {
    std::string_view name;
    std::string_view version;
    std::string_view build;
};

// The line's three fields when it has conda's shape: exactly three non-empty fields separated by
// single '=' (so "foo==1.0" and "python=3.10" are not), each of letters, digits and "_.+-!", the
// name starting with a letter, digit or '_'. Spaces around the line are ignored.
std::optional<CondaExportLine> parse_conda_export_line(std::string_view line);

// Whether `content` is a conda export: some line has conda's shape and either a "# platform:"
// header names conda's platform or the first line that is not blank or a comment has that shape.
// A file pip can read has no such line, so no requirements file is taken for one.
bool is_conda_export(std::string_view content);

// Reads a conda export. Each `pypi_0` line (installed by pip: its version is pip's, local label
// included, "2.0.1+cu117") is a Requirement pinned to that version. A torch-family package built
// by a conda channel ("pytorch=2.0.1=py3.10_cuda11.8_cudnn8.7.0_0") is a note: it is not a pip
// package, so the rules cannot judge it. Other conda packages are left out; a line of another
// shape is a note. `pip_stops_at` is the first conda-shaped line. Never throws.
LockedRequirements read_conda_export(const TextInput& input);

} // namespace torchpin
