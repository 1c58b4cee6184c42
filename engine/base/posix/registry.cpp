// POSIX systems have no registry: detection reads an empty one.
#include "engine/base/registry.hpp"

namespace torchpin {

const Registry& system_registry() {
    static const MemoryRegistry empty;
    return empty;
}

} // namespace torchpin
