// The prepared form of a matrix: the tables every command reads, for every platform, as loaded
// and typed, in one byte string that each revision keeps (docs/matrix.md).
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// What the form's bytes mean; a form written under another layout is not read. A new layout
// comes with a new schema version (a migration with nothing else in it): opening a database
// migrated by it writes its newest revision's forms in the new layout (MatrixStore::open).
inline constexpr std::string_view prepared_layout = "torchpin prepared matrix 2";

// One form of a revision: the matrix for one OS and CPU ("linux x86_64"), or for every platform
// ("every"). A machine of a platform the builds do not name (no form) reads the tables.
struct PreparedForm {
    std::string platform;
    std::string form;
};

// The platform key of a load for `env`'s OS and CPU, or for every platform (nullptr).
std::string prepared_platform(const TagEnvironment* env);

// The forms of `revision` in `store`: every platform's, and one per OS and CPU that its builds
// (release_backend) name, each loaded from the tables.
std::vector<PreparedForm> prepared_forms(MatrixStore& store, std::int64_t revision);

// The matrix's eagerly read parts (everything but the tables read on demand and the wheels): its
// revision, releases, builds, toolkits, drivers, arch lists, known issues and wheel lists. Values
// of engine types are kept as their text, which each type parses back to an equal value: each
// distinct text once, in a table per type after the layout, and each value as its place there
// (layout 2, schema version 25; layout 1 wrote the text at every value).
std::string prepared_form(const CompatMatrix& every_platform);

// The matrix those parts make again, every value parsed (once per distinct text); throws
// std::runtime_error where the bytes end early or hold a value that does not parse.
CompatMatrix matrix_from_prepared(std::string_view form);

} // namespace torchpin
