// Fuzz target: read_elf_image and visit_elf_image_symbols on arbitrary bytes never crash, and
// every name they read is a NUL-free string shorter than the input (strings come from the image's
// string tables).
#include "fuzz/fuzz_target.hpp"
#include "importers/binary/elf_image.hpp"

#include <span>
#include <string>

namespace {

void check_name(const std::string& name, std::size_t size) {
    FUZZ_CHECK(name.size() < size);
    FUZZ_CHECK(name.find('\0') == std::string::npos);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto symbols_error = torchpin::visit_elf_image_symbols(
        std::span(data, size), [&](const torchpin::ElfDynamicSymbol& symbol) {
            check_name(std::string(symbol.name), size);
            return true;
        });
    FUZZ_CHECK(!symbols_error || !symbols_error->message.empty());
    const auto image = torchpin::read_elf_image(std::span(data, size));
    if (!image) {
        FUZZ_CHECK(!image.error().message.empty());
        return 0;
    }
    FUZZ_CHECK(size >= 52); // the smallest ELF header, ELFCLASS32's
    if (image->soname) {
        check_name(*image->soname, size);
    }
    for (const auto* names :
         {&image->needed, &image->rpath, &image->runpath, &image->version_definitions}) {
        for (const auto& name : *names) {
            check_name(name, size);
        }
    }
    for (const auto& need : image->version_needs) {
        check_name(need.file, size);
        for (const auto& version : need.versions) {
            check_name(version, size);
        }
    }
    return 0;
}
