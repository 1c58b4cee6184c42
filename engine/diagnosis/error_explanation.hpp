// `explain-error`: which known issues a pasted error message is, most likely first, with what
// the installed versions and the machine say for and against each.
#pragma once

#include "engine/hardware/machine.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/version.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// What is known about the environment the message came from; every part optional.
struct ErrorFacts {
    std::optional<std::string> os; // "linux", "windows", "macos"
    std::optional<Version> torch;  // installed torch, with its local label (2.4.0+cu121)
    std::optional<Version> torchvision;
    const Machine* machine = nullptr; // driver, GPUs, VC runtime, CPU when known
    // The matrix for the torch build's arch list, its CUDA and that CUDA's driver minimum, the
    // torchvision paired with torch and PyPI's build; without it those checks say nothing.
    const CompatMatrix* matrix = nullptr;
};

struct ErrorCause {
    KnownIssueFact issue;
    std::string pattern; // the longest of its patterns the message matches
    // Why it fits: "the message has: [WinError 126] ... fbgemm.dll", what the pattern's `{name}`
    // parts read ("the message says: built for torch 2.5.1+cu121"), "torch 2.4.0 is installed
    // (affected: ==2.4.0)".
    std::vector<std::string> evidence;
    // What speaks against it: "this machine's Visual C++ runtime 14.44 is 14.40 or newer".
    std::vector<std::string> doubts;
};

// The known issues whose patterns match `message`, most likely first: by evidence less doubts,
// then by the length of the matched pattern (the more specific message first), then in the order
// of `issues`. A pattern that does not parse matches nothing.
std::vector<ErrorCause> explain_error(std::string_view message,
                                      std::span<const KnownIssueFact> issues,
                                      const ErrorFacts& facts);

} // namespace torchpin
