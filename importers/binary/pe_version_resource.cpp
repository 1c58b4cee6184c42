// The resource tree walk to RT_VERSION and the parse of VS_VERSIONINFO's fixed part.
#include "importers/binary/pe_version_resource.hpp"

#include <string>

namespace torchpin::pe {

namespace {

constexpr std::uint32_t rt_version = 16;
constexpr std::uint32_t subdirectory_bit = 0x80000000;
constexpr std::uint32_t fixed_file_info_signature = 0xFEEF04BD;
constexpr std::size_t directory_header_size = 16; // IMAGE_RESOURCE_DIRECTORY
constexpr std::size_t entry_size = 8;             // IMAGE_RESOURCE_DIRECTORY_ENTRY
constexpr std::size_t fixed_file_info_size = 52;  // VS_FIXEDFILEINFO
// L"VS_VERSION_INFO" with its NUL, in UTF-16.
constexpr std::string_view version_info_key = "VS_VERSION_INFO";

// The resource section as the tree's offsets see it: offsets are relative to its start.
struct ResourceRoot {
    const FileBytes& file;
    FileRange range;
};

// The file offset of the structure `size` bytes long at `relative` in the resource tree.
std::size_t tree_offset(const ResourceRoot& root, std::uint32_t relative, std::size_t size,
                        std::string_view what) {
    if (relative > root.range.length || size > root.range.length - relative) {
        fail(root.range.offset, "resource directory: " + std::string(what) + " at offset " +
                                    hex(relative) + " outside the resource section");
    }
    return root.range.offset + relative;
}

// An entry of the directory at `relative`: its Name/Id field and its OffsetToData field.
struct DirectoryEntry {
    std::uint32_t name = 0;
    std::uint32_t target = 0;
    std::size_t offset = 0;
};

std::vector<DirectoryEntry> directory_entries(const ResourceRoot& root, std::uint32_t relative,
                                              std::string_view level) {
    const std::string what = std::string(level) + " directory";
    const std::size_t at = tree_offset(root, relative, directory_header_size, what);
    const std::size_t count =
        std::size_t{root.file.u16(at + 12, what)} + root.file.u16(at + 14, what);
    // Bounded by the section: the count cannot make the loop longer than the bytes behind it.
    tree_offset(root, relative, directory_header_size + count * entry_size, what + " entries");
    std::vector<DirectoryEntry> entries;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t entry = at + directory_header_size + i * entry_size;
        entries.push_back({root.file.u32(entry, what), root.file.u32(entry + 4, what), entry});
    }
    return entries;
}

// The subdirectory an entry points to; a data entry where a directory belongs fails.
std::uint32_t subdirectory(const DirectoryEntry& entry, std::string_view level) {
    if ((entry.target & subdirectory_bit) == 0) {
        fail(entry.offset, "resource directory: " + std::string(level) +
                               " entry points to data, expected a subdirectory");
    }
    return entry.target & ~subdirectory_bit;
}

FileVersion version_of(std::uint32_t most, std::uint32_t least) {
    return {static_cast<std::uint16_t>(most >> 16), static_cast<std::uint16_t>(most & 0xffff),
            static_cast<std::uint16_t>(least >> 16), static_cast<std::uint16_t>(least & 0xffff)};
}

// VS_VERSIONINFO in `data`: wLength, wValueLength, wType, the key, padding to 32 bits, then
// VS_FIXEDFILEINFO when wValueLength is not 0.
std::optional<FixedFileVersions> parse_version_info(const FileBytes& file, FileRange data) {
    const std::string_view what = "VS_VERSIONINFO";
    file.require(data.offset, data.length, what);
    const std::size_t header = 6 + 2 * (version_info_key.size() + 1);
    if (data.length < header) {
        fail(data.offset,
             "VS_VERSIONINFO: " + std::to_string(data.length) + " bytes, too short for its header");
    }
    const std::size_t length = file.u16(data.offset, what);
    const std::size_t value_length = file.u16(data.offset + 2, what);
    if (length < header || length > data.length) {
        fail(data.offset, "VS_VERSIONINFO: wLength " + std::to_string(length) +
                              " outside its resource of " + std::to_string(data.length) + " bytes");
    }
    for (std::size_t i = 0; i <= version_info_key.size(); ++i) {
        const char expected = i < version_info_key.size() ? version_info_key[i] : '\0';
        if (file.u16(data.offset + 6 + 2 * i, what) != static_cast<unsigned char>(expected)) {
            fail(data.offset + 6, "VS_VERSIONINFO: key is not L\"VS_VERSION_INFO\"");
        }
    }
    if (value_length == 0) {
        return std::nullopt;
    }
    const std::size_t value = (header + 3) & ~std::size_t{3};
    if (value_length < fixed_file_info_size || value + fixed_file_info_size > length) {
        fail(data.offset + 2, "VS_VERSIONINFO: VS_FIXEDFILEINFO of " +
                                  std::to_string(value_length) + " bytes does not fit");
    }
    const std::size_t fixed = data.offset + value;
    const std::uint32_t signature = file.u32(fixed, what);
    if (signature != fixed_file_info_signature) {
        fail(fixed, "VS_FIXEDFILEINFO: signature " + hex(signature) + ", expected 0xfeef04bd");
    }
    return FixedFileVersions{version_of(file.u32(fixed + 8, what), file.u32(fixed + 12, what)),
                             version_of(file.u32(fixed + 16, what), file.u32(fixed + 20, what))};
}

} // namespace

std::optional<FixedFileVersions> read_version_resource(const FileBytes& file, const AddressMap& map,
                                                       std::uint32_t directory_rva,
                                                       std::size_t directory_at) {
    const auto range = map.locate(directory_rva);
    if (!range) {
        fail(directory_at,
             "resource directory: RVA " + hex(directory_rva) + " outside every section");
    }
    const ResourceRoot root{file, *range};
    // Three levels (type, name, language), each followed once: a tree whose offsets loop back
    // meets a directory where the data entry belongs and fails, so no walk can cycle.
    const DirectoryEntry* version_type = nullptr;
    const auto types = directory_entries(root, 0, "type");
    for (const DirectoryEntry& entry : types) {
        if (entry.name == rt_version) {
            version_type = &entry;
            break;
        }
    }
    if (version_type == nullptr) {
        return std::nullopt;
    }
    const auto names = directory_entries(root, subdirectory(*version_type, "RT_VERSION"), "name");
    if (names.empty()) {
        return std::nullopt;
    }
    const auto languages = directory_entries(root, subdirectory(names.front(), "name"), "language");
    if (languages.empty()) {
        return std::nullopt;
    }
    const DirectoryEntry& language = languages.front();
    if ((language.target & subdirectory_bit) != 0) {
        fail(language.offset,
             "resource directory: language entry points to a subdirectory, expected data");
    }
    const std::size_t data_entry = tree_offset(root, language.target, 16, "data entry");
    const std::uint32_t data_rva = file.u32(data_entry, "resource data entry");
    const std::uint32_t data_size = file.u32(data_entry + 4, "resource data entry");
    const auto data = map.locate(data_rva);
    if (!data || data->length < data_size) {
        fail(data_entry, "resource data entry: " + std::to_string(data_size) + " bytes at RVA " +
                             hex(data_rva) + " outside every section");
    }
    return parse_version_info(file, FileRange{data->offset, data_size});
}

} // namespace torchpin::pe
