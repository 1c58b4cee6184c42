// Reads uv's lockfile (uv.lock, TOML) into LockedRequirements.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/input/text_input.hpp"

namespace torchpin {

// Reads a uv.lock: every [[package]] with its name, version, source and files. A `registry`
// source is the package's index_url and one IndexReference (each registry once, at its first
// use); `url` and `git` sources are DirectUrl; `editable` is Editable and `virtual`, `directory`
// and `path` are LocalPath (noted, not checked). A forked package's `resolution-markers` become
// its marker, "(m1) or (m2)". Each package is located at its [[package]] line, each file
// (sdist, wheel) at its table. Throws InputError at the offending line and column for invalid
// TOML, a missing or mistyped key, or an invalid name or version.
LockedRequirements read_uv_lock(const TextInput& input);

} // namespace torchpin
