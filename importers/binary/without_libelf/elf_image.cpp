// read_elf_image and read_elf_file for builds without libelf (the Windows build): every ELF read
// is an error that says why.
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

} // namespace torchpin
