// The PE reader on synthetic images: every field it reads, and a located ParseError (never a crash)
// for each kind of broken structure.
#include "importers/binary/pe_image.hpp"
#include "tests/importers/binary/synthetic_pe.hpp"

#include <string>

#include <boost/test/unit_test.hpp>

using torchpin::FileVersion;
using torchpin::PeImage;
using torchpin::read_pe_image;
using torchpin::test::build_synthetic_pe;
using torchpin::test::SyntheticPe;
using torchpin::test::SyntheticPeSpec;

namespace {

SyntheticPeSpec full_spec() {
    SyntheticPeSpec spec;
    spec.imports = {"c10.dll", "KERNEL32.dll"};
    spec.delay_imports = {"nvcuda.dll"};
    spec.file_version = FileVersion{14, 44, 35211, 0};
    spec.product_version = FileVersion{14, 44, 35211, 7};
    return spec;
}

// The error of an image that must not parse, as "message @ position".
std::string error_of(const std::vector<unsigned char>& bytes) {
    const auto image = read_pe_image(bytes);
    if (image) {
        return "parsed";
    }
    return image.error().message + " @ " + std::to_string(image.error().position);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_SUITE(pe_image)

BOOST_AUTO_TEST_CASE(reads_every_field_of_a_pe32_plus_dll) {
    const auto image = read_pe_image(build_synthetic_pe(full_spec()).bytes);
    BOOST_REQUIRE_MESSAGE(image, error_of(build_synthetic_pe(full_spec()).bytes));
    BOOST_TEST(image->machine == 0x8664);
    BOOST_TEST(image->is_pe32_plus);
    BOOST_TEST(image->is_dll);
    BOOST_TEST(image->imports == (std::vector<std::string>{"c10.dll", "KERNEL32.dll"}));
    BOOST_TEST(image->delay_imports == std::vector<std::string>{"nvcuda.dll"});
    BOOST_REQUIRE(image->file_version && image->product_version);
    BOOST_TEST(image->file_version->text() == "14.44.35211.0");
    BOOST_TEST(image->product_version->text() == "14.44.35211.7");
}

BOOST_AUTO_TEST_CASE(reads_a_pe32_exe_with_old_va_form_delay_imports) {
    SyntheticPeSpec spec;
    spec.machine = 0x14c;
    spec.pe32_plus = false;
    spec.dll = false;
    spec.image_base = 0x400000;
    spec.imports = {"python312.dll"};
    spec.delay_imports = {"nvcuda.dll", "cudart32_12.dll"};
    spec.delay_imports_as_vas = true;
    const auto image = read_pe_image(build_synthetic_pe(spec).bytes);
    BOOST_REQUIRE_MESSAGE(image, error_of(build_synthetic_pe(spec).bytes));
    BOOST_TEST(image->machine == 0x14c);
    BOOST_TEST(!image->is_pe32_plus);
    BOOST_TEST(!image->is_dll);
    BOOST_TEST(image->imports == std::vector<std::string>{"python312.dll"});
    BOOST_TEST(image->delay_imports == (std::vector<std::string>{"nvcuda.dll", "cudart32_12.dll"}));
    BOOST_TEST(!image->file_version.has_value());
}

BOOST_AUTO_TEST_CASE(machine_names_and_version_order) {
    BOOST_TEST(torchpin::pe_machine_name(0x8664) == "x86_64");
    BOOST_TEST(torchpin::pe_machine_name(0xAA64) == "arm64");
    BOOST_TEST(torchpin::pe_machine_name(0x14c) == "i386");
    BOOST_TEST(torchpin::pe_machine_name(0x1c4) == "unknown");
    BOOST_TEST((FileVersion{14, 38, 33135, 0} < FileVersion{14, 44, 35211, 0}));
    BOOST_TEST((FileVersion{14, 40, 0, 0} > FileVersion{14, 38, 65535, 65535}));
}

BOOST_AUTO_TEST_CASE(every_truncation_fails_or_parses_without_crashing) {
    const SyntheticPe pe = build_synthetic_pe(full_spec());
    for (std::size_t size = 0; size < pe.bytes.size(); ++size) {
        const std::vector<unsigned char> prefix(
            pe.bytes.begin(), pe.bytes.begin() + static_cast<std::ptrdiff_t>(size));
        const auto image = read_pe_image(prefix);
        // The section holds every structure past the headers, so each cut loses one of them.
        BOOST_TEST(!image, "a prefix of " << size << " bytes parsed");
        if (!image) {
            BOOST_TEST(image.error().position <= size);
        }
    }
}

BOOST_AUTO_TEST_CASE(truncation_at_each_header_names_that_header) {
    const SyntheticPe pe = build_synthetic_pe(full_spec());
    const auto cut = [&](std::size_t size) {
        return error_of({pe.bytes.begin(), pe.bytes.begin() + static_cast<std::ptrdiff_t>(size)});
    };
    BOOST_TEST(cut(0) == "DOS header: 64 bytes at 0x0 past the end of the file (size 0) @ 0");
    BOOST_TEST(contains(cut(0x3e), "DOS header"));
    BOOST_TEST(cut(0x42) == "DOS header: e_lfanew 0x40 past the end of the file (size 66) @ 60");
    BOOST_TEST(contains(cut(0x50), "COFF header: 20 bytes at 0x44"));
    BOOST_TEST(contains(cut(pe.optional_header + 30), "optional header: 240 bytes at 0x58"));
    BOOST_TEST(contains(cut(pe.section_table + 10), "section table: 40 bytes at"));
}

BOOST_AUTO_TEST_CASE(not_a_pe_file) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.bytes[0x40] = 'X';
    BOOST_TEST(error_of(pe.bytes) == "PE signature: not \"PE\\0\\0\" at e_lfanew 0x40 @ 64");
    pe.bytes[0] = 'Z';
    BOOST_TEST(error_of(pe.bytes) == "DOS header: no MZ signature (not a PE file) @ 0");
    BOOST_TEST(error_of(std::vector<unsigned char>(100, 0)) ==
               "DOS header: no MZ signature (not a PE file) @ 0");
}

BOOST_AUTO_TEST_CASE(e_lfanew_past_the_end) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u32(0x3c, 0xfffffffe);
    BOOST_TEST(contains(error_of(pe.bytes), "DOS header: e_lfanew 0xfffffffe past the end"));
    BOOST_TEST(read_pe_image(pe.bytes).error().position == 0x3cu);
}

BOOST_AUTO_TEST_CASE(bad_optional_header) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.optional_header, 0x107);
    BOOST_TEST(contains(error_of(pe.bytes), "optional header: magic 0x107 is neither"));
    pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.coff_header + 16, 40); // SizeOfOptionalHeader too small for the fields
    BOOST_TEST(contains(error_of(pe.bytes), "optional header: 40 bytes (SizeOfOptionalHeader)"));
}

BOOST_AUTO_TEST_CASE(huge_number_of_rva_and_sizes) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.rva_count_field, 0xffffffff);
    BOOST_TEST(error_of(pe.bytes) ==
               "optional header: 4294967295 data directories (NumberOfRvaAndSizes) do not fit in "
               "its 240 bytes @ " +
                   std::to_string(pe.rva_count_field));
    // Fewer directories than the import directory's index: no imports, not an error.
    pe.put_u32(pe.rva_count_field, 1);
    const auto image = read_pe_image(pe.bytes);
    BOOST_REQUIRE(image);
    BOOST_TEST(image->imports.empty());
    BOOST_TEST(!image->file_version.has_value());
}

BOOST_AUTO_TEST_CASE(huge_section_count) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.coff_header + 2, 0xffff);
    BOOST_TEST(contains(error_of(pe.bytes), "section table: 2621400 bytes at"));
}

BOOST_AUTO_TEST_CASE(import_name_rva_outside_every_section) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.import_descriptors + 20 + 12, 0x7fff0000);
    BOOST_TEST(error_of(pe.bytes) ==
               "import directory: name RVA 0x7fff0000 outside every section @ " +
                   std::to_string(pe.import_descriptors + 20));
}

BOOST_AUTO_TEST_CASE(import_directory_outside_every_section_or_unterminated) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    const std::size_t directory = pe.rva_count_field + 4 + 8;
    pe.put_u32(directory, 0x900000);
    BOOST_TEST(error_of(pe.bytes) == "import directory: RVA 0x900000 outside every section @ " +
                                         std::to_string(directory));
    // A directory starting 8 bytes before the section's end: no room for a descriptor.
    pe = build_synthetic_pe(full_spec());
    pe.put_u32(directory,
               pe.section_rva + static_cast<std::uint32_t>(pe.bytes.size() - pe.section_data) - 8);
    BOOST_TEST(contains(error_of(pe.bytes), "runs past the end of its section"));
}

BOOST_AUTO_TEST_CASE(bad_dll_names) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    const auto& b = pe.bytes;
    const std::size_t field = pe.import_descriptors + 12;
    const std::uint32_t rva =
        b[field] | b[field + 1] << 8 | b[field + 2] << 16 | b[field + 3] << 24;
    const std::size_t name = pe.section_data + (rva - pe.section_rva);
    pe.bytes[name] = 0;
    BOOST_TEST(contains(error_of(pe.bytes), "import directory: empty DLL name"));
    pe = build_synthetic_pe(full_spec());
    pe.bytes[name + 1] = '\n';
    BOOST_TEST(contains(error_of(pe.bytes), "not printable ASCII (0xa)"));
    // A name that runs to the end of the section without a NUL.
    pe = build_synthetic_pe(full_spec());
    const std::uint32_t last_byte_rva =
        pe.section_rva + static_cast<std::uint32_t>(pe.bytes.size() - pe.section_data) - 1;
    pe.bytes.back() = 'x';
    pe.put_u32(pe.import_descriptors + 12, last_byte_rva);
    BOOST_TEST(contains(error_of(pe.bytes), "runs past the end of its section"));
}

BOOST_AUTO_TEST_CASE(old_form_delay_import_below_the_image_base) {
    SyntheticPeSpec spec = full_spec();
    spec.delay_imports_as_vas = true;
    SyntheticPe pe = build_synthetic_pe(spec);
    pe.put_u32(pe.delay_descriptors + 4, 0x1000);
    BOOST_TEST(contains(error_of(pe.bytes), "delay-import directory: name VA 0x1000 below"));
}

BOOST_AUTO_TEST_CASE(a_resource_tree_that_loops_fails_instead_of_hanging) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    // The name level's entry points back to the root directory.
    pe.put_u32(pe.resource_root + 0x18 + 20, 0x80000000);
    BOOST_TEST(error_of(pe.bytes) ==
               "resource directory: language entry points to a subdirectory, expected data @ " +
                   std::to_string(pe.resource_root + 16));
    // The type entry points at itself.
    pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.resource_root + 20, 0x80000000);
    BOOST_TEST(contains(error_of(pe.bytes), "points to a subdirectory, expected data"));
}

BOOST_AUTO_TEST_CASE(resource_structures_out_of_bounds) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.resource_root + 12, 0xffff); // 65535 named entries more
    BOOST_TEST(contains(error_of(pe.bytes),
                        "resource directory: type directory entries at offset 0x0 outside"));
    pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.resource_root + 0x18 + 20, 0x80000000 | 0x7ffffff0);
    BOOST_TEST(contains(error_of(pe.bytes), "language directory at offset 0x7ffffff0 outside"));
    pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.resource_root + 0x4c, 0xfffffff0); // the data entry's size
    BOOST_TEST(contains(error_of(pe.bytes), "resource data entry: 4294967280 bytes at RVA"));
    pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.resource_root + 20, 0x48); // the type entry points to the data entry
    BOOST_TEST(contains(error_of(pe.bytes), "RT_VERSION entry points to data"));
}

BOOST_AUTO_TEST_CASE(broken_version_info) {
    SyntheticPe pe = build_synthetic_pe(full_spec());
    pe.put_u32(pe.version_info + 40, 0xFEEF04BE);
    BOOST_TEST(error_of(pe.bytes) ==
               "VS_FIXEDFILEINFO: signature 0xfeef04be, expected 0xfeef04bd @ " +
                   std::to_string(pe.version_info + 40));
    pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.version_info + 6, 'W');
    BOOST_TEST(contains(error_of(pe.bytes), "key is not L\"VS_VERSION_INFO\""));
    pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.version_info, 0x4000);
    BOOST_TEST(contains(error_of(pe.bytes), "wLength 16384 outside its resource of 92 bytes"));
    pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.version_info + 2, 20);
    BOOST_TEST(contains(error_of(pe.bytes), "VS_FIXEDFILEINFO of 20 bytes does not fit"));
    // wValueLength 0: a version resource without fixed info.
    pe = build_synthetic_pe(full_spec());
    pe.put_u16(pe.version_info + 2, 0);
    const auto image = read_pe_image(pe.bytes);
    BOOST_REQUIRE(image);
    BOOST_TEST(!image->file_version.has_value());
}

BOOST_AUTO_TEST_CASE(an_unreadable_file_is_a_parse_error) {
    const auto image = torchpin::read_pe_file("/nonexistent/torchpin/c10.dll");
    BOOST_REQUIRE(!image);
    BOOST_TEST(contains(image.error().message, "cannot open"));
}

BOOST_AUTO_TEST_SUITE_END()
