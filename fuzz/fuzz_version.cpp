// Fuzz target: PEP 440 version parsing; every accepted version must round-trip through to_string()
// and compare with others as its parts do.
#include "engine/pep/version.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace {

// The order of the parts themselves, without the summary operator<=> decides most pairs on.
std::strong_ordering reference_order(const torchpin::Version& a, const torchpin::Version& b) {
    const auto c = torchpin::compare_key_prefix(a, b, torchpin::VersionKeyPart::DevRelease);
    return c != 0 ? c : torchpin::compare_local(a.local_label(), b.local_label());
}

} // namespace

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
    static const torchpin::Version anchors[] = {
        torchpin::Version::from("0"),        torchpin::Version::from("1.0.dev0"),
        torchpin::Version::from("1.0a1"),    torchpin::Version::from("1.0"),
        torchpin::Version::from("1.0+a.1"),  torchpin::Version::from("1.0.post1"),
        torchpin::Version::from("2!1+cu121")};
    for (const auto& anchor : anchors) {
        FUZZ_CHECK((*parsed <=> anchor) == reference_order(*parsed, anchor));
    }
    static std::optional<torchpin::Version> previous; // pairs of fuzzed versions too
    if (previous) {
        FUZZ_CHECK((*parsed <=> *previous) == reference_order(*parsed, *previous));
    }
    previous = *parsed;
    return 0;
}
