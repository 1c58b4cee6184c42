// What the dynamic loader reads of an ELF shared library: machine, class, soname, DT_NEEDED,
// rpath and runpath, the symbol versions it needs (DT_VERNEED) and defines (DT_VERDEF), and, read
// apart because it is large, its dynamic symbol table (SHT_DYNSYM).
#pragma once

#include "engine/base/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// e_machine values (the ELF specification's EM_* numbers; <elf.h> is not there on Windows).
inline constexpr std::uint16_t elf_machine_i386 = 3;
inline constexpr std::uint16_t elf_machine_ppc = 20;
inline constexpr std::uint16_t elf_machine_ppc64 = 21;
inline constexpr std::uint16_t elf_machine_s390 = 22;
inline constexpr std::uint16_t elf_machine_arm = 40;
inline constexpr std::uint16_t elf_machine_x86_64 = 62;
inline constexpr std::uint16_t elf_machine_aarch64 = 183;
inline constexpr std::uint16_t elf_machine_riscv = 243;
inline constexpr std::uint16_t elf_machine_loongarch = 258;

// The versions one library needs from another (DT_VERNEED): libstdc++.so.6 → GLIBCXX_3.4.30, ...
struct ElfVersionNeed {
    std::string file;                  // "libstdc++.so.6"
    std::vector<std::string> versions; // "GLIBCXX_3.4.30", "CXXABI_1.3.13" in file order
};

struct ElfImage {
    std::uint16_t machine = 0;         // e_machine (EM_X86_64 62, EM_AARCH64 183)
    bool is_64_bit = false;            // ELFCLASS64
    std::optional<std::string> soname; // DT_SONAME
    std::vector<std::string> needed;   // DT_NEEDED in order
    std::vector<std::string> rpath;    // DT_RPATH split on ':', as written ("$ORIGIN/../lib")
    std::vector<std::string> runpath;  // DT_RUNPATH split on ':'
    std::vector<ElfVersionNeed> version_needs;
    std::vector<std::string> version_definitions; // DT_VERDEF names except the base entry (the
                                                  // file's own name)
};

// "x86_64", "aarch64", "i386", "arm", "ppc64", "s390", "riscv", "loongarch", ... or "unknown".
std::string_view elf_machine_name(std::uint16_t machine);

// Reads an ELF image held in memory (libelf's elf_memory); for fuzzing and tests. A file that is
// not ELF, or whose dynamic section or version sections are malformed, is a ParseError saying
// what failed (libelf's elf_errmsg, or which index is out of range).
Expected<ElfImage> read_elf_image(std::span<const unsigned char> bytes);

// Reads an ELF file; only the headers and the sections it needs are read, so a 1 GB
// libtorch_cuda.so costs what a small library does. An unreadable or malformed file is a
// ParseError naming the file and what failed.
Expected<ElfImage> read_elf_file(const std::filesystem::path& file);

// One named, non-local entry of the dynamic symbol table.
struct ElfDynamicSymbol {
    std::string_view name; // as written, mangled: "_ZN3c105ErrorC2ENS_14SourceLocationE…"; valid
                           // only during the visit
    bool defined = false;  // exported: it has a section (st_shndx is not SHN_UNDEF); otherwise
                           // imported, for the loader to find in another library
    bool weak = false;     // STB_WEAK: an import that may stay unresolved, or an export another
                           // library may override
};

// Called for each symbol; returns false to stop the walk (every wanted symbol was seen).
using ElfSymbolVisitor = std::function<bool(const ElfDynamicSymbol&)>;

// Visits the named global, weak and unique symbols of the dynamic symbol table in table order
// (local ones and the unnamed first entry are skipped); a library without one visits nothing.
// The file reader reads the headers, the table and its string table only: walking the 73 000
// exports of libLLVM-14.so and libclang-cpp.so.14 takes about 10 ms (docs/performance.md). A file
// that is not ELF or whose table is malformed is a ParseError as in read_elf_image / read_elf_file;
// nullopt is success.
std::optional<ParseError> visit_elf_image_symbols(std::span<const unsigned char> bytes,
                                                  const ElfSymbolVisitor& visit);
std::optional<ParseError> visit_elf_file_symbols(const std::filesystem::path& file,
                                                 const ElfSymbolVisitor& visit);

} // namespace torchpin
