// Fuzz target: specifier sets; every accepted set must re-parse from its printed form, identically.
#include "engine/pep/specifier.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = torchpin::SpecifierSet::parse(text);
    if (!parsed) {
        FUZZ_CHECK(parsed.error().position <= size);
        return 0;
    }
    const std::string printed = parsed->to_string();
    auto again = torchpin::SpecifierSet::parse(printed);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(again->to_string() == printed);
    const torchpin::Version probe = torchpin::Version::from("2.1.0+cu121");
    FUZZ_CHECK(again->contains(probe) == parsed->contains(probe));
    return 0;
}
