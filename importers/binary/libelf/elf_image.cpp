// read_elf_image and read_elf_file with libelf: the dynamic section and the GNU version sections;
// visit_elf_image_symbols and visit_elf_file_symbols: the dynamic symbol table.
#include "importers/binary/elf_image.hpp"

#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>

#include <gelf.h>
#include <libelf.h>

namespace torchpin {

namespace {

ParseError failure(std::string message, std::size_t position = 0) {
    return ParseError{std::move(message), position, {}};
}

ParseError libelf_failure(const std::string& what) {
    return failure(what + ": " + elf_errmsg(-1));
}

// Fills bytes [offset, offset + size) of the image before libelf reads them; the in-memory reader
// has them all already, the file reader reads only the sections it needs.
using SectionLoader = std::function<bool(std::uint64_t offset, std::uint64_t size)>;

struct ElfCloser {
    void operator()(Elf* elf) const { elf_end(elf); }
};

// Splits "a:b" on ':' as ld.so does (an empty element stays, meaning the current folder).
std::vector<std::string> split_path_list(std::string_view text) {
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t colon = text.find(':', start);
        parts.emplace_back(text.substr(start, colon - start));
        if (colon == std::string_view::npos) {
            return parts;
        }
        start = colon + 1;
    }
}

class SectionReader {
public:
    SectionReader(Elf* elf, const SectionLoader& load)
        : elf_(elf)
        , load_(load) {}

    // The section's bytes, converted to this host's layout by libelf; loads them first.
    Expected<Elf_Data*> data(Elf_Scn* section, const GElf_Shdr& header) {
        if (!load_(header.sh_offset, header.sh_size)) {
            return failure("cannot read section " + std::to_string(elf_ndxscn(section)),
                           header.sh_offset);
        }
        Elf_Data* data = elf_getdata(section, nullptr);
        if (data == nullptr) {
            return libelf_failure("section " + std::to_string(elf_ndxscn(section)));
        }
        return data;
    }

    // Makes the string table `index` readable (once) for strings().
    std::optional<ParseError> load_strings(std::size_t index) {
        if (index == loaded_strings_) {
            return std::nullopt;
        }
        GElf_Shdr header;
        Elf_Scn* section = elf_getscn(elf_, index);
        if (section == nullptr || gelf_getshdr(section, &header) == nullptr) {
            return libelf_failure("string table section " + std::to_string(index));
        }
        if (header.sh_type != SHT_STRTAB) {
            return failure("section " + std::to_string(index) + " is not a string table");
        }
        if (!load_(header.sh_offset, header.sh_size)) {
            return failure("cannot read string table section " + std::to_string(index),
                           header.sh_offset);
        }
        loaded_strings_ = index;
        return std::nullopt;
    }

    // The NUL-terminated string at `offset` of string table `index` (bounds checked by libelf).
    Expected<std::string> string(std::size_t index, std::uint64_t offset) {
        if (auto error = load_strings(index)) {
            return *error;
        }
        const char* text = elf_strptr(elf_, index, offset);
        if (text == nullptr) {
            return libelf_failure("string " + std::to_string(offset) + " of section " +
                                  std::to_string(index));
        }
        return std::string(text);
    }

private:
    Elf* elf_;
    const SectionLoader& load_;
    std::size_t loaded_strings_ = SHN_UNDEF;
};

std::optional<ParseError> read_dynamic(SectionReader& reader, Elf* elf, Elf_Scn* section,
                                       const GElf_Shdr& header, ElfImage& image) {
    auto data = reader.data(section, header);
    if (!data) {
        return data.error();
    }
    const std::size_t entry_size = gelf_fsize(elf, ELF_T_DYN, 1, EV_CURRENT);
    const std::size_t count =
        entry_size == 0
            ? 0
            : std::min<std::size_t>((*data)->d_size / entry_size, std::numeric_limits<int>::max());
    for (std::size_t i = 0; i < count; ++i) {
        GElf_Dyn entry;
        if (gelf_getdyn(*data, static_cast<int>(i), &entry) == nullptr) {
            return libelf_failure("dynamic entry " + std::to_string(i));
        }
        if (entry.d_tag == DT_NULL) {
            break;
        }
        if (entry.d_tag != DT_NEEDED && entry.d_tag != DT_SONAME && entry.d_tag != DT_RPATH &&
            entry.d_tag != DT_RUNPATH) {
            continue;
        }
        auto text = reader.string(header.sh_link, entry.d_un.d_val);
        if (!text) {
            return text.error();
        }
        switch (entry.d_tag) {
        case DT_NEEDED:
            image.needed.push_back(*text);
            break;
        case DT_SONAME:
            image.soname = *text;
            break;
        case DT_RPATH:
            image.rpath = split_path_list(*text);
            break;
        default:
            image.runpath = split_path_list(*text);
            break;
        }
    }
    return std::nullopt;
}

// Version entries are chained by forward byte offsets (vn_next, vna_next, vd_next, vda_next: all
// unsigned, so a chain cannot loop), but malformed ones may overlap; no valid section holds more
// entries than fit in it side by side, which caps the walk.
class ChainBudget {
public:
    explicit ChainBudget(const Elf_Data* data)
        : left_(data->d_size / sizeof(Elf32_Vernaux) + 1) {}
    bool spend() { return left_-- > 0; }

private:
    std::size_t left_;
};

// libelf takes version offsets as int; an offset past the data is refused before the cast.
std::optional<int> version_offset(const Elf_Data* data, std::uint64_t offset) {
    if (offset >= data->d_size) {
        return std::nullopt;
    }
    return static_cast<int>(offset);
}

std::optional<ParseError> read_version_needs(SectionReader& reader, Elf_Scn* section,
                                             const GElf_Shdr& header, ElfImage& image) {
    auto data = reader.data(section, header);
    if (!data) {
        return data.error();
    }
    ChainBudget budget(*data);
    const auto broken = [&](std::uint64_t offset) {
        return failure("malformed version needs (section " + std::to_string(elf_ndxscn(section)) +
                           ") at offset " + std::to_string(offset),
                       header.sh_offset + offset);
    };
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < header.sh_info; ++i) {
        GElf_Verneed need;
        const auto at = version_offset(*data, offset);
        if (!at || !budget.spend() || gelf_getverneed(*data, *at, &need) == nullptr) {
            return broken(offset);
        }
        auto file = reader.string(header.sh_link, need.vn_file);
        if (!file) {
            return file.error();
        }
        ElfVersionNeed entry{*file, {}};
        std::uint64_t aux_offset = offset + need.vn_aux;
        for (std::size_t j = 0; j < need.vn_cnt; ++j) {
            GElf_Vernaux aux;
            const auto aux_at = version_offset(*data, aux_offset);
            if (!aux_at || !budget.spend() || gelf_getvernaux(*data, *aux_at, &aux) == nullptr) {
                return broken(aux_offset);
            }
            auto name = reader.string(header.sh_link, aux.vna_name);
            if (!name) {
                return name.error();
            }
            entry.versions.push_back(*name);
            if (aux.vna_next == 0) {
                break;
            }
            aux_offset += aux.vna_next;
        }
        image.version_needs.push_back(std::move(entry));
        if (need.vn_next == 0) {
            break;
        }
        offset += need.vn_next;
    }
    return std::nullopt;
}

std::optional<ParseError> read_version_definitions(SectionReader& reader, Elf_Scn* section,
                                                   const GElf_Shdr& header, ElfImage& image) {
    auto data = reader.data(section, header);
    if (!data) {
        return data.error();
    }
    ChainBudget budget(*data);
    const auto broken = [&](std::uint64_t offset) {
        return failure("malformed version definitions (section " +
                           std::to_string(elf_ndxscn(section)) + ") at offset " +
                           std::to_string(offset),
                       header.sh_offset + offset);
    };
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < header.sh_info; ++i) {
        GElf_Verdef definition;
        const auto at = version_offset(*data, offset);
        if (!at || !budget.spend() || gelf_getverdef(*data, *at, &definition) == nullptr) {
            return broken(offset);
        }
        // The first auxiliary entry names the version; later ones name its parents.
        if ((definition.vd_flags & VER_FLG_BASE) == 0 && definition.vd_cnt > 0) {
            GElf_Verdaux aux;
            const auto aux_at = version_offset(*data, offset + definition.vd_aux);
            if (!aux_at || gelf_getverdaux(*data, *aux_at, &aux) == nullptr) {
                return broken(offset + definition.vd_aux);
            }
            auto name = reader.string(header.sh_link, aux.vda_name);
            if (!name) {
                return name.error();
            }
            image.version_definitions.push_back(*name);
        }
        if (definition.vd_next == 0) {
            break;
        }
        offset += definition.vd_next;
    }
    return std::nullopt;
}

struct OpenedElf {
    std::unique_ptr<Elf, ElfCloser> elf;
    GElf_Ehdr header;
};

// Opens the image in `bytes` (which libelf may convert in place, hence mutable) whose ELF header
// and section headers are present.
Expected<OpenedElf> open_image(char* bytes, std::size_t size) {
    static const bool libelf_ready = elf_version(EV_CURRENT) != EV_NONE;
    if (!libelf_ready) {
        return libelf_failure("libelf refuses this ELF version");
    }
    OpenedElf opened{std::unique_ptr<Elf, ElfCloser>(elf_memory(bytes, size)), {}};
    if (!opened.elf) {
        return libelf_failure("not an ELF file");
    }
    if (elf_kind(opened.elf.get()) != ELF_K_ELF) {
        return failure("not an ELF file");
    }
    GElf_Ehdr& file_header = opened.header;
    if (gelf_getehdr(opened.elf.get(), &file_header) == nullptr) {
        return libelf_failure("ELF header");
    }
    // libelf reads a table cut off by the end of the image as no sections at all: a truncated
    // download would then read as a library without dependencies. (e_shnum is 0 when the count
    // is in the first section header, which must then be there.)
    std::size_t extended_count = 0;
    if (file_header.e_shnum == 0 && elf_getshdrnum(opened.elf.get(), &extended_count) != 0) {
        return libelf_failure("section count");
    }
    const std::uint64_t section_count =
        std::max<std::uint64_t>(file_header.e_shnum != 0 ? file_header.e_shnum : extended_count, 1);
    if (file_header.e_shoff != 0 &&
        (file_header.e_shoff >= size || file_header.e_shentsize == 0 ||
         (size - file_header.e_shoff) / file_header.e_shentsize < section_count)) {
        return failure("the section headers (at byte " + std::to_string(file_header.e_shoff) +
                           ") lie past the end of the file (" + std::to_string(size) +
                           " bytes): it is cut off",
                       size);
    }
    return opened;
}

// Reads the image in `bytes`; the sections' bytes are made present through `load` just before
// libelf reads them.
Expected<ElfImage> read_image(char* bytes, std::size_t size, const SectionLoader& load) {
    auto opened = open_image(bytes, size);
    if (!opened) {
        return opened.error();
    }
    Elf* const elf_handle = opened->elf.get();
    const GElf_Ehdr& file_header = opened->header;
    ElfImage image;
    image.machine = file_header.e_machine;
    image.is_64_bit = gelf_getclass(elf_handle) == ELFCLASS64;
    SectionReader reader(elf_handle, load);
    for (Elf_Scn* section = elf_nextscn(elf_handle, nullptr); section != nullptr;
         section = elf_nextscn(elf_handle, section)) {
        GElf_Shdr header;
        if (gelf_getshdr(section, &header) == nullptr) {
            return libelf_failure("section header " + std::to_string(elf_ndxscn(section)));
        }
        std::optional<ParseError> error;
        if (header.sh_type == SHT_DYNAMIC) {
            error = read_dynamic(reader, elf_handle, section, header, image);
        } else if (header.sh_type == SHT_GNU_verneed) {
            error = read_version_needs(reader, section, header, image);
        } else if (header.sh_type == SHT_GNU_verdef) {
            error = read_version_definitions(reader, section, header, image);
        }
        if (error) {
            return *error;
        }
    }
    return image;
}

// Walks the dynamic symbol table of the image in `bytes` (loaded through `load` as read_image's
// sections are). Names are read straight from the string table libelf holds, no copy.
std::optional<ParseError> visit_symbols(char* bytes, std::size_t size, const SectionLoader& load,
                                        const ElfSymbolVisitor& visit) {
    auto opened = open_image(bytes, size);
    if (!opened) {
        return opened.error();
    }
    Elf* const elf = opened->elf.get();
    SectionReader reader(elf, load);
    for (Elf_Scn* section = elf_nextscn(elf, nullptr); section != nullptr;
         section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        if (gelf_getshdr(section, &header) == nullptr) {
            return libelf_failure("section header " + std::to_string(elf_ndxscn(section)));
        }
        if (header.sh_type != SHT_DYNSYM) {
            continue;
        }
        auto data = reader.data(section, header);
        if (!data) {
            return data.error();
        }
        if (auto error = reader.load_strings(header.sh_link)) {
            return error;
        }
        const std::size_t entry_size = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
        const std::size_t count = entry_size == 0
                                      ? 0
                                      : std::min<std::size_t>((*data)->d_size / entry_size,
                                                              std::numeric_limits<int>::max());
        for (std::size_t i = 1; i < count; ++i) {
            GElf_Sym symbol;
            if (gelf_getsym(*data, static_cast<int>(i), &symbol) == nullptr) {
                return libelf_failure("dynamic symbol " + std::to_string(i));
            }
            const unsigned binding = GELF_ST_BIND(symbol.st_info);
            if (binding == STB_LOCAL || symbol.st_name == 0) {
                continue;
            }
            const char* name = elf_strptr(elf, header.sh_link, symbol.st_name);
            if (name == nullptr) {
                return libelf_failure("name of dynamic symbol " + std::to_string(i));
            }
            if (!visit(ElfDynamicSymbol{name, symbol.st_shndx != SHN_UNDEF, binding == STB_WEAK})) {
                return std::nullopt;
            }
        }
    }
    return std::nullopt;
}

// A buffer of the file's size whose pages stay untouched (and unallocated) until read into.
struct FreeBuffer {
    void operator()(char* bytes) const { std::free(bytes); }
};

// Reads little- or big-endian unsigned numbers out of the ELF header, as its EI_DATA says.
std::uint64_t read_number(const char* bytes, std::size_t width, bool big_endian) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < width; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[big_endian ? i : width - 1 - i]);
        value = (value << 8) | byte;
    }
    return value;
}

// Loads the section header table that the ELF header at `bytes` points to: libelf reads it when it
// opens the image. With more than 0xff00 sections e_shnum is 0 and the first section header's
// sh_size holds the count. Anything that is not an ELF header is left to libelf to report.
std::optional<ParseError> load_section_headers(const char* bytes, std::uint64_t size,
                                               const SectionLoader& load) {
    if (size < EI_NIDENT || std::memcmp(bytes, ELFMAG, SELFMAG) != 0) {
        return std::nullopt;
    }
    const bool wide = bytes[EI_CLASS] == ELFCLASS64;
    const bool big_endian = bytes[EI_DATA] == ELFDATA2MSB;
    if (size < (wide ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr))) {
        return std::nullopt;
    }
    const std::uint64_t table =
        wide ? read_number(bytes + offsetof(Elf64_Ehdr, e_shoff), 8, big_endian)
             : read_number(bytes + offsetof(Elf32_Ehdr, e_shoff), 4, big_endian);
    const std::uint64_t entry_size = read_number(
        bytes + (wide ? offsetof(Elf64_Ehdr, e_shentsize) : offsetof(Elf32_Ehdr, e_shentsize)), 2,
        big_endian);
    std::uint64_t count =
        read_number(bytes + (wide ? offsetof(Elf64_Ehdr, e_shnum) : offsetof(Elf32_Ehdr, e_shnum)),
                    2, big_endian);
    const std::uint64_t first_size = wide ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
    if (table == 0 || table >= size || entry_size < first_size || size - table < entry_size) {
        return std::nullopt;
    }
    if (count == 0) {
        if (!load(table, entry_size)) {
            return failure("cannot read the first section header", table);
        }
        count = wide ? read_number(bytes + table + offsetof(Elf64_Shdr, sh_size), 8, big_endian)
                     : read_number(bytes + table + offsetof(Elf32_Shdr, sh_size), 4, big_endian);
    }
    if (count <= (size - table) / entry_size && !load(table, count * entry_size)) {
        return failure("cannot read the section headers", table);
    }
    return std::nullopt;
}

// What reads an image whose sections are loaded on demand; its error is named after the file.
using LazyImageReader =
    std::function<std::optional<ParseError>(char* bytes, std::size_t size, const SectionLoader&)>;

// Opens `file` for `read`: a zeroed buffer of its size holding the ELF header and the section
// header table, and a loader that reads the rest on demand, so a 1 GB libtorch_cuda.so costs what
// its headers and the sections read do.
std::optional<ParseError> read_file_lazily(const std::filesystem::path& file,
                                           const LazyImageReader& read) {
    const std::string name = utf8_of(file);
    const auto named = [&](const ParseError& error) {
        return ParseError{name + ": " + error.message, error.position, {}};
    };
    std::error_code size_error;
    const std::uint64_t size = std::filesystem::file_size(file, size_error);
    std::ifstream in(file, std::ios::binary);
    if (size_error || !in) {
        return failure(name + ": cannot read the file");
    }
    // Loads [offset, offset + length) from the file, clipped to its end (libelf reports a
    // section that reaches past it).
    std::unique_ptr<char[], FreeBuffer> bytes(static_cast<char*>(std::calloc(size + 1, 1)));
    if (!bytes) {
        return failure(name + ": too large to read (" + std::to_string(size) + " bytes)");
    }
    const SectionLoader load = [&](std::uint64_t offset, std::uint64_t length) {
        if (offset >= size) {
            return true;
        }
        length = std::min(length, size - offset);
        in.clear();
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(bytes.get() + offset, static_cast<std::streamsize>(length));
        return static_cast<std::uint64_t>(in.gcount()) == length;
    };
    // The ELF header, then the section header table it points to: libelf reads both when it
    // opens the image.
    if (!load(0, sizeof(Elf64_Ehdr))) {
        return failure(name + ": cannot read the ELF header");
    }
    if (auto error = load_section_headers(bytes.get(), size, load)) {
        return named(*error);
    }
    if (auto error = read(bytes.get(), size, load)) {
        return named(*error);
    }
    return std::nullopt;
}

} // namespace

Expected<ElfImage> read_elf_image(std::span<const unsigned char> bytes) {
    std::vector<char> copy(bytes.begin(), bytes.end());
    return read_image(copy.data(), copy.size(), [](std::uint64_t, std::uint64_t) { return true; });
}

std::optional<ParseError> visit_elf_image_symbols(std::span<const unsigned char> bytes,
                                                  const ElfSymbolVisitor& visit) {
    std::vector<char> copy(bytes.begin(), bytes.end());
    return visit_symbols(
        copy.data(), copy.size(), [](std::uint64_t, std::uint64_t) { return true; }, visit);
}

Expected<ElfImage> read_elf_file(const std::filesystem::path& file) {
    std::optional<ElfImage> image;
    const auto error =
        read_file_lazily(file, [&](char* bytes, std::size_t size, const SectionLoader& load) {
            auto read = read_image(bytes, size, load);
            if (!read) {
                return std::optional(read.error());
            }
            image = *std::move(read);
            return std::optional<ParseError>();
        });
    if (error) {
        return *error;
    }
    return *std::move(image);
}

std::optional<ParseError> visit_elf_file_symbols(const std::filesystem::path& file,
                                                 const ElfSymbolVisitor& visit) {
    return read_file_lazily(file, [&](char* bytes, std::size_t size, const SectionLoader& load) {
        return visit_symbols(bytes, size, load, visit);
    });
}

} // namespace torchpin
