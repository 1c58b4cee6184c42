// Inside the PE reader: the resource directory down to RT_VERSION's VS_FIXEDFILEINFO.
#pragma once

#include "importers/binary/pe_file_bytes.hpp"
#include "importers/binary/pe_image.hpp"

#include <optional>

namespace torchpin::pe {

// The two versions of a VS_FIXEDFILEINFO.
struct FixedFileVersions {
    FileVersion file;
    FileVersion product;
};

// Follows the resource directory at `directory_rva` (data directory 2, whose entry is at file
// offset `directory_at`): type RT_VERSION (16), its first name or id, that one's first language,
// the data entry, then VS_VERSIONINFO with key L"VS_VERSION_INFO" and its VS_FIXEDFILEINFO
// (signature 0xFEEF04BD). nullopt when there is no RT_VERSION resource or it carries no fixed info;
// a malformed structure fails.
std::optional<FixedFileVersions> read_version_resource(const FileBytes& file, const AddressMap& map,
                                                       std::uint32_t directory_rva,
                                                       std::size_t directory_at);

} // namespace torchpin::pe
