// Fuzz target: wheel file names print back exactly and their normalized spelling parses equal.
#include "engine/pep/wheel_filename.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace {

// name_with_underscores-normalized.version(-build)-tags(-variant).whl, the spelling packaging
// writes (PEP 825's label after the tags).
std::string normalized_spelling(const torchpin::WheelFilename& wheel) {
    std::string name = wheel.name().normalized();
    for (char& c : name) {
        c = c == '-' ? '_' : c;
    }
    std::string out = name + "-" + wheel.version().to_string();
    if (wheel.build_tag()) {
        out += "-" + wheel.build_tag()->to_string();
    }
    out += "-" + wheel.tag_set().to_string();
    if (wheel.variant_label()) {
        out += "-" + *wheel.variant_label();
    }
    return out + ".whl";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = torchpin::WheelFilename::parse(text);
    if (!parsed) {
        FUZZ_CHECK(parsed.error().position <= size);
        FUZZ_CHECK(parsed.error().input == text);
        return 0;
    }
    FUZZ_CHECK(parsed->to_string() == text);
    const auto again = torchpin::WheelFilename::parse(parsed->to_string());
    FUZZ_CHECK(again.has_value() && *again == *parsed);

    const auto normalized = torchpin::WheelFilename::parse(normalized_spelling(*parsed));
    FUZZ_CHECK(normalized.has_value() && *normalized == *parsed);

    const torchpin::TagSet& tags = parsed->tag_set();
    FUZZ_CHECK(tags.size() >= 1);
    if (tags.size() <= 64) {
        const auto expanded = tags.tags();
        FUZZ_CHECK(expanded.size() == tags.size());
        for (const auto& tag : expanded) {
            FUZZ_CHECK(tags.contains(tag));
        }
    }
    return 0;
}
