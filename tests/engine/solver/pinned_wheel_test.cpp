// PinnedWheel: a held file, a file found on first use and kept for every copy, and the error when
// the matrix's groups vouch for a file its rows lack.
#include "engine/solver/pinned_wheel.hpp"

#include <stdexcept>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

IndexFile file_named(const std::string& name) {
    IndexFile file;
    file.wheel = WheelFilename::from(name);
    file.url = "https://download.pytorch.org/whl/cu121/" + name;
    return file;
}

} // namespace

BOOST_AUTO_TEST_SUITE(pinned_wheel)

BOOST_AUTO_TEST_CASE(none_held_and_found) {
    const PinnedWheel none = std::nullopt;
    BOOST_TEST(!none.has_value());
    BOOST_CHECK_THROW(*none, std::logic_error);

    const PinnedWheel held = file_named("torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl");
    BOOST_TEST(held.has_value());
    BOOST_TEST(held->wheel.to_string() == "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl");

    const IndexFile kept = file_named("torch-2.1.2+cu118-cp311-cp311-linux_x86_64.whl");
    int finds = 0;
    const PinnedWheel found = PinnedWheel::found_by([&] {
        ++finds;
        return &kept;
    });
    BOOST_TEST(found.has_value()); // the groups vouch for it: nothing is read to say so
    BOOST_TEST(finds == 0);
    const PinnedWheel copy = found;
    BOOST_TEST(&*copy == &kept);
    BOOST_TEST(found->url == kept.url);
    BOOST_TEST(finds == 1); // copies share what the first use found
}

BOOST_AUTO_TEST_CASE(a_file_the_rows_lack_is_an_error_that_names_db_verify) {
    const PinnedWheel missing = PinnedWheel::found_by([] { return nullptr; });
    BOOST_TEST(missing.has_value());
    try {
        static_cast<void>(missing->url);
        BOOST_FAIL("no error");
    } catch (const std::logic_error& e) {
        BOOST_TEST(std::string(e.what()).find("torchpin db verify") != std::string::npos);
    }
}

BOOST_AUTO_TEST_SUITE_END()
