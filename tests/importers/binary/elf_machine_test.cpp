// elf_machine_name: the names of the machines torch ships wheels for, and "unknown" for the rest.
#include "importers/binary/elf_image.hpp"

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(elf_machine)

BOOST_AUTO_TEST_CASE(names_machines_by_their_e_machine_number) {
    BOOST_TEST(torchpin::elf_machine_name(62) == "x86_64");
    BOOST_TEST(torchpin::elf_machine_name(183) == "aarch64");
    BOOST_TEST(torchpin::elf_machine_name(3) == "i386");
    BOOST_TEST(torchpin::elf_machine_name(21) == "ppc64");
    BOOST_TEST(torchpin::elf_machine_name(0) == "unknown");
    BOOST_TEST(torchpin::elf_machine_name(0xffff) == "unknown");
}

BOOST_AUTO_TEST_SUITE_END()
