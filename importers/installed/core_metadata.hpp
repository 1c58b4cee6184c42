// The header block of core metadata files (METADATA, PKG-INFO) and of WHEEL: "Name: value" lines.
#pragma once

#include "engine/pep/requirement.hpp"
#include "engine/pep/version.hpp"
#include "importers/input/text_input.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One header. `value` is unfolded (RFC 5322 2.2.3: a continuation line's break is removed, its
// leading whitespace kept) and stripped of the spaces after ':'. `offset` is the byte offset of
// the value's first character in the input, for diagnostics at the value.
struct MetadataField {
    std::string name; // as written: "Requires-Dist"
    std::string value;
    std::size_t offset = 0;
};

// The headers in file order; the body (the long description after the first empty line) is not
// kept: nothing torchpin reads is there.
struct MetadataHeaders {
    std::vector<MetadataField> fields;

    // The first field named `name`, compared case-insensitively as email headers are; or null.
    const MetadataField* first(std::string_view name) const;
    // Every field named `name` in file order ("Requires-Dist" and "Tag" repeat).
    std::vector<const MetadataField*> all(std::string_view name) const;
};

// Reads the header block: "Metadata-Version: 2.1", "Requires-Dist: torch ==2.1.2", continuation
// lines starting with a space or tab, up to the first empty line. Throws InputError at the line
// and column of: a continuation line before any header, a line without ':', an empty or
// non-printable field name.
MetadataHeaders parse_metadata_headers(const TextInput& input);

// The fields of a core metadata file that torchpin reads.
struct CoreMetadata {
    std::string name;                       // as written: "Torch"
    Version version;                        // local label included (2.1.2+cu121)
    std::vector<Requirement> requires_dist; // every Requires-Dist, markers kept (extras too)
    std::optional<std::string> requires_python;
};

// Reads a METADATA (or PKG-INFO) file: the headers as above, then Name, Version (both required),
// every Requires-Dist and Requires-Python. Throws InputError at the line and column of a broken
// header block, a missing or invalid name or version, or an invalid Requires-Dist.
CoreMetadata read_core_metadata(const TextInput& input);

} // namespace torchpin
