// Durable replacement: the new content whole, the old file untouched on failure, no leftovers.
#include "engine/base/durable_file.hpp"
#include "engine/base/utf8_path.hpp"
#include "tests/support/scratch_directory.hpp"

#include <fstream>
#include <sstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::string contents(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

} // namespace

BOOST_AUTO_TEST_SUITE(durable_file)

BOOST_AUTO_TEST_CASE(a_file_is_replaced_whole_and_no_temporary_is_left) {
    const test::ScratchDirectory scratch("durable_file");
    const auto target = scratch.path() / path_from_utf8("Zoë's folder") / "out.txt";
    std::filesystem::create_directories(target.parent_path());
    BOOST_TEST(!write_file_durably(target, "first\n"));
    BOOST_TEST(!write_file_durably(target, "second\nline\n"));
    BOOST_TEST(contents(target) == "second\nline\n");
    BOOST_TEST(std::distance(std::filesystem::directory_iterator(target.parent_path()),
                             std::filesystem::directory_iterator()) == 1);
}

BOOST_AUTO_TEST_CASE(a_write_into_a_missing_folder_fails_and_says_why) {
    const test::ScratchDirectory scratch("durable_file_missing");
    const auto error = write_file_durably(scratch.path() / "no" / "such" / "out.txt", "x");
    BOOST_TEST(static_cast<bool>(error));
    BOOST_TEST(!error.message().empty());
}

BOOST_AUTO_TEST_CASE(replace_file_moves_over_an_existing_file) {
    const test::ScratchDirectory scratch("durable_file_replace");
    const auto from = scratch.write("new.db", "new");
    const auto to = scratch.write("matrix.db", "old");
    BOOST_TEST(!replace_file(from, to));
    BOOST_TEST(contents(to) == "new");
    BOOST_TEST(!std::filesystem::exists(from));
}

BOOST_AUTO_TEST_SUITE_END()
