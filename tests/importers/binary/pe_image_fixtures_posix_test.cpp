// The PE reader on real DLLs and an EXE that mingw-w64 links (tests/fixtures/windows_dlls.cmake).
// Named _posix_test: only the native Linux build makes these files.
#include "importers/binary/pe_image.hpp"
#include "tests/support/pe_fixtures.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include <boost/test/unit_test.hpp>

using torchpin::read_pe_file;
using torchpin::test::pe_fixture_dir;
using torchpin::test::pe_fixtures;

namespace {

std::vector<std::string> sorted(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

BOOST_AUTO_TEST_SUITE(pe_image_fixtures)

BOOST_AUTO_TEST_CASE(every_fixture_reads_as_its_manifest_says) {
    const auto fixtures = pe_fixtures();
    BOOST_TEST(fixtures.size() == 16u);
    for (const auto& fixture : fixtures) {
        BOOST_TEST_CONTEXT(fixture.file) {
            const auto image = read_pe_file(pe_fixture_dir() / fixture.file);
            BOOST_REQUIRE_MESSAGE(image, (image ? "" : image.error().message));
            BOOST_TEST(torchpin::pe_machine_name(image->machine) == "x86_64");
            BOOST_TEST(image->is_pe32_plus);
            BOOST_TEST(image->is_dll == fixture.is_dll);
            BOOST_TEST(sorted(image->imports) == sorted(fixture.imports));
            BOOST_TEST(sorted(image->delay_imports) == sorted(fixture.delay_imports));
            BOOST_TEST(image->file_version.has_value() == !fixture.version.empty());
            if (image->file_version && image->product_version) {
                BOOST_TEST(image->file_version->text() == fixture.version);
                BOOST_TEST(image->product_version->text() == fixture.version);
            }
        }
    }
}

// The facts doctor depends on, written out here as well so that a manifest edit cannot make the
// reader and the expectations drift together.
BOOST_AUTO_TEST_CASE(the_torch_cases_doctor_reads) {
    const auto dir = pe_fixture_dir();
    const auto c10 = read_pe_file(dir / "c10.dll");
    BOOST_REQUIRE(c10);
    // In the file's order, as `x86_64-w64-mingw32-objdump -p c10.dll` lists them.
    BOOST_TEST(c10->imports == (std::vector<std::string>{
                                   "KERNEL32.dll", "api-ms-win-crt-runtime-l1-1-0.dll",
                                   "msvcp140.dll", "vcruntime140_1.dll", "vcruntime140.dll"}));
    const auto fbgemm = read_pe_file(dir / "fbgemm.dll");
    BOOST_REQUIRE(fbgemm);
    BOOST_TEST(sorted(fbgemm->imports) ==
               (std::vector<std::string>{"KERNEL32.dll", "libomp140.x86_64.dll"}));
    const auto cuda = read_pe_file(dir / "torch_cuda.dll");
    BOOST_REQUIRE(cuda);
    BOOST_TEST(cuda->delay_imports == std::vector<std::string>{"nvcuda.dll"});
    const auto python = read_pe_file(dir / "python.exe");
    BOOST_REQUIRE(python);
    BOOST_TEST(!python->is_dll);
    const auto old_msvcp = read_pe_file(dir / "vc-14.38/msvcp140.dll");
    const auto new_msvcp = read_pe_file(dir / "vc-14.44/msvcp140.dll");
    BOOST_REQUIRE(old_msvcp && new_msvcp);
    BOOST_TEST(old_msvcp->file_version->text() == "14.38.33135.0");
    BOOST_TEST((*old_msvcp->file_version < torchpin::FileVersion{14, 40, 0, 0}));
    BOOST_TEST((*new_msvcp->file_version > torchpin::FileVersion{14, 40, 0, 0}));
    const auto no_version = read_pe_file(dir / "c10.dll");
    BOOST_TEST(!no_version->file_version.has_value());
}

BOOST_AUTO_TEST_CASE(every_truncation_of_a_real_dll_is_handled) {
    std::ifstream in(pe_fixture_dir() / "vc-14.44/msvcp140.dll", std::ios::binary);
    const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in), {}};
    BOOST_REQUIRE(torchpin::read_pe_image(bytes));
    std::size_t failed = 0;
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        const auto image =
            torchpin::read_pe_image(std::span<const unsigned char>(bytes.data(), size));
        if (!image) {
            BOOST_TEST(image.error().position <= size);
            ++failed;
        }
    }
    // Every cut before the end of the section table is a broken header.
    BOOST_TEST(failed >= 0x200u);
}

BOOST_AUTO_TEST_SUITE_END()
