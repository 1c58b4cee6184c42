// The one-call SHA-256 over whichever implementation the platform layer links.
#include "engine/base/sha256.hpp"

namespace torchpin {

std::string sha256_hex(std::string_view bytes) {
    Sha256 digest;
    digest.update(bytes);
    return digest.hex();
}

} // namespace torchpin
