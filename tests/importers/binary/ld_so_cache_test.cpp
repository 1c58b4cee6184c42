// parse_ld_so_cache on real caches written by Debian 12's ldconfig (tests/data/ld_so_cache/) and
// on synthesised malformed ones; ld_cache_entry_fits against glibc's flags per machine.
#include "importers/binary/elf_image.hpp"
#include "importers/binary/ld_so_cache.hpp"
#include "tests/support/test_paths.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::LdCacheEntry;
using torchpin::parse_ld_so_cache;

namespace {

using Bytes = std::vector<unsigned char>;

Bytes cache_file(const std::string& name) {
    const std::string text =
        torchpin::test::read_file(torchpin::test::source_path("tests/data/ld_so_cache/" + name));
    return Bytes(text.begin(), text.end());
}

void put_number(Bytes& bytes, std::size_t at, std::uint32_t value, bool big_endian = false) {
    for (std::size_t i = 0; i < 4; ++i) {
        bytes[big_endian ? at + 3 - i : at + i] = static_cast<unsigned char>(value >> (8 * i));
    }
}

// A "glibc-ld.so.cache1.1" cache of one entry {flags, name, path} whose strings follow the entry;
// `endian` is the header's flags byte (2 little, 3 big, 1 invalid).
Bytes one_entry_cache(std::uint32_t flags, const std::string& strings, std::uint32_t name_at,
                      std::uint32_t path_at, unsigned char endian = 2) {
    const std::string magic = "glibc-ld.so.cache1.1";
    Bytes bytes(48 + 24);
    std::copy(magic.begin(), magic.end(), bytes.begin());
    const bool big = endian == 3;
    put_number(bytes, 20, 1, big);
    put_number(bytes, 24, static_cast<std::uint32_t>(strings.size()), big);
    bytes[28] = endian;
    put_number(bytes, 48, flags, big);
    put_number(bytes, 52, 72 + name_at, big);
    put_number(bytes, 56, 72 + path_at, big);
    bytes.insert(bytes.end(), strings.begin(), strings.end());
    return bytes;
}

void check_the_two_real_entries(const std::vector<LdCacheEntry>& entries) {
    BOOST_REQUIRE_EQUAL(entries.size(), 2u);
    BOOST_TEST(entries[0].name == "libz.so.1");
    BOOST_TEST(entries[0].path == "/lib/x86_64-linux-gnu/libz.so.1");
    BOOST_TEST(entries[1].name == "libelf.so.1");
    BOOST_TEST(entries[1].path == "/lib/x86_64-linux-gnu/libelf.so.1");
    BOOST_TEST(entries[0].flags == 0x0303u);
    BOOST_TEST(entries[1].flags == 0x0303u);
}

std::string error_of(const Bytes& bytes, std::size_t* position = nullptr) {
    const auto parsed = parse_ld_so_cache(bytes);
    if (parsed) {
        return "no error";
    }
    if (position != nullptr) {
        *position = parsed.error().position;
    }
    return parsed.error().message;
}

} // namespace

BOOST_AUTO_TEST_SUITE(ld_so_cache)

BOOST_AUTO_TEST_CASE(reads_the_new_format_that_ldconfig_writes_today) {
    const auto entries = parse_ld_so_cache(cache_file("new_format.cache"));
    BOOST_REQUIRE_MESSAGE(entries.has_value(), (entries ? "" : entries.error().message));
    check_the_two_real_entries(*entries);
}

BOOST_AUTO_TEST_CASE(reads_the_new_table_after_the_old_one_in_the_compat_format) {
    const auto entries = parse_ld_so_cache(cache_file("compat_format.cache"));
    BOOST_REQUIRE_MESSAGE(entries.has_value(), (entries ? "" : entries.error().message));
    check_the_two_real_entries(*entries);
}

BOOST_AUTO_TEST_CASE(reads_the_old_table_when_no_new_one_follows_it) {
    Bytes bytes = cache_file("compat_format.cache");
    bytes.at(0x28) = 'X'; // the new table's magic, 8-aligned after the old table's two entries
    const auto entries = parse_ld_so_cache(bytes);
    BOOST_REQUIRE_MESSAGE(entries.has_value(), (entries ? "" : entries.error().message));
    check_the_two_real_entries(*entries);
}

BOOST_AUTO_TEST_CASE(reads_a_big_endian_cache_by_its_header_flag) {
    const auto entries = parse_ld_so_cache(
        one_entry_cache(0x0503, std::string("libc.so.6\0/lib64/libc.so.6\0", 27), 0, 10, 3));
    BOOST_REQUIRE_MESSAGE(entries.has_value(), (entries ? "" : entries.error().message));
    BOOST_REQUIRE_EQUAL(entries->size(), 1u);
    BOOST_TEST((*entries)[0].name == "libc.so.6");
    BOOST_TEST((*entries)[0].path == "/lib64/libc.so.6");
    BOOST_TEST((*entries)[0].flags == 0x0503u);
}

BOOST_AUTO_TEST_CASE(a_cut_off_header_is_an_error_at_the_end) {
    const Bytes whole = cache_file("new_format.cache");
    std::size_t position = 0;
    BOOST_TEST(error_of(Bytes(whole.begin(), whole.begin() + 30), &position) ==
               "the cache header is cut off");
    BOOST_TEST(position == 30u);
    BOOST_TEST(error_of({}).find("not an ld.so.cache") == 0u);
    BOOST_TEST(error_of(Bytes{'l', 'd', '.', 's', 'o'}).find("not an ld.so.cache") == 0u);
    const Bytes compat = cache_file("compat_format.cache");
    BOOST_TEST(error_of(Bytes(compat.begin(), compat.begin() + 14)) ==
               "the cache header is cut off");
}

BOOST_AUTO_TEST_CASE(a_count_without_room_for_its_entries_is_an_error_at_the_count) {
    Bytes bytes = cache_file("new_format.cache");
    put_number(bytes, 20, 0xffffffffu);
    std::size_t position = 0;
    // 255 bytes: room for (255 - 48) / 24 = 8 entries after the header.
    BOOST_TEST(error_of(bytes, &position) ==
               "the cache says it holds 4294967295 libraries but has room for 8");
    BOOST_TEST(position == 20u);
    Bytes old = cache_file("compat_format.cache");
    put_number(old, 12, 1000);
    BOOST_TEST(error_of(old, &position).find("1000 libraries") != std::string::npos);
    BOOST_TEST(position == 12u);
}

BOOST_AUTO_TEST_CASE(a_string_offset_past_the_end_is_an_error_at_the_offset) {
    Bytes bytes = cache_file("new_format.cache");
    put_number(bytes, 48 + 24 + 8, 0x10000); // the second entry's path
    std::size_t position = 0;
    BOOST_TEST(error_of(bytes, &position) == "string offset 65536 is past the end of the cache");
    BOOST_TEST(position == 80u);
    // One byte past the last one is past the end too.
    const Bytes at_end = one_entry_cache(0x0303, std::string("a\0b\0", 4), 0, 4);
    BOOST_TEST(error_of(at_end, &position) == "string offset 76 is past the end of the cache");
    BOOST_TEST(position == 56u);
}

BOOST_AUTO_TEST_CASE(a_string_without_its_nul_is_an_error) {
    std::size_t position = 0;
    BOOST_TEST(error_of(one_entry_cache(0x0303, std::string("a\0/lib/a", 8), 0, 2), &position) ==
               "the string at offset 74 has no end");
    BOOST_TEST(position == 56u);
}

BOOST_AUTO_TEST_CASE(a_cache_that_ldconfig_marked_invalid_is_refused) {
    BOOST_TEST(error_of(one_entry_cache(0x0303, std::string("a\0b\0", 4), 0, 2, 1)) ==
               "ldconfig marked this cache invalid");
}

BOOST_AUTO_TEST_CASE(every_cut_of_a_real_cache_parses_or_fails_inside_it) {
    for (const char* name : {"new_format.cache", "compat_format.cache"}) {
        const Bytes whole = cache_file(name);
        for (std::size_t size = 0; size < whole.size(); ++size) {
            const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size));
            const auto parsed = parse_ld_so_cache(cut);
            if (parsed) {
                check_the_two_real_entries(*parsed); // only the extension after the strings is cut
            } else {
                BOOST_TEST(parsed.error().position <= size);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(entries_fit_the_machines_that_glibc_loads_them_for) {
    using torchpin::ld_cache_entry_fits;
    const auto entry = [](std::uint32_t flags) { return LdCacheEntry{"libc.so.6", "/lib", flags}; };
    BOOST_TEST(ld_cache_entry_fits(entry(0x0303), torchpin::elf_machine_x86_64, true));
    BOOST_TEST(!ld_cache_entry_fits(entry(0x0303), torchpin::elf_machine_x86_64, false));
    BOOST_TEST(!ld_cache_entry_fits(entry(0x0303), torchpin::elf_machine_aarch64, true));
    BOOST_TEST(!ld_cache_entry_fits(entry(0x0003), torchpin::elf_machine_x86_64, true));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0803), torchpin::elf_machine_x86_64, false));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0a03), torchpin::elf_machine_aarch64, true));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0003), torchpin::elf_machine_i386, false));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0001), torchpin::elf_machine_i386, false));
    BOOST_TEST(!ld_cache_entry_fits(entry(0x0001), torchpin::elf_machine_aarch64, true));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0903), torchpin::elf_machine_arm, false));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0b03), torchpin::elf_machine_arm, false));
    BOOST_TEST(ld_cache_entry_fits(entry(0x0503), torchpin::elf_machine_ppc64, true));
    BOOST_TEST(ld_cache_entry_fits(entry(0x1003), torchpin::elf_machine_riscv, true));
    BOOST_TEST(!ld_cache_entry_fits(entry(0x0303), 0xffff, true));
}

BOOST_AUTO_TEST_SUITE_END()
