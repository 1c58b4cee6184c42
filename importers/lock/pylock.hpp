// Reads PEP 751 lockfiles (pylock.toml, pylock.NAME.toml) into LockedRequirements.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/input/text_input.hpp"

namespace torchpin {

// Reads a pylock.toml. Required: `lock-version` (major version 1), `created-by`, and `name` in
// every [[packages]] table. A package's `index` is its index_url (and one IndexReference per
// distinct index); `vcs` and an `archive` with a URL are DirectUrl; `directory` is Editable or
// LocalPath and an `archive` with only a path is LocalPath (noted, not checked). `sdist`,
// `wheels` and `archive` become files, with `hashes.sha256`. Each package is located at its
// [[packages]] line, each file at its table. Throws InputError at the offending line and
// column for invalid TOML, a missing or mistyped key, or an invalid name or version.
LockedRequirements read_pylock(const TextInput& input);

} // namespace torchpin
