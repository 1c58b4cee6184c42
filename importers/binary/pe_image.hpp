// Windows PE images (.dll, .pyd, .exe): machine, imported DLLs, delay-loaded DLLs, version
// resource.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A file version from a VS_FIXEDFILEINFO: 14.44.35211.0
struct FileVersion {
    std::uint16_t major = 0, minor = 0, build = 0, revision = 0;
    std::string text() const; // "14.44.35211.0"
    auto operator<=>(const FileVersion&) const = default;
};

// What the Windows loader and doctor need from a PE image.
struct PeImage {
    std::uint16_t machine = 0;        // IMAGE_FILE_MACHINE_* (0x8664 x64, 0xAA64 arm64, 0x14c i386)
    bool is_pe32_plus = false;        // optional header magic 0x20b
    bool is_dll = false;              // IMAGE_FILE_DLL
    std::vector<std::string> imports; // import directory's DLL names, in file order, as written
    std::vector<std::string> delay_imports;     // delay-load import directory's DLL names
    std::optional<FileVersion> file_version;    // VS_FIXEDFILEINFO dwFileVersionMS/LS
    std::optional<FileVersion> product_version; // dwProductVersionMS/LS
};

// "x86_64", "arm64", "i386", else "unknown".
std::string_view pe_machine_name(std::uint16_t machine);

// Reads a PE image from its bytes; a malformed file is a ParseError whose position is the byte
// offset of the bad structure and whose message names it ("import directory: name RVA 0x... outside
// every section").
Expected<PeImage> read_pe_image(std::span<const unsigned char> bytes);

// Reads the file (binary) and calls read_pe_image; an unreadable file is a ParseError too.
Expected<PeImage> read_pe_file(const std::filesystem::path& file);

} // namespace torchpin
