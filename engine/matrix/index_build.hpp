// IndexBuilds: one row of the derived index_build table, the builds of one torch release on one
// OS and CPU that a wheel_file listing's files show.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/version.hpp"

#include <algorithm>
#include <vector>

namespace torchpin {

struct IndexBuilds {
    Version torch{};
    OperatingSystem os = OperatingSystem::Linux;
    CpuArch arch = CpuArch::X86_64;
    std::vector<Backend> backends{}; // in their own order, each once
};

// Adds `backend` to `backends` (in their own order, each once) unless it is there.
inline void add_backend(std::vector<Backend>& backends, const Backend& backend) {
    const auto place = std::lower_bound(backends.begin(), backends.end(), backend);
    if (place == backends.end() || *place != backend) {
        backends.insert(place, backend);
    }
}

} // namespace torchpin
