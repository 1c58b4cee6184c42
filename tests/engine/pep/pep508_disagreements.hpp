// torchpin's side of the differential test, and the documented classes of disagreement with
// pypa/packaging 23 (docs/pep508.md), each a precise predicate.
#pragma once

#include "engine/pep/requirement.hpp"
#include "tests/engine/pep/pep508_random_cases.hpp"

#include <optional>
#include <string>
#include <vector>

namespace torchpin::test {

// What one side made of a case: rejected with `error`, or printed as `printed` and evaluated to
// "true", "false" or "error" in each of the case's environments. For packaging, `results_26` are
// its parse tree evaluated with packaging 26's rules (see tests/differential/pep508_oracle.py).
struct Pep508Outcome {
    bool valid = false;
    std::string printed;
    std::string error;
    std::vector<std::string> results;
    std::vector<std::string> results_26;
};

// torchpin's outcome, with what it parsed, which the classes inspect.
struct TorchpinOutcome {
    Pep508Outcome outcome;
    std::optional<Marker> marker;
    std::optional<Requirement> requirement;
};

TorchpinOutcome run_torchpin(const Pep508Case& c);

bool agree(const Pep508Outcome& ours, const Pep508Outcome& theirs);

// The documented classes that explain why `ours` and `theirs` (packaging 23) differ on `c`; empty
// when none does. A disagreement may need several: one class per difference.
std::vector<std::string> explain(const Pep508Case& c, const TorchpinOutcome& ours,
                                 const Pep508Outcome& theirs);

// Whether packaging 23's parse tree is the one 26 builds, so that its results_26 must equal
// torchpin's results: not when `extra` is compared with another variable, which 23 rewrites.
bool same_tree_as_packaging_26(const TorchpinOutcome& ours);

// "rejects (...)" or "prints '...', evaluates true false error", for failure messages.
std::string describe(const Pep508Outcome& outcome);

} // namespace torchpin::test
