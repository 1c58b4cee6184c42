// Small PE images built byte by byte for the PE reader's tests, with the offsets of their parts so
// a test can break one structure at a time.
#pragma once

#include "importers/binary/pe_image.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchpin::test {

// What to build: one section holding the import and delay-import descriptors, their names and
// (with `version`) a resource tree down to a VS_VERSIONINFO.
struct SyntheticPeSpec {
    std::uint16_t machine = 0x8664;
    bool pe32_plus = true;
    bool dll = true;
    std::uint64_t image_base = 0x180000000;
    std::vector<std::string> imports;
    std::vector<std::string> delay_imports;
    bool delay_imports_as_vas = false; // the old form: Attributes 0, fields hold VAs
    std::optional<FileVersion> file_version;
    std::optional<FileVersion> product_version; // with file_version
};

// The image and where its structures are (file offsets).
struct SyntheticPe {
    std::vector<unsigned char> bytes;
    std::size_t coff_header = 0;
    std::size_t optional_header = 0;
    std::size_t rva_count_field = 0; // NumberOfRvaAndSizes
    std::size_t section_table = 0;
    std::size_t section_data = 0; // file offset of RVA section_rva
    std::size_t import_descriptors = 0;
    std::size_t delay_descriptors = 0;
    std::size_t resource_root = 0;
    std::size_t version_info = 0; // VS_VERSIONINFO
    std::uint32_t section_rva = 0;

    void put_u16(std::size_t offset, std::uint16_t value);
    void put_u32(std::size_t offset, std::uint32_t value);
};

SyntheticPe build_synthetic_pe(const SyntheticPeSpec& spec);

} // namespace torchpin::test
