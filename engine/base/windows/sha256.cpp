// SHA-256 through Windows' own BCrypt API, so the Windows executable carries no LGPL code.
#include "engine/base/sha256.hpp"

#include <algorithm>
#include <stdexcept>

#include <windows.h>

#include <bcrypt.h>

namespace torchpin {

namespace {

constexpr ULONG digest_size = 32;

void check(NTSTATUS status, const char* call) {
    if (status < 0) {
        throw std::runtime_error(std::string("BCrypt ") + call + " failed");
    }
}

} // namespace

struct Sha256::State {
    BCRYPT_HASH_HANDLE hash = nullptr;
    ~State() {
        if (hash != nullptr) {
            ::BCryptDestroyHash(hash);
        }
    }
};

namespace {

// The provider is opened once and kept for the process: opening it is the costly step.
BCRYPT_ALG_HANDLE sha256_provider() {
    static const BCRYPT_ALG_HANDLE provider = [] {
        BCRYPT_ALG_HANDLE opened = nullptr;
        check(::BCryptOpenAlgorithmProvider(&opened, BCRYPT_SHA256_ALGORITHM, nullptr, 0),
              "OpenAlgorithmProvider");
        return opened;
    }();
    return provider;
}

} // namespace

Sha256::Sha256()
    : state_(std::make_unique<State>()) {
    check(::BCryptCreateHash(sha256_provider(), &state_->hash, nullptr, 0, nullptr, 0, 0),
          "CreateHash");
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
    while (!bytes.empty()) {
        const ULONG piece = static_cast<ULONG>(std::min<std::size_t>(bytes.size(), 1u << 30));
        check(::BCryptHashData(state_->hash,
                               reinterpret_cast<PUCHAR>(const_cast<char*>(bytes.data())), piece, 0),
              "HashData");
        bytes.remove_prefix(piece);
    }
}

std::string Sha256::hex() {
    UCHAR digest[digest_size];
    check(::BCryptFinishHash(state_->hash, digest, digest_size, 0), "FinishHash");
    std::string out;
    out.reserve(2 * digest_size);
    for (const UCHAR byte : digest) {
        out += "0123456789abcdef"[byte >> 4];
        out += "0123456789abcdef"[byte & 15];
    }
    return out;
}

} // namespace torchpin
