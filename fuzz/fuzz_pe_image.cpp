// Fuzz target: the PE reader; any bytes give an image or a located error, and a parsed image's
// DLL names are non-empty printable ASCII. The directories-only read of big files (its compact
// image) reads what the whole bytes read whenever both read (read_pe_file falls back to the
// whole file when the compact image does not).
#include "fuzz/fuzz_target.hpp"
#include "importers/binary/pe_directories_read.hpp"
#include "importers/binary/pe_image.hpp"

#include <span>
#include <sstream>
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
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    if (const auto compact = torchpin::read_pe_directories(in, size)) {
        const auto from_compact = torchpin::read_pe_image(*compact);
        if (from_compact && image) {
            FUZZ_CHECK(from_compact->imports == image->imports);
            FUZZ_CHECK(from_compact->delay_imports == image->delay_imports);
            FUZZ_CHECK(from_compact->file_version == image->file_version);
            FUZZ_CHECK(from_compact->machine == image->machine);
        }
    }
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
