// Inside the PE reader: bounds-checked little-endian reads and the mapping of RVAs to file offsets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin::pe {

// A malformed structure, at a byte offset of the file. Thrown only inside the PE reader, whose
// entry points turn it into a ParseError: every read below can fail, and threading an Expected
// through each of them would hide the format behind error plumbing.
struct FormatError {
    std::string message;
    std::size_t offset = 0;
};
[[noreturn]] void fail(std::size_t offset, std::string message);

// "0x1f40"
std::string hex(std::uint64_t value);

// The file's bytes; every read names the structure it belongs to, for the error.
class FileBytes {
public:
    explicit FileBytes(std::span<const unsigned char> bytes) noexcept
        : bytes_(bytes) {}
    std::size_t size() const noexcept { return bytes_.size(); }
    // Whether [offset, offset + length) lies inside the file (no overflow for any inputs).
    bool contains(std::uint64_t offset, std::uint64_t length) const noexcept;
    // Fails with "<what>: N bytes at 0x… past the end of the file (size M)" unless it fits.
    void require(std::uint64_t offset, std::uint64_t length, std::string_view what) const;
    std::uint16_t u16(std::uint64_t offset, std::string_view what) const;
    std::uint32_t u32(std::uint64_t offset, std::string_view what) const;
    std::uint64_t u64(std::uint64_t offset, std::string_view what) const;
    unsigned char byte(std::size_t offset) const noexcept { return bytes_[offset]; }

private:
    std::span<const unsigned char> bytes_;
};

// One entry of the section table.
struct Section {
    std::uint32_t virtual_address = 0;
    std::uint32_t virtual_size = 0;
    std::uint32_t raw_offset = 0;
    std::uint32_t raw_size = 0;
};

// Where an RVA's bytes are in the file: the offset and how many bytes of its section follow.
struct FileRange {
    std::size_t offset = 0;
    std::size_t length = 0;
};

// RVA → file offset through the section table; the headers map to themselves.
class AddressMap {
public:
    AddressMap(std::vector<Section> sections, std::uint32_t size_of_headers, std::size_t file_size);
    // nullopt when no section (nor the headers) holds `rva` with file bytes behind it.
    std::optional<FileRange> locate(std::uint64_t rva) const noexcept;

private:
    std::vector<Section> sections_;
    std::uint32_t size_of_headers_;
    std::size_t file_size_;
};

// The NUL-terminated ASCII name at `rva` (a DLL name); `what` and `at` (the offset of the field
// holding the RVA) name the error: "<what>: name RVA 0x… outside every section".
std::string read_ascii_name(const FileBytes& file, const AddressMap& map, std::uint64_t rva,
                            std::size_t at, std::string_view what);

} // namespace torchpin::pe
