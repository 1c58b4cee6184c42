// Fuzz target: leaving the items of unread arrays out of a lockfile's text changes no error and no
// value but those arrays' (fuzz/unread_arrays_oracle.hpp).
#include "fuzz/fuzz_target.hpp"
#include "fuzz/unread_arrays_oracle.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static constexpr std::array<std::string_view, 2> unread{"dependencies", "extra"};
    try {
        const torchpin::TextInput input = torchpin::TextInput::from_string(
            std::string(reinterpret_cast<const char*>(data), size), "fuzz.lock");
        FUZZ_CHECK(torchpin::unread_oracle::holds(input, unread));
    } catch (const torchpin::InputError&) {
        // Binary or non-UTF-8 text: TextInput refuses it before any parse.
    }
    return 0;
}
