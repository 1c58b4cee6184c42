// parse_ld_so_cache: glibc's cache formats, after glibc's elf/dl-cache.c and
// sysdeps/generic/dl-cache.h.
#include "importers/binary/ld_so_cache.hpp"

#include "importers/binary/elf_image.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

namespace torchpin {

namespace {

// struct cache_file (old): magic[11], nlibs at 12, then {int32 flags; uint32 key, value} entries
// whose strings are counted from the end of the entries.
constexpr std::string_view old_magic = "ld.so-1.7.0";
constexpr std::size_t old_header_size = 16;
constexpr std::size_t old_entry_size = 12;
// struct cache_file_new: magic and version[20], nlibs at 20, len_strings, flags (endianness) at 28,
// extension_offset, unused[3]; then 24-byte entries {flags, key, value, osversion, hwcap} whose
// strings are counted from the start of this header. It follows an old table aligned to 8.
constexpr std::string_view new_magic = "glibc-ld.so.cache1.1";
constexpr std::size_t new_header_size = 48;
constexpr std::size_t new_entry_size = 24;
constexpr std::size_t new_count_offset = 20;
constexpr std::size_t new_flags_offset = 28;
constexpr unsigned endian_mask = 3, endian_invalid = 1, endian_big = 3;

class CacheReader {
public:
    explicit CacheReader(std::span<const unsigned char> bytes)
        : bytes_(bytes) {}

    bool has_magic(std::size_t at, std::string_view magic) const {
        return bytes_.size() >= at && bytes_.size() - at >= magic.size() &&
               std::memcmp(bytes_.data() + at, magic.data(), magic.size()) == 0;
    }

    std::uint32_t number(std::size_t at) const {
        std::uint32_t value = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            value = (value << 8) | bytes_[big_endian_ ? at + i : at + 3 - i];
        }
        return value;
    }

    // The entry count at `at`, checked against the room left for `entry_size`-byte entries.
    Expected<std::size_t> count(std::size_t at, std::size_t entries_start,
                                std::size_t entry_size) const {
        const std::uint32_t count = number(at);
        const std::size_t room = (bytes_.size() - entries_start) / entry_size;
        if (count > room) {
            return ParseError{"the cache says it holds " + std::to_string(count) +
                                  " libraries but has room for " + std::to_string(room),
                              at,
                              {}};
        }
        return std::size_t{count};
    }

    // The NUL-terminated string `offset` bytes after `base`; `at` is where the offset is written.
    Expected<std::string> string(std::size_t base, std::uint32_t offset, std::size_t at) const {
        if (offset >= bytes_.size() - base) {
            return ParseError{"string offset " + std::to_string(offset) +
                                  " is past the end of the cache",
                              at,
                              {}};
        }
        const auto begin = bytes_.begin() + static_cast<std::ptrdiff_t>(base + offset);
        const auto end = std::find(begin, bytes_.end(), 0);
        if (end == bytes_.end()) {
            return ParseError{
                "the string at offset " + std::to_string(offset) + " has no end", at, {}};
        }
        return std::string(begin, end);
    }

    // Reads `count` entries of `entry_size` bytes from `start`, strings counted from `base`.
    Expected<std::vector<LdCacheEntry>> entries(std::size_t start, std::size_t count,
                                                std::size_t entry_size, std::size_t base) const {
        std::vector<LdCacheEntry> entries;
        entries.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t at = start + i * entry_size;
            auto name = string(base, number(at + 4), at + 4);
            if (!name) {
                return name.error();
            }
            auto path = string(base, number(at + 8), at + 8);
            if (!path) {
                return path.error();
            }
            entries.push_back(LdCacheEntry{std::move(*name), std::move(*path), number(at)});
        }
        return entries;
    }

    Expected<std::vector<LdCacheEntry>> new_format(std::size_t base) {
        if (bytes_.size() - base < new_header_size) {
            return ParseError{"the cache header is cut off", bytes_.size(), {}};
        }
        const unsigned endian = bytes_[base + new_flags_offset] & endian_mask;
        if (endian == endian_invalid) {
            return ParseError{"ldconfig marked this cache invalid", base + new_flags_offset, {}};
        }
        big_endian_ = endian == endian_big;
        auto count = this->count(base + new_count_offset, base + new_header_size, new_entry_size);
        if (!count) {
            return count.error();
        }
        return entries(base + new_header_size, *count, new_entry_size, base);
    }

    Expected<std::vector<LdCacheEntry>> old_format() {
        if (bytes_.size() < old_header_size) {
            return ParseError{"the cache header is cut off", bytes_.size(), {}};
        }
        auto count = this->count(old_magic.size() + 1, old_header_size, old_entry_size);
        if (!count) {
            return count.error();
        }
        const std::size_t strings = old_header_size + *count * old_entry_size;
        const std::size_t new_start = (strings + 7) / 8 * 8;
        if (has_magic(new_start, new_magic)) {
            return new_format(new_start);
        }
        return entries(old_header_size, *count, old_entry_size, strings);
    }

private:
    std::span<const unsigned char> bytes_;
    bool big_endian_ = false;
};

struct MachineFlags {
    std::uint16_t machine;
    bool is_64_bit;
    std::array<std::uint32_t, 3> flags; // the values ld.so accepts; 0 pads
};

// ELF_LIBC6 (3) with the ABI's FLAG_* bits (ldconfig.h), per _dl_cache_check_flags.
constexpr std::array<MachineFlags, 11> machine_flags{{
    {elf_machine_x86_64, true, {0x0303}},
    {elf_machine_x86_64, false, {0x0803}},
    {elf_machine_i386, false, {0x0003, 0x0001}},
    {elf_machine_aarch64, true, {0x0a03}},
    {elf_machine_arm, false, {0x0903, 0x0b03, 0x0003}},
    {elf_machine_ppc64, true, {0x0503}},
    {elf_machine_ppc, false, {0x0003}},
    {elf_machine_s390, true, {0x0403}},
    {elf_machine_s390, false, {0x0003}},
    {elf_machine_riscv, true, {0x0f03, 0x1003}},
    {elf_machine_loongarch, true, {0x1103, 0x1203}},
}};

} // namespace

Expected<std::vector<LdCacheEntry>> parse_ld_so_cache(std::span<const unsigned char> bytes) {
    CacheReader reader(bytes);
    if (reader.has_magic(0, new_magic)) {
        return reader.new_format(0);
    }
    if (reader.has_magic(0, old_magic)) {
        return reader.old_format();
    }
    return ParseError{"not an ld.so.cache: it starts with neither \"glibc-ld.so.cache1.1\" nor "
                      "\"ld.so-1.7.0\"",
                      0,
                      {}};
}

bool ld_cache_entry_fits(const LdCacheEntry& entry, std::uint16_t elf_machine, bool is_64_bit) {
    return std::any_of(machine_flags.begin(), machine_flags.end(), [&](const MachineFlags& row) {
        return row.machine == elf_machine && row.is_64_bit == is_64_bit && entry.flags != 0 &&
               std::find(row.flags.begin(), row.flags.end(), entry.flags) != row.flags.end();
    });
}

} // namespace torchpin
