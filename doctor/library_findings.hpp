// Findings from a library check: each miss phrased, with the load chain, the folders searched,
// the message Python would print, and the known issue that message matches.
#pragma once

#include "doctor/doctor_report.hpp"
#include "doctor/library_check.hpp"
#include "engine/diagnosis/error_explanation.hpp"

#include <filesystem>
#include <span>
#include <vector>

namespace torchpin {

// What phrasing needs besides the check: the environment's site-packages (paths are shown
// relative to it), the known issues and the facts they are weighed against, and the resolver's
// install command for the machine ("" when none).
struct FindingContext {
    std::filesystem::path site_packages;
    bool windows = false;
    std::span<const KnownIssueFact> known_issues;
    ErrorFacts facts;
    std::string install_command;
};

std::vector<DoctorFinding> library_findings(const LibraryCheck& check,
                                            const FindingContext& context);

// `file` relative to site-packages with '/' separators ("torch/lib/fbgemm.dll"), or the whole
// path when it lies elsewhere.
std::string shown_path(const std::filesystem::path& file, const FindingContext& context);

// The message Python would print for a missing library, as torch's __init__ (Windows) or the
// dynamic loader (Linux) words it.
std::string predicted_message(const MissingLibrary& missing, const FindingContext& context);
std::string predicted_message(const MissingSymbolVersion& missing, const FindingContext& context);

// Sets the finding's known issue, fix and links from the best known issue `message` matches;
// leaves them when none does. Returns whether one did.
bool attach_known_issue(DoctorFinding& finding, const std::string& message,
                        const FindingContext& context);

} // namespace torchpin
