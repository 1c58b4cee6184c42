// read_elf_image, read_elf_file and the symbol visits for builds without libelf (the Windows
// build): every ELF read is an error that says why.
#include "importers/binary/elf_image.hpp"

namespace torchpin {

namespace {

ParseError no_libelf() {
    return ParseError{"this torchpin build reads no ELF files: libelf is not linked into it (the "
                      "Windows build checks Windows environments)",
                      0,
                      {}};
}

} // namespace

Expected<ElfImage> read_elf_image(std::span<const unsigned char>) {
    return no_libelf();
}

Expected<ElfImage> read_elf_file(const std::filesystem::path&) {
    return no_libelf();
}

std::optional<ParseError> visit_elf_image_symbols(std::span<const unsigned char>,
                                                  const ElfSymbolVisitor&) {
    return no_libelf();
}

std::optional<ParseError> visit_elf_file_symbols(const std::filesystem::path&,
                                                 const ElfSymbolVisitor&) {
    return no_libelf();
}

} // namespace torchpin
