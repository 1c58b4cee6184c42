// The headers and the directories' sections of a PE file, copied into a compact image.
#include "importers/binary/pe_directories_read.hpp"

#include "importers/binary/pe_file_bytes.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace torchpin {

namespace {

constexpr std::uint64_t head_bytes = 64 * 1024; // e_lfanew and the tables lie well within
constexpr std::size_t section_header_size = 40;
constexpr std::array<std::uint32_t, 3> read_directories{1, 2, 13}; // imports, resources, delay

bool read_at(std::istream& in, std::uint64_t offset, unsigned char* into, std::size_t length) {
    in.clear();
    in.seekg(static_cast<std::streamoff>(offset));
    in.read(reinterpret_cast<char*>(into), static_cast<std::streamsize>(length));
    return in.gcount() == static_cast<std::streamsize>(length);
}

void put_u32(std::vector<unsigned char>& bytes, std::size_t at, std::uint32_t value) {
    for (std::size_t i = 0; i < 4; ++i) {
        bytes[at + i] = static_cast<unsigned char>(value >> (8 * i));
    }
}

} // namespace

std::optional<std::vector<unsigned char>> read_pe_directories(std::istream& in,
                                                              std::uint64_t file_size) {
    std::vector<unsigned char> image(std::min(file_size, head_bytes));
    if (!read_at(in, 0, image.data(), image.size())) {
        return std::nullopt;
    }
    try {
        const pe::FileBytes head(image);
        const std::uint64_t coff = std::uint64_t{head.u32(0x3c, "DOS header")} + 4;
        const std::uint16_t section_count = head.u16(coff + 2, "COFF header");
        const std::uint16_t optional_size = head.u16(coff + 16, "COFF header");
        const std::uint64_t optional_at = coff + 20;
        const bool pe32_plus = head.u16(optional_at, "optional header") == 0x20b;
        const std::uint64_t count_at = optional_at + (pe32_plus ? 108 : 92);
        const std::uint32_t directory_count = head.u32(count_at, "optional header");
        std::vector<std::uint32_t> rvas;
        for (std::uint32_t index : read_directories) {
            if (index < directory_count &&
                count_at + 4 + index * 8 + 8 <= optional_at + optional_size) {
                if (const std::uint32_t rva =
                        head.u32(count_at + 4 + index * 8, "data directory")) {
                    rvas.push_back(rva);
                }
            }
        }
        const std::uint64_t table = optional_at + optional_size;
        head.require(table, std::uint64_t{section_count} * section_header_size, "section table");
        image.resize(table + std::size_t{section_count} * section_header_size);
        for (std::size_t i = 0; i < section_count; ++i) {
            const std::size_t entry = table + i * section_header_size;
            const pe::FileBytes copy(image);
            const std::uint32_t address = copy.u32(entry + 12, "section table");
            const std::uint32_t extent = std::max(copy.u32(entry + 8, "section table"),
                                                  copy.u32(entry + 16, "section table"));
            const std::uint32_t raw_offset = copy.u32(entry + 20, "section table");
            const std::uint64_t raw_size =
                std::min<std::uint64_t>(copy.u32(entry + 16, "section table"),
                                        raw_offset < file_size ? file_size - raw_offset : 0);
            const bool wanted = std::any_of(rvas.begin(), rvas.end(), [&](std::uint32_t rva) {
                return rva >= address && rva - address < extent;
            });
            const std::size_t placed = image.size();
            if (!wanted || raw_size == 0) {
                put_u32(image, entry + 16, 0);
                put_u32(image, entry + 20, 0);
                continue;
            }
            image.resize(placed + raw_size);
            if (!read_at(in, raw_offset, image.data() + placed, raw_size)) {
                return std::nullopt;
            }
            put_u32(image, entry + 16, static_cast<std::uint32_t>(raw_size));
            put_u32(image, entry + 20, static_cast<std::uint32_t>(placed));
        }
    } catch (const pe::FormatError&) {
        return std::nullopt;
    }
    return image;
}

} // namespace torchpin
