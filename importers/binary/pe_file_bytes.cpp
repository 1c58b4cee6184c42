// Bounds-checked reads of a PE file and RVA mapping through its section table.
#include "importers/binary/pe_file_bytes.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace torchpin::pe {

namespace {

// A DLL name is one path component: Windows allows 255 characters.
constexpr std::size_t max_name_length = 255;

template <class T>
T little_endian(std::span<const unsigned char> bytes, std::size_t offset) {
    T value = 0;
    for (std::size_t i = sizeof(T); i-- > 0;) {
        value = static_cast<T>((value << 8) | bytes[offset + i]);
    }
    return value;
}

} // namespace

void fail(std::size_t offset, std::string message) {
    throw FormatError{std::move(message), offset};
}

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

bool FileBytes::contains(std::uint64_t offset, std::uint64_t length) const noexcept {
    return offset <= bytes_.size() && length <= bytes_.size() - offset;
}

void FileBytes::require(std::uint64_t offset, std::uint64_t length, std::string_view what) const {
    if (!contains(offset, length)) {
        fail(std::min<std::uint64_t>(offset, bytes_.size()),
             std::string(what) + ": " + std::to_string(length) + " bytes at " + hex(offset) +
                 " past the end of the file (size " + std::to_string(bytes_.size()) + ")");
    }
}

std::uint16_t FileBytes::u16(std::uint64_t offset, std::string_view what) const {
    require(offset, 2, what);
    return little_endian<std::uint16_t>(bytes_, offset);
}

std::uint32_t FileBytes::u32(std::uint64_t offset, std::string_view what) const {
    require(offset, 4, what);
    return little_endian<std::uint32_t>(bytes_, offset);
}

std::uint64_t FileBytes::u64(std::uint64_t offset, std::string_view what) const {
    require(offset, 8, what);
    return little_endian<std::uint64_t>(bytes_, offset);
}

AddressMap::AddressMap(std::vector<Section> sections, std::uint32_t size_of_headers,
                       std::size_t file_size)
    : sections_(std::move(sections))
    , size_of_headers_(size_of_headers)
    , file_size_(file_size) {}

std::optional<FileRange> AddressMap::locate(std::uint64_t rva) const noexcept {
    for (const Section& section : sections_) {
        // In memory a section spans its virtual size (its raw size when that is 0); only the
        // part backed by raw data can be read from the file.
        const std::uint64_t start = section.virtual_address;
        const std::uint64_t span =
            section.virtual_size != 0 ? section.virtual_size : section.raw_size;
        if (rva < start || rva - start >= span) {
            continue;
        }
        const std::uint64_t into = rva - start;
        if (into >= section.raw_size) {
            return std::nullopt;
        }
        const std::uint64_t offset = std::uint64_t{section.raw_offset} + into;
        if (offset >= file_size_) {
            return std::nullopt;
        }
        const std::uint64_t length =
            std::min<std::uint64_t>(section.raw_size - into, file_size_ - offset);
        return FileRange{static_cast<std::size_t>(offset), static_cast<std::size_t>(length)};
    }
    if (rva < size_of_headers_ && rva < file_size_) {
        const std::uint64_t end = std::min<std::uint64_t>(size_of_headers_, file_size_);
        return FileRange{static_cast<std::size_t>(rva), static_cast<std::size_t>(end - rva)};
    }
    return std::nullopt;
}

std::string read_ascii_name(const FileBytes& file, const AddressMap& map, std::uint64_t rva,
                            std::size_t at, std::string_view what) {
    const auto range = map.locate(rva);
    if (!range) {
        fail(at, std::string(what) + ": name RVA " + hex(rva) + " outside every section");
    }
    std::string name;
    for (std::size_t i = 0; i < range->length; ++i) {
        const unsigned char c = file.byte(range->offset + i);
        if (c == 0) {
            if (name.empty()) {
                fail(range->offset, std::string(what) + ": empty DLL name at RVA " + hex(rva));
            }
            return name;
        }
        if (c < 0x20 || c > 0x7e) {
            fail(range->offset + i, std::string(what) + ": DLL name at RVA " + hex(rva) +
                                        " has a byte that is not printable ASCII (" + hex(c) + ")");
        }
        if (name.size() == max_name_length) {
            fail(range->offset, std::string(what) + ": DLL name at RVA " + hex(rva) +
                                    " longer than " + std::to_string(max_name_length) +
                                    " characters");
        }
        name.push_back(static_cast<char>(c));
    }
    fail(range->offset,
         std::string(what) + ": DLL name at RVA " + hex(rva) + " runs past the end of its section");
}

} // namespace torchpin::pe
