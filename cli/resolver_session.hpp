// What resolve, explain and which share: the machine, the matrix revision read for it, the parsed
// request, and the warnings every answer carries (assumptions, stale data).
#pragma once

#include "cli/global_options.hpp"
#include "cli/machine_options.hpp"
#include "engine/hardware/machine.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/solver.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace torchpin::cli {

struct ResolverSession {
    Machine machine;                     // the profile, as detect would print it
    TargetMachine target;                // what the solver sees of it
    CompatMatrix matrix;                 // the revision read, for the machine's OS and CPU
    std::vector<AnswerWarning> warnings; // assumptions about the machine, stale data
};

// Builds the machine from the options, reads the matrix revision (--revision or the newest) and
// collects the warnings. The wheel rows are read per release when the solver first asks for
// them: resolve stops at the first release that works, which and explain read only the releases
// they weigh, with the files of the machine's OS. The matrix holds the builds, arch lists and
// driver minimums of `platform` (the machine's OS and CPU unless a command lists other systems').
// Throws UsageError when the machine lacks what the resolver needs.
ResolverSession open_resolver_session(const GlobalOptions& global,
                                      const MachineDescription& options,
                                      PlatformFacts platform = PlatformFacts::OfTheMachine);

// The request from the command line: the requirements (default: torch and the companions
// released for each candidate, ResolveRequest::companions_where_released),
// --backend (`auto` or a backend label), --allow-cpu-fallback and --index-url (a mirror of the
// PyTorch index the answer names instead; empty: PyTorch's own). Throws InputError with a caret
// for an invalid requirement, UsageError for a URL or an index URL that is not http(s).
ResolveRequest parse_resolve_request(const std::vector<std::string>& requirements,
                                     const std::string& backend, bool allow_cpu_fallback,
                                     const std::string& index_url = "");

// Throws UsageError for a requirement on a package the matrix does not resolve: neither torch,
// torchvision, torchaudio nor a package built against torch it has releases of.
void require_resolvable_packages(const ResolveRequest& request, const CompatMatrix& matrix);

// "the matrix data is 150 days old (as of 2026-01-01): run 'torchpin update' ..." when the data
// is older than 120 days on `today`; nullopt otherwise or when the date is unknown.
std::optional<AnswerWarning> stale_data_warning(const std::optional<std::string>& data_as_of,
                                                std::chrono::year_month_day today);

// Today in UTC, or $TORCHPIN_TODAY (YYYY-MM-DD) when set, so answers can be tested for any date.
std::chrono::year_month_day today();

// Adds --backend, --allow-cpu-fallback and --index-url, which resolve and explain share.
void add_request_options(CLI::App& command, std::string& backend, bool& allow_cpu_fallback,
                         std::string& index_url);

} // namespace torchpin::cli
