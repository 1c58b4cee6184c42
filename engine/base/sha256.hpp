// SHA-256 of bytes as lowercase hex (nettle on POSIX, BCrypt on Windows), for source digests and
// revision content digests.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace torchpin {

// sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
std::string sha256_hex(std::string_view bytes);

// Feeds many pieces into one digest without joining them first.
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(std::string_view bytes);
    std::string hex(); // ends the digest

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace torchpin
