// The GPU catalog as the matrix holds it: the gpu_pci and gpu_model tables at one revision.
#pragma once

#include "engine/hardware/gpu_catalog.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>

namespace torchpin {

// Reads every gpu_pci and gpu_model row valid at `revision` into a catalog:
// load_gpu_catalog(store.database(), 3). Rows whose PCI id or compute capability does not parse
// are left out (`torchpin db verify` is where the dataset's values are checked).
GpuCatalog load_gpu_catalog(sqlite::Database& db, std::int64_t revision);

} // namespace torchpin
