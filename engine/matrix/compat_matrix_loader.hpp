// Reading one revision of the matrix database into a CompatMatrix for a target machine.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <memory>

namespace torchpin {

// The facts of `revision` the resolver needs for a machine with `env`: every release, ROCm and
// known-issue row, the builds (release_backend, index_build), arch lists and driver minimums of
// its OS and CPU, and the torch/torchvision/torchaudio wheels whose platform tags could suit
// them. Throws InputError naming the table and key of a row whose values do not parse.
CompatMatrix load_compat_matrix(MatrixStore& store, std::int64_t revision,
                                const TagEnvironment& env);

// Whose builds, arch lists and driver minimums a matrix for one machine holds: those of its OS and
// CPU (what resolving for it weighs), or every platform's (`which` lists the backends published
// only for other systems).
enum class PlatformFacts { OfTheMachine, OfEveryPlatform };

// The same facts with no wheel rows read yet: the matrix's `read_wheels` reads one release's
// (those of `env`'s OS) when ReleaseWheels first asks for them, and keeps `store` open for as long
// as the matrix or a copy of it lives. For answers that look at a few releases only (`resolve`
// stops at the first that works). Where the store keeps a prepared form of `revision` for that
// platform (import writes them), the facts come from it instead of from the tables; so do those
// of the _every_platform_on_demand load below.
CompatMatrix
load_compat_matrix_wheels_on_demand(std::shared_ptr<MatrixStore> store, std::int64_t revision,
                                    const TagEnvironment& env,
                                    PlatformFacts platform = PlatformFacts::OfTheMachine);

// The same facts with the wheels of every OS and CPU, for the checks that do not depend on a
// machine (a lockfile's hashes and yanked files for all platforms, builds never published).
CompatMatrix load_compat_matrix_every_platform(MatrixStore& store, std::int64_t revision);

// The same with no wheel rows read yet: `read_wheels` reads one release's files of every platform
// on first use (as load_compat_matrix_wheels_on_demand does for one OS), for check, which looks
// at the releases a lockfile pins only.
CompatMatrix load_compat_matrix_every_platform_on_demand(std::shared_ptr<MatrixStore> store,
                                                         std::int64_t revision);

// The tables every load reads, with the platform facts of `platform_of`'s OS and CPU (nullptr:
// every platform's), read from the tables (never from a prepared form), without the tables read
// on demand and without wheels: what a prepared form holds.
CompatMatrix load_compat_matrix_tables(MatrixStore& store, std::int64_t revision,
                                       const TagEnvironment* platform_of = nullptr);

// The wheels load_compat_matrix reads for `env`, taken from a matrix loaded for every platform
// instead of from the database again (check reads both); a matrix that reads its wheels on demand
// keeps doing so, through a filter. Its builds stay every platform's (check's rules name them).
CompatMatrix narrowed_to_platform(CompatMatrix every_platform, const TagEnvironment& env);

} // namespace torchpin
