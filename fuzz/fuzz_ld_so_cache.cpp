// Fuzz target: parse_ld_so_cache on arbitrary bytes; an error points inside the input, and every
// entry read has room in it: its bytes and its two NUL-terminated strings.
#include "fuzz/fuzz_target.hpp"
#include "importers/binary/ld_so_cache.hpp"

#include <span>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto entries = torchpin::parse_ld_so_cache(std::span(data, size));
    if (!entries) {
        FUZZ_CHECK(entries.error().position <= size);
        return 0;
    }
    FUZZ_CHECK(entries->size() * 12 <= size); // the smallest entry, the old format's
    for (const auto& entry : *entries) {
        FUZZ_CHECK(entry.name.size() < size && entry.name.find('\0') == std::string::npos);
        FUZZ_CHECK(entry.path.size() < size && entry.path.find('\0') == std::string::npos);
    }
    return 0;
}
