// A build without libelf (Windows) says why it reads no ELF file instead of reading it wrongly.
#include "importers/binary/elf_image.hpp"

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(elf_image_without_libelf)

BOOST_AUTO_TEST_CASE(every_read_is_an_error_naming_the_missing_libelf) {
    const unsigned char elf_magic[] = {0x7f, 'E', 'L', 'F'};
    const auto image = torchpin::read_elf_image(elf_magic);
    BOOST_REQUIRE(!image);
    BOOST_TEST(image.error().message.find("libelf is not linked") != std::string::npos);
    const auto file = torchpin::read_elf_file("torch/lib/libc10.so");
    BOOST_REQUIRE(!file);
    BOOST_TEST(file.error().message == image.error().message);
    const auto visit = [](const torchpin::ElfDynamicSymbol&) { return true; };
    const auto symbols = torchpin::visit_elf_image_symbols(elf_magic, visit);
    BOOST_REQUIRE(symbols);
    BOOST_TEST(symbols->message == image.error().message);
    const auto file_symbols = torchpin::visit_elf_file_symbols("torch/lib/libc10.so", visit);
    BOOST_REQUIRE(file_symbols);
    BOOST_TEST(file_symbols->message == image.error().message);
}

BOOST_AUTO_TEST_SUITE_END()
