// The options pip accepts in requirements files, and the split of a line into its requirement
// and its options as pip's break_args_options, shlex and optparse do it.
#pragma once

#include "importers/lock/requirements_lines.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// pip's SUPPORTED_OPTIONS (whole-file options) and SUPPORTED_OPTIONS_REQ (per requirement).
enum class RequirementsOption {
    IndexUrl,      // -i, --index-url URL
    ExtraIndexUrl, // --extra-index-url URL
    NoIndex,       // --no-index
    Constraint,    // -c, --constraint FILE
    Requirement,   // -r, --requirement FILE
    Editable,      // -e, --editable PATH_OR_URL
    FindLinks,     // -f, --find-links URL
    NoBinary,      // --no-binary FORMAT
    OnlyBinary,    // --only-binary FORMAT
    PreferBinary,  // --prefer-binary
    RequireHashes, // --require-hashes
    Pre,           // --pre
    TrustedHost,   // --trusted-host HOST
    UseFeature,    // --use-feature FEATURE
    GlobalOption,  // --global-option OPTION (per requirement)
    Hash,          // --hash ALGORITHM:DIGEST (per requirement)
    ConfigSettings // --config-settings KEY=VALUE (per requirement)
};

// Whether pip reads the option on a requirement line (--hash) rather than on a line of its own.
bool is_per_requirement(RequirementsOption option) noexcept;

// One option as given: "--hash=sha256:ab" is {Hash, "--hash", "sha256:ab", offset of '-'}.
struct OptionUse {
    RequirementsOption option;
    std::string spelled;    // the option's full name, "--index-url", however it was abbreviated
    std::string value;      // "" for flags
    std::size_t offset = 0; // in the line's text, where the option's word starts
};

// A word that is neither an option nor an option's value; pip ignores it silently.
struct StrayWord {
    std::string text;
    std::size_t offset = 0;
};

// A logical line split as pip splits it: the requirement is the text before the first
// space-separated word starting with '-' ("torch==2.1 --hash=sha256:ab"); the rest is read as
// shell words (quotes, backslashes) by optparse's rules: "--opt=value", "--opt value",
// "-ivalue", "-i value", unique abbreviations of long options ("--extra-index").
struct SplitRequirementsLine {
    std::string_view requirement; // a view into the line's text, "" on an options-only line
    std::vector<OptionUse> options;
    std::vector<StrayWord> stray_words;
};

// Throws InputError at the offending word for an unknown or ambiguous option, a missing or
// unexpected value, or an unclosed quote.
SplitRequirementsLine split_requirements_line(const TextInput& input, const RequirementsLine& line);

} // namespace torchpin
