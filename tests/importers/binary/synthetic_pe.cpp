// Builds the synthetic PE images of synthetic_pe.hpp: headers, one section, directories.
#include "tests/importers/binary/synthetic_pe.hpp"

#include <algorithm>
#include <string_view>

namespace torchpin::test {

namespace {

constexpr std::uint32_t section_rva = 0x1000;
constexpr std::size_t headers_size = 0x200;

// A growing byte buffer with little-endian writers.
struct Buffer {
    std::vector<unsigned char> bytes;

    std::size_t reserve(std::size_t size) {
        const std::size_t at = bytes.size();
        // insert, not resize: mingw's GCC 12 at -O3 sees an unbounded memset in resize.
        bytes.insert(bytes.end(), size, 0);
        return at;
    }
    void align(std::size_t alignment) {
        reserve((alignment - bytes.size() % alignment) % alignment);
    }
    void u16(std::size_t at, std::uint16_t value) {
        bytes[at] = static_cast<unsigned char>(value);
        bytes[at + 1] = static_cast<unsigned char>(value >> 8);
    }
    void u32(std::size_t at, std::uint32_t value) {
        u16(at, static_cast<std::uint16_t>(value));
        u16(at + 2, static_cast<std::uint16_t>(value >> 16));
    }
    void u64(std::size_t at, std::uint64_t value) {
        u32(at, static_cast<std::uint32_t>(value));
        u32(at + 4, static_cast<std::uint32_t>(value >> 32));
    }
    std::size_t text(std::string_view value) {
        const std::size_t at = reserve(value.size() + 1);
        std::copy(value.begin(), value.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
        return at;
    }
};

std::uint32_t most(const FileVersion& v) {
    return std::uint32_t{v.major} << 16 | v.minor;
}
std::uint32_t least(const FileVersion& v) {
    return std::uint32_t{v.build} << 16 | v.revision;
}

// Resource tree (type 16 → name 1 → language 0x409 → data) and VS_VERSIONINFO at `root`, whose
// offsets are relative to `root`; returns the VS_VERSIONINFO's offset in the section.
std::size_t put_version_resource(Buffer& section, std::size_t root, const FileVersion& file,
                                 const FileVersion& product) {
    section.reserve(0x58);
    const auto directory = [&](std::size_t at, std::uint32_t id, std::uint32_t target) {
        section.u16(at + 14, 1); // one id entry
        section.u32(at + 16, id);
        section.u32(at + 20, target);
    };
    directory(root, 16, 0x80000000 | 0x18);
    directory(root + 0x18, 1, 0x80000000 | 0x30);
    directory(root + 0x30, 0x409, 0x48);
    const std::size_t info = section.reserve(40 + 52);
    section.u32(root + 0x48, section_rva + static_cast<std::uint32_t>(info));
    section.u32(root + 0x4c, 40 + 52);
    section.u16(info, 40 + 52);
    section.u16(info + 2, 52);
    const std::string_view key = "VS_VERSION_INFO";
    for (std::size_t i = 0; i < key.size(); ++i) {
        section.u16(info + 6 + 2 * i, static_cast<unsigned char>(key[i]));
    }
    const std::size_t fixed = info + 40;
    section.u32(fixed, 0xFEEF04BD);
    section.u32(fixed + 4, 0x00010000);
    section.u32(fixed + 8, most(file));
    section.u32(fixed + 12, least(file));
    section.u32(fixed + 16, most(product));
    section.u32(fixed + 20, least(product));
    return info;
}

} // namespace

void SyntheticPe::put_u16(std::size_t offset, std::uint16_t value) {
    bytes.at(offset + 1);
    bytes[offset] = static_cast<unsigned char>(value);
    bytes[offset + 1] = static_cast<unsigned char>(value >> 8);
}

void SyntheticPe::put_u32(std::size_t offset, std::uint32_t value) {
    put_u16(offset, static_cast<std::uint16_t>(value));
    put_u16(offset + 2, static_cast<std::uint16_t>(value >> 16));
}

SyntheticPe build_synthetic_pe(const SyntheticPeSpec& spec) {
    // The section: descriptors first (each list ends with a zero entry), then names, resources.
    Buffer section;
    const std::size_t imports = section.reserve((spec.imports.size() + 1) * 20);
    const std::size_t delays = section.reserve((spec.delay_imports.size() + 1) * 32);
    for (std::size_t i = 0; i < spec.imports.size(); ++i) {
        const std::size_t name = section.text(spec.imports[i]);
        section.u32(imports + i * 20 + 12, section_rva + static_cast<std::uint32_t>(name));
        section.u32(imports + i * 20 + 16, section_rva); // FirstThunk: any non-zero RVA
    }
    for (std::size_t i = 0; i < spec.delay_imports.size(); ++i) {
        const std::size_t name = section.text(spec.delay_imports[i]);
        const std::uint64_t rva = section_rva + name;
        section.u32(delays + i * 32, spec.delay_imports_as_vas ? 0 : 1);
        section.u32(
            delays + i * 32 + 4,
            static_cast<std::uint32_t>(spec.delay_imports_as_vas ? rva + spec.image_base : rva));
    }
    section.align(4);
    std::size_t resources = 0, version_info = 0;
    if (spec.file_version) {
        resources = section.bytes.size();
        version_info = put_version_resource(section, resources, *spec.file_version,
                                            spec.product_version.value_or(*spec.file_version));
    }
    section.align(16);

    SyntheticPe pe;
    Buffer file;
    file.reserve(headers_size);
    file.bytes[0] = 'M';
    file.bytes[1] = 'Z';
    file.u32(0x3c, 0x40);
    file.u32(0x40, 0x00004550);
    pe.coff_header = 0x44;
    const std::uint16_t optional_size = spec.pe32_plus ? 112 + 16 * 8 : 96 + 16 * 8;
    file.u16(pe.coff_header, spec.machine);
    file.u16(pe.coff_header + 2, 1);
    file.u16(pe.coff_header + 16, optional_size);
    file.u16(pe.coff_header + 18, spec.dll ? 0x2022 : 0x0022);
    pe.optional_header = pe.coff_header + 20;
    const std::size_t opt = pe.optional_header;
    file.u16(opt, spec.pe32_plus ? 0x20b : 0x10b);
    if (spec.pe32_plus) {
        file.u64(opt + 24, spec.image_base);
    } else {
        file.u32(opt + 28, static_cast<std::uint32_t>(spec.image_base));
    }
    file.u32(opt + 60, headers_size);
    pe.rva_count_field = opt + (spec.pe32_plus ? 108 : 92);
    file.u32(pe.rva_count_field, 16);
    const std::size_t directories = pe.rva_count_field + 4;
    const auto directory = [&](std::size_t index, std::size_t offset, std::size_t size) {
        file.u32(directories + index * 8, section_rva + static_cast<std::uint32_t>(offset));
        file.u32(directories + index * 8 + 4, static_cast<std::uint32_t>(size));
    };
    directory(1, imports, (spec.imports.size() + 1) * 20);
    if (!spec.delay_imports.empty()) {
        directory(13, delays, (spec.delay_imports.size() + 1) * 32);
    }
    if (spec.file_version) {
        directory(2, resources, section.bytes.size() - resources);
    }
    pe.section_table = opt + optional_size;
    std::copy_n(".data", 5, file.bytes.begin() + static_cast<std::ptrdiff_t>(pe.section_table));
    file.u32(pe.section_table + 8, static_cast<std::uint32_t>(section.bytes.size()));
    file.u32(pe.section_table + 12, section_rva);
    file.u32(pe.section_table + 16, static_cast<std::uint32_t>(section.bytes.size()));
    file.u32(pe.section_table + 20, headers_size);
    file.bytes.insert(file.bytes.end(), section.bytes.begin(), section.bytes.end());

    pe.bytes = std::move(file.bytes);
    pe.section_rva = section_rva;
    pe.section_data = headers_size;
    pe.import_descriptors = headers_size + imports;
    pe.delay_descriptors = headers_size + delays;
    pe.resource_root = headers_size + resources;
    pe.version_info = headers_size + version_info;
    return pe;
}

} // namespace torchpin::test
