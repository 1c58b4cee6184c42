// Test tool: writes one data directory entry (RVA and size) of a PE file in place, for the PE
// fixtures whose delay-import directory GNU ld leaves empty. Usage: pe_set_directory FILE INDEX RVA
// SIZE
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>

namespace {

std::uint32_t read_u32(std::fstream& file, std::streamoff offset) {
    unsigned char bytes[4] = {};
    file.seekg(offset);
    file.read(reinterpret_cast<char*>(bytes), 4);
    return bytes[0] | bytes[1] << 8 | bytes[2] << 16 | std::uint32_t{bytes[3]} << 24;
}

void write_u32(std::fstream& file, std::streamoff offset, std::uint32_t value) {
    const char bytes[4] = {static_cast<char>(value), static_cast<char>(value >> 8),
                           static_cast<char>(value >> 16), static_cast<char>(value >> 24)};
    file.seekp(offset);
    file.write(bytes, 4);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::cerr << "usage: pe_set_directory FILE INDEX RVA SIZE\n";
        return 2;
    }
    std::fstream file(argv[1], std::ios::in | std::ios::out | std::ios::binary);
    const auto index = std::stoul(argv[2]);
    const auto rva = static_cast<std::uint32_t>(std::stoul(argv[3], nullptr, 0));
    const auto size = static_cast<std::uint32_t>(std::stoul(argv[4], nullptr, 0));
    const std::streamoff optional_header = read_u32(file, 0x3c) + 24;
    const bool pe32_plus = (read_u32(file, optional_header) & 0xffff) == 0x20b;
    const std::streamoff count_field = optional_header + (pe32_plus ? 108 : 92);
    if (!file || index >= read_u32(file, count_field)) {
        std::cerr << argv[1] << ": not a PE file with data directory " << index << "\n";
        return 1;
    }
    const std::streamoff entry = count_field + 4 + static_cast<std::streamoff>(index) * 8;
    write_u32(file, entry, rva);
    write_u32(file, entry + 4, size);
    if (!file) {
        std::cerr << argv[1] << ": cannot write data directory " << index << "\n";
        return 1;
    }
    return 0;
}
