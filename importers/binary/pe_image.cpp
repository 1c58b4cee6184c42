// The PE reader: DOS header, PE/COFF headers, section table, import and delay-import directories.
#include "importers/binary/pe_image.hpp"

#include "engine/base/utf8_path.hpp"
#include "importers/binary/pe_directories_read.hpp"
#include "importers/binary/pe_file_bytes.hpp"
#include "importers/binary/pe_version_resource.hpp"

#include <fstream>
#include <iterator>

namespace torchpin {

namespace {

using pe::fail;
using pe::hex;

constexpr std::uint16_t pe32_magic = 0x10b;
constexpr std::uint16_t pe32_plus_magic = 0x20b;
constexpr std::uint16_t file_dll = 0x2000;
constexpr std::size_t coff_header_size = 20;
constexpr std::size_t section_header_size = 40;
constexpr std::size_t import_descriptor_size = 20;
constexpr std::size_t delay_descriptor_size = 32;
constexpr std::uint32_t import_directory = 1;
constexpr std::uint32_t resource_directory = 2;
constexpr std::uint32_t delay_import_directory = 13;
constexpr std::uint32_t known_directories = 16;
// More descriptors than any real image has (torch_cpu.dll imports about 20 DLLs); a list that
// long is corrupt, and the cap keeps a crafted file from making millions of strings.
constexpr std::size_t max_descriptors = 4096;
// Above this size only the headers and the directories' sections are read (pe_directories_read):
// a whole torch_cuda.dll is over a gigabyte.
constexpr std::uintmax_t whole_file_limit = 4 * 1024 * 1024;

// The optional header's fields torchpin reads, and where its data directories are.
struct OptionalHeader {
    bool pe32_plus = false;
    std::uint64_t image_base = 0;
    std::uint32_t size_of_headers = 0;
    std::size_t directories_at = 0;
    std::uint32_t directory_count = 0;
};

OptionalHeader read_optional_header(const pe::FileBytes& file, std::size_t at, std::uint16_t size) {
    const std::string_view what = "optional header";
    file.require(at, size, what);
    OptionalHeader header;
    const std::uint16_t magic = size >= 2 ? file.u16(at, what) : 0;
    if (magic != pe32_magic && magic != pe32_plus_magic) {
        fail(at,
             "optional header: magic " + hex(magic) + " is neither PE32 (0x10b) nor PE32+ (0x20b)");
    }
    header.pe32_plus = magic == pe32_plus_magic;
    const std::size_t count_field = header.pe32_plus ? 108 : 92;
    if (size < count_field + 4) {
        fail(at, "optional header: " + std::to_string(size) +
                     " bytes (SizeOfOptionalHeader) too short for its fields");
    }
    header.image_base = header.pe32_plus ? file.u64(at + 24, what) : file.u32(at + 28, what);
    header.size_of_headers = file.u32(at + 60, what);
    header.directory_count = file.u32(at + count_field, what);
    header.directories_at = at + count_field + 4;
    const std::uint64_t room = size - (count_field + 4);
    if (std::uint64_t{header.directory_count} * 8 > room) {
        fail(at + count_field, "optional header: " + std::to_string(header.directory_count) +
                                   " data directories (NumberOfRvaAndSizes) do not fit in its " +
                                   std::to_string(size) + " bytes");
    }
    return header;
}

std::vector<pe::Section> read_sections(const pe::FileBytes& file, std::size_t at,
                                       std::uint16_t count) {
    file.require(at, std::size_t{count} * section_header_size, "section table");
    std::vector<pe::Section> sections;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t entry = at + i * section_header_size;
        sections.push_back(
            {file.u32(entry + 12, "section table"), file.u32(entry + 8, "section table"),
             file.u32(entry + 20, "section table"), file.u32(entry + 16, "section table")});
    }
    return sections;
}

// A data directory: its RVA and size, and where its entry is in the optional header.
struct DataDirectory {
    std::uint32_t rva = 0;
    std::uint32_t size = 0;
    std::size_t at = 0;
};

DataDirectory data_directory(const pe::FileBytes& file, const OptionalHeader& header,
                             std::uint32_t index) {
    if (index >= header.directory_count || index >= known_directories) {
        return {};
    }
    const std::size_t at = header.directories_at + std::size_t{index} * 8;
    return {file.u32(at, "data directory"), file.u32(at + 4, "data directory"), at};
}

// The descriptors of an import-style directory, up to the all-zero one: calls
// `name_of(descriptor offset)` for each and collects the names.
template <class NameOf>
std::vector<std::string> read_descriptor_names(const pe::FileBytes& file, const pe::AddressMap& map,
                                               DataDirectory directory, std::size_t descriptor_size,
                                               std::string_view what, NameOf name_of) {
    std::vector<std::string> names;
    if (directory.rva == 0) {
        return names;
    }
    const auto range = map.locate(directory.rva);
    if (!range) {
        fail(directory.at,
             std::string(what) + ": RVA " + hex(directory.rva) + " outside every section");
    }
    for (std::size_t i = 0;; ++i) {
        if (i == max_descriptors) {
            fail(range->offset, std::string(what) + ": more than " +
                                    std::to_string(max_descriptors) + " descriptors");
        }
        const std::size_t at = range->offset + i * descriptor_size;
        if ((i + 1) * descriptor_size > range->length) {
            fail(at, std::string(what) + ": descriptor " + std::to_string(i) +
                         " runs past the end of its section (no terminating zero entry)");
        }
        bool all_zero = true;
        for (std::size_t b = 0; b < descriptor_size && all_zero; ++b) {
            all_zero = file.byte(at + b) == 0;
        }
        if (all_zero) {
            return names;
        }
        names.push_back(name_of(at));
    }
}

PeImage read_image(const pe::FileBytes& file) {
    PeImage image;
    file.require(0, 64, "DOS header");
    if (file.byte(0) != 'M' || file.byte(1) != 'Z') {
        fail(0, "DOS header: no MZ signature (not a PE file)");
    }
    const std::uint32_t pe_header = file.u32(0x3c, "DOS header");
    if (!file.contains(pe_header, 4)) {
        fail(0x3c, "DOS header: e_lfanew " + hex(pe_header) + " past the end of the file (size " +
                       std::to_string(file.size()) + ")");
    }
    if (file.u32(pe_header, "PE signature") != 0x00004550) {
        fail(pe_header, "PE signature: not \"PE\\0\\0\" at e_lfanew " + hex(pe_header));
    }
    const std::size_t coff = std::size_t{pe_header} + 4;
    file.require(coff, coff_header_size, "COFF header");
    image.machine = file.u16(coff, "COFF header");
    const std::uint16_t section_count = file.u16(coff + 2, "COFF header");
    const std::uint16_t optional_size = file.u16(coff + 16, "COFF header");
    image.is_dll = (file.u16(coff + 18, "COFF header") & file_dll) != 0;

    const std::size_t optional_at = coff + coff_header_size;
    const OptionalHeader header = read_optional_header(file, optional_at, optional_size);
    image.is_pe32_plus = header.pe32_plus;
    const pe::AddressMap map(read_sections(file, optional_at + optional_size, section_count),
                             header.size_of_headers, file.size());

    image.imports = read_descriptor_names(
        file, map, data_directory(file, header, import_directory), import_descriptor_size,
        "import directory", [&](std::size_t at) {
            return pe::read_ascii_name(file, map, file.u32(at + 12, "import directory"), at,
                                       "import directory");
        });
    image.delay_imports = read_descriptor_names(
        file, map, data_directory(file, header, delay_import_directory), delay_descriptor_size,
        "delay-import directory", [&](std::size_t at) {
            std::uint64_t name = file.u32(at + 4, "delay-import directory");
            // Attributes bit 0 clear: the old form (Visual C++ 6), whose fields are VAs.
            if ((file.u32(at, "delay-import directory") & 1) == 0) {
                if (name < header.image_base) {
                    fail(at + 4, "delay-import directory: name VA " + hex(name) +
                                     " below the image base " + hex(header.image_base));
                }
                name -= header.image_base;
            }
            return pe::read_ascii_name(file, map, name, at, "delay-import directory");
        });
    const DataDirectory resources = data_directory(file, header, resource_directory);
    if (resources.rva != 0) {
        if (auto versions = pe::read_version_resource(file, map, resources.rva, resources.at)) {
            image.file_version = versions->file;
            image.product_version = versions->product;
        }
    }
    return image;
}

} // namespace

std::string FileVersion::text() const {
    return std::to_string(major) + '.' + std::to_string(minor) + '.' + std::to_string(build) + '.' +
           std::to_string(revision);
}

std::string_view pe_machine_name(std::uint16_t machine) {
    switch (machine) {
    case 0x8664:
        return "x86_64";
    case 0xAA64:
        return "arm64";
    case 0x14c:
        return "i386";
    default:
        return "unknown";
    }
}

Expected<PeImage> read_pe_image(std::span<const unsigned char> bytes) {
    try {
        return read_image(pe::FileBytes(bytes));
    } catch (const pe::FormatError& error) {
        return ParseError{error.message, error.offset, {}};
    }
}

Expected<PeImage> read_pe_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        return ParseError{"cannot open " + utf8_of(file), 0, {}};
    }
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    if (!error && size > whole_file_limit) {
        if (auto directories = read_pe_directories(in, size)) {
            if (auto image = read_pe_image(*directories)) {
                return image;
            }
        }
        in.clear();
        in.seekg(0);
    }
    const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in), {}};
    if (in.bad()) {
        return ParseError{"cannot read " + utf8_of(file), 0, {}};
    }
    return read_pe_image(bytes);
}

} // namespace torchpin
