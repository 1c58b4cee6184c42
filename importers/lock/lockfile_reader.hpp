// The `check` command's entry point to its readers: detects a file's format and reads it.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/input/text_input.hpp"

#include <filesystem>
#include <string_view>

namespace torchpin {

// "requirements", "pip-freeze", "uv.lock", "pylock", "conda-export": the names `check --format
// json` prints.
std::string_view lock_format_name(LockFormat format) noexcept;

// The format of a file by its name, then its content: "uv.lock" (or content with a
// [[package]] table and a `version =` line) is uv's; "pylock.toml", "pylock.NAME.toml" (or
// content with a `lock-version =` line) is PEP 751; `conda list --export` output (is_conda_export)
// is CondaExport; anything else is a requirements file, whose reader tells pip freeze output apart
// (LockFormat::Requirements here).
LockFormat detect_lock_format(const std::filesystem::path& path, std::string_view content);

// Reads `path` in its detected format. Throws InputError (exit 2) naming the file, and the line
// and column where known, for an unreadable, binary, non-UTF-8, oversized or malformed file.
LockedRequirements read_locked_requirements(const std::filesystem::path& path);

} // namespace torchpin
