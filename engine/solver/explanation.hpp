// Words for the resolver's structured answers: one sentence per rejection, the verdicts `which`
// prints, the derivation of a "no solution", the hints, and the decisions behind a solution.
#pragma once

#include "engine/solver/answer_hint.hpp"
#include "engine/solver/solver.hpp"

#include <string>
#include <vector>

namespace torchpin {

// "cu124 needs driver >= 550.54.14 for CUDA 12.4.1; this machine has 470.82.01"
std::string describe(const Rejection& rejection);

// A rejection as a value: its stable code ("driver-too-old") and the facts it names, in order
// ({"backend", "cu124"}, {"cuda", "12.4.1"}, {"need", "550.54.14"}, {"have", "470.82.01"}),
// beside describe()'s sentence.
struct RejectionFacts {
    std::string_view code;
    std::vector<std::pair<std::string, std::string>> facts;
};
RejectionFacts rejection_facts(const Rejection& rejection);
// Every rejection code, in the variant's order (for docs and tests).
const std::vector<std::string_view>& every_rejection_code();

// "linux x86_64, CPython 3.11, glibc 2.36, NVIDIA driver 550.54.14, NVIDIA GeForce RTX 3090
// (sm_86)": the machine an answer is for, in one line.
std::string describe_machine(const TargetMachine& machine);

// The verdict of a candidate, as `torchpin which` reports it: ok, minor-version, hsa-override,
// driver-too-old, gpu-unsupported, no-wheel, no-backend-for-os, excluded, not-paired,
// wrong-backend-kind, missing-data.
std::string verdict(const Candidate& candidate);

// A short derivation of why nothing fits (empty when something does), newest torch first, each
// fact once: "this machine has NVIDIA driver 450.51.06, …" where a driver is too old, then per
// release each kind of reason once ("torch 2.14.1: the driver is too old: cu132 needs 595.71.05
// (CUDA 13.2.2) and cu126 560.35.05 (CUDA 12.6.3)"; "torch 2.14.0: the same"), e.g. "torch 2.6.0:
// no build for NVIDIA GeForce RTX 5090 (sm_120): cu118, cu124 and cu126 carry up to sm_90 and no
// PTX". The nearest working build is the hints' to name.
std::vector<std::string> explain_unsolvable(const TargetMachine& machine,
                                            const Resolution& resolution);

// What would make the request solvable: the driver needed, the newest release that would fit
// without a requirement, a Python with wheels, the first build with the GPU, --allow-cpu-fallback.
std::vector<AnswerHint> hints(const CompatMatrix& matrix, const TargetMachine& machine,
                              const Resolution& resolution);

// One line per decision behind a solution: the release, the backend and its driver fit, each
// GPU's fit (an AMD GPU's HSA override with the source that documents it), the pairing, and why
// newer or better candidates were passed over.
std::vector<std::string> explain_solution(const CompatMatrix& matrix, const TargetMachine& machine,
                                          const Resolution& resolution);

// A known issue in full, one line per part: "win-fbgemm-dll-2.4.0 (error; windows; torch ==2.4.0)",
// "  message: OSError: …", "  cause: …", "  fix: …", "  see: <link>" per link.
std::vector<std::string> describe_known_issue(const KnownIssueFact& issue);

} // namespace torchpin
