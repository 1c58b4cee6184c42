// Fuzz target: PEP 440 version parsing; every accepted version must round-trip through to_string().
#include "engine/version.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = torchpin::Version::parse(text);
    if (!parsed) {
        FUZZ_CHECK(parsed.error().position <= size);
        return 0;
    }
    const std::string printed = parsed->to_string();
    auto again = torchpin::Version::parse(printed);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(*again == *parsed);
    FUZZ_CHECK(again->to_string() == printed);
    FUZZ_CHECK(again->hash() == parsed->hash());
    return 0;
}
