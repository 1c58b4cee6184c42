// RECORD, the CSV list of an installed distribution's files: path, hash, size.
#pragma once

#include "importers/input/text_input.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// One row: "torch/lib/libc10.so,sha256=<urlsafe-base64>,1081568". RECORD's own row, and the
// .pyc files an installer compiled, have neither hash nor size ("torch-2.1.2.dist-info/RECORD,,").
struct RecordEntry {
    std::string path;                // relative to site-packages, '/'-separated as written
    std::optional<std::string> hash; // "sha256=…", as written
    std::optional<std::uint64_t> size;
};

// Parses RECORD as Python's csv module writes it (the "Recording installed projects" spec):
// ',' separates fields, '"' quotes a field (a quote inside is doubled), a quoted field may hold
// ',' and line breaks; empty lines are skipped. Throws InputError at the line and column of: an
// unterminated quote, text after a closing quote, a row without exactly 3 fields, an empty path,
// a hash without '=', a size that is not a decimal number.
std::vector<RecordEntry> parse_record(const TextInput& input);

} // namespace torchpin
