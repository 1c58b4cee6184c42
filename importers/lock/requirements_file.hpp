// Reads pip requirements files (and `pip freeze` output) into LockedRequirements, following -r/-c
// includes, with the file, line and column of every requirement and index.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/lock/requirements_lines.hpp"

#include <filesystem>
#include <functional>

namespace torchpin {

// Reads a requirements file from disk, refusing binary and non-UTF-8 files, and files over
// TextInput's limit (64 MiB) before reading them: real ones are well under 1 MB, so the limit
// only stops accidents such as a model or an archive named on the command line.
TextInput read_requirements_input(const std::filesystem::path& path);

// The process environment, as pip reads ${VAR}.
std::optional<std::string> process_environment(const std::string& name);

struct RequirementsReadOptions {
    EnvironmentLookup environment = process_environment;
    // Reads the top file and every include; tests and the fuzzer swap it.
    std::function<TextInput(const std::filesystem::path&)> read_file = read_requirements_input;
};

// Reads a requirements file as pip does (docs/checks.md, "What check reads"):
// read_requirements_file("requirements.txt") lists each requirement with where it was written
// (an included file's own name and line), each -i/--extra-index-url/-f as an IndexReference,
// and a ReaderNote for what is recorded but not checked (editables, local paths, remote
// includes) or ignored by pip (an index option on a requirement line). The format is PipFreeze
// when every line has the shape `pip freeze` prints. Throws InputError with file, line and
// column for anything pip would refuse: an unknown option, an invalid requirement, a missing
// include (at the including line), an include cycle (naming the chain of files).
LockedRequirements read_requirements_file(const std::filesystem::path& path,
                                          const RequirementsReadOptions& options = {});

// The same for text already read; its includes are resolved against input.origin()'s directory.
LockedRequirements read_requirements_text(const TextInput& input,
                                          const RequirementsReadOptions& options = {});

} // namespace torchpin
