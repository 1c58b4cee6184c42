// Fuzz target: the PE reader; any bytes give an image or a located error, and a parsed image's
// DLL names are non-empty printable ASCII.
#include "fuzz/fuzz_target.hpp"
#include "importers/binary/pe_image.hpp"

#include <span>
#include <string>

namespace {

bool is_dll_name(const std::string& name) {
    if (name.empty() || name.size() > 255) {
        return false;
    }
    for (const char c : name) {
        if (c < 0x20 || c > 0x7e) {
            return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto image = torchpin::read_pe_image(std::span<const unsigned char>(data, size));
    if (!image) {
        FUZZ_CHECK(image.error().position <= size);
        FUZZ_CHECK(!image.error().message.empty());
        return 0;
    }
    FUZZ_CHECK(size >= 64);
    for (const auto& name : image->imports) {
        FUZZ_CHECK(is_dll_name(name));
    }
    for (const auto& name : image->delay_imports) {
        FUZZ_CHECK(is_dll_name(name));
    }
    FUZZ_CHECK(image->file_version.has_value() == image->product_version.has_value());
    return 0;
}
