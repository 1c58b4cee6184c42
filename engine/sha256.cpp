// SHA-256 through libmd's SHA2 functions.
#include "engine/sha256.hpp"

#include <sha2.h>

namespace torchpin {

struct Sha256::State {
    SHA2_CTX context;
};

Sha256::Sha256()
    : state_(std::make_unique<State>()) {
    SHA256Init(&state_->context);
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
    SHA256Update(&state_->context, reinterpret_cast<const std::uint8_t*>(bytes.data()),
                 bytes.size());
}

std::string Sha256::hex() {
    char out[SHA256_DIGEST_STRING_LENGTH];
    SHA256End(&state_->context, out);
    return out;
}

std::string sha256_hex(std::string_view bytes) {
    Sha256 digest;
    digest.update(bytes);
    return digest.hex();
}

} // namespace torchpin
