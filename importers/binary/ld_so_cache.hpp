// glibc's /etc/ld.so.cache: the sonames ldconfig found in the trusted folders and their paths.
#pragma once

#include "engine/base/expected.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace torchpin {

// One library of the cache, e.g. {"libstdc++.so.6", "/lib/x86_64-linux-gnu/libstdc++.so.6",
// 0x0303}.
struct LdCacheEntry {
    std::string name;        // "libstdc++.so.6"
    std::string path;        // "/lib/x86_64-linux-gnu/libstdc++.so.6"
    std::uint32_t flags = 0; // the entry's flags (ABI/arch bits)
};

// Parses the "glibc-ld.so.cache1.1" format (and the old "ld.so-1.7.0" header followed by it, if
// present; a cache in the old format alone is read from its old table). Entries come in the
// cache's order, which is ld.so's search order. A malformed cache is a ParseError with the byte
// offset of the problem: a truncated header, a count the file has no room for, a string offset
// outside the file or a string without its terminating NUL.
Expected<std::vector<LdCacheEntry>> parse_ld_so_cache(std::span<const unsigned char> bytes);

// Whether an entry is for libraries of this ELF machine and class, as ld.so decides
// (_dl_cache_check_flags in glibc's sysdeps/**/dl-cache.h, FLAG_* in ldconfig.h): x86-64 0x0303,
// x32 0x0803, aarch64 0x0a03, i386 0x0003 or 0x0001, 32-bit arm 0x0903 or 0x0b03 (hard- or
// soft-float; the ELF machine does not say which) or 0x0003, ppc64 0x0503, s390x 0x0403, 32-bit ppc
// and s390 0x0003, riscv64 0x0f03 or 0x1003, loongarch64 0x1103 or 0x1203. Other machines (and
// 32-bit riscv) fit no entry.
bool ld_cache_entry_fits(const LdCacheEntry& entry, std::uint16_t elf_machine, bool is_64_bit);

} // namespace torchpin
