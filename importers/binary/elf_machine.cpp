// Names of ELF machines (e_machine), as Linux distributions name their architectures.
#include "importers/binary/elf_image.hpp"

namespace torchpin {

std::string_view elf_machine_name(std::uint16_t machine) {
    switch (machine) {
    case elf_machine_i386:
        return "i386";
    case elf_machine_ppc:
        return "ppc";
    case elf_machine_ppc64:
        return "ppc64";
    case elf_machine_s390:
        return "s390";
    case elf_machine_arm:
        return "arm";
    case elf_machine_x86_64:
        return "x86_64";
    case elf_machine_aarch64:
        return "aarch64";
    case elf_machine_riscv:
        return "riscv";
    case elf_machine_loongarch:
        return "loongarch";
    default:
        return "unknown";
    }
}

} // namespace torchpin
