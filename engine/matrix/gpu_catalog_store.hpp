// The GPU catalog as the matrix holds it: the gpu_model, amd_gpu_model, intel_gpu_model and
// gpu_pci tables at one revision.
#pragma once

#include "engine/hardware/gpu_catalog.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>

namespace torchpin {

// Reads every GPU table row valid at `revision` into a catalog:
// load_gpu_catalog(store.database(), 3). Throws InputError for a value that does not parse (`db
// build` and `import` check every value, so only a database written otherwise has one).
GpuCatalog load_gpu_catalog(sqlite::Database& db, std::int64_t revision);

} // namespace torchpin
