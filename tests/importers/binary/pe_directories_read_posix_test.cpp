// Reading only a PE file's headers and directories gives what reading all of it gives, on every
// real fixture and on one padded past the size where read_pe_file stops reading whole files.
// Named _posix_test: only the native Linux build makes the fixtures.
#include "importers/binary/pe_directories_read.hpp"
#include "importers/binary/pe_image.hpp"
#include "tests/support/pe_fixtures.hpp"
#include "tests/support/scratch_directory.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using torchpin::test::pe_fixture_dir;
using torchpin::test::pe_fixtures;

namespace {

void require_same(const PeImage& a, const PeImage& b) {
    BOOST_TEST(a.machine == b.machine);
    BOOST_TEST(a.is_dll == b.is_dll);
    BOOST_TEST(a.imports == b.imports);
    BOOST_TEST(a.delay_imports == b.delay_imports);
    BOOST_TEST((a.file_version == b.file_version));
    BOOST_TEST((a.product_version == b.product_version));
}

} // namespace

BOOST_AUTO_TEST_SUITE(pe_directories_read)

BOOST_AUTO_TEST_CASE(the_compact_image_reads_as_the_whole_file) {
    for (const auto& fixture : pe_fixtures()) {
        BOOST_TEST_CONTEXT(fixture.file) {
            const auto file = pe_fixture_dir() / fixture.file;
            std::ifstream in(file, std::ios::binary);
            const auto compact = read_pe_directories(in, std::filesystem::file_size(file));
            BOOST_REQUIRE(compact.has_value());
            BOOST_TEST(compact->size() <= std::filesystem::file_size(file));
            const auto sparse = read_pe_image(*compact);
            const auto whole = read_pe_file(file);
            BOOST_REQUIRE(sparse.has_value());
            BOOST_REQUIRE(whole.has_value());
            require_same(*sparse, *whole);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_big_file_is_read_without_its_bulk) {
    // torch_cuda.dll with 8 MiB of data appended after its sections, as an installer's overlay
    // would be: read_pe_file takes the directories-only path and still finds everything.
    const torchpin::test::ScratchDirectory scratch("torchpin-pe-big");
    const auto original = pe_fixture_dir() / "torch_cuda.dll";
    const auto big = scratch.path() / "torch_cuda.dll";
    std::filesystem::copy_file(original, big);
    {
        std::ofstream out(big, std::ios::binary | std::ios::app);
        const std::string megabyte(1024 * 1024, '\0');
        for (int i = 0; i < 8; ++i) {
            out << megabyte;
        }
    }
    std::ifstream in(big, std::ios::binary);
    const auto compact = read_pe_directories(in, std::filesystem::file_size(big));
    BOOST_REQUIRE(compact.has_value());
    BOOST_TEST(compact->size() < 64 * 1024u + std::filesystem::file_size(original));
    const auto read = read_pe_file(big);
    BOOST_REQUIRE(read.has_value());
    require_same(*read, *read_pe_file(original));
    BOOST_TEST(read->delay_imports == std::vector<std::string>{"nvcuda.dll"});
}

BOOST_AUTO_TEST_CASE(headers_that_do_not_parse_give_nothing) {
    std::istringstream not_pe(std::string(200, 'x'));
    BOOST_TEST(!read_pe_directories(not_pe, 200).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
