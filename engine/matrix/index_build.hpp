// IndexBuilds: one row of the derived index_build table, the builds of one torch release on one
// OS and CPU that a wheel_file listing's files show.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/version.hpp"

#include <vector>

namespace torchpin {

struct IndexBuilds {
    Version torch{};
    OperatingSystem os = OperatingSystem::Linux;
    CpuArch arch = CpuArch::X86_64;
    std::vector<Backend> backends{}; // in their own order, each once
};

} // namespace torchpin
