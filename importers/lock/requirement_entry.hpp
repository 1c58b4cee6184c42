// One requirement of a requirements file (a PEP 508 line, a URL, a path, an -e value) as the
// LockedPackage it names.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/lock/requirements_lines.hpp"

#include <cstddef>
#include <string_view>
#include <vector>

namespace torchpin {

// Where the entry's text sits: `text` is a view into `line.text()` (or an option's value, then
// `offset` is the option word's offset) and errors point into the line.
struct RequirementEntrySource {
    const TextInput& input;
    const RequirementsLine& line;
    std::size_t offset = 0;
};

// Reads one requirement as pip's parse_req_from_line does, deciding by shape alone (pip also
// asks the file system, which a checker in CI cannot):
//   - a URL ("https://…/torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl", "git+https://…#egg=x")
//     is a DirectUrl, named and pinned by its wheel file name or its #egg= fragment; a `file:`
//     URL is a LocalPath; "; marker" after a URL needs the space before ';', as in pip;
//   - a path ("./pkg", "/x/y.whl", "..\\w.whl", "pkg.tar.gz") is a LocalPath, named and pinned by
//     its wheel file name when it has one; "./pkg[extra]" carries extras;
//   - anything else is PEP 508 ("torch[opt]==2.1.2; python_version < '3.12'", "torch @ URL").
// Local and editable entries add a ReaderNote: they are recorded, not checked. Throws InputError
// at the offending byte for an invalid requirement, marker or wheel file name.
LockedPackage read_requirement_entry(const RequirementEntrySource& source, std::string_view text,
                                     std::vector<ReaderNote>& notes);

// An `-e` / `--editable` value: a local path or a VCS URL, as pip's parse_editable accepts it.
LockedPackage read_editable_entry(const RequirementEntrySource& source, std::string_view text,
                                  std::vector<ReaderNote>& notes);

} // namespace torchpin
