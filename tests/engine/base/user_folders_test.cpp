// The user's folders by each system's conventions, and UTF-8 paths that keep every character.
#include "engine/base/user_folders.hpp"
#include "engine/base/utf8_path.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using Environment = std::map<std::string, std::string>;

BOOST_AUTO_TEST_SUITE(user_folders_by_system)

BOOST_AUTO_TEST_CASE(posix_folders_follow_xdg_then_home) {
    const auto home = user_folders(HostKind::Posix, Environment{{"HOME", "/home/zoë"}}).value();
    BOOST_TEST(home.data == path_from_utf8("/home/zoë") / ".local" / "share" / "torchpin");
    BOOST_TEST(home.cache == path_from_utf8("/home/zoë") / ".cache" / "torchpin");
    const auto xdg =
        user_folders(HostKind::Posix,
                     Environment{{"HOME", "/h"}, {"XDG_DATA_HOME", "/d"}, {"XDG_CACHE_HOME", "/c"}})
            .value();
    BOOST_TEST(xdg.data == std::filesystem::path("/d") / "torchpin");
    BOOST_TEST(xdg.cache == std::filesystem::path("/c") / "torchpin");
    BOOST_TEST(!user_folders(HostKind::Posix, Environment{{"XDG_DATA_HOME", "/d"}}));
}

BOOST_AUTO_TEST_CASE(windows_folders_are_under_localappdata_else_the_profile) {
    const auto local =
        user_folders(
            HostKind::Windows,
            Environment{{"LOCALAPPDATA", "C:\\Users\\Zoë Ng\\AppData\\Local"}, {"HOME", "/h"}})
            .value();
    BOOST_TEST(local.data == path_from_utf8("C:\\Users\\Zoë Ng\\AppData\\Local") / "torchpin");
    BOOST_TEST(utf8_of(local.cache.parent_path()) == utf8_of(local.data));
    const auto profile =
        user_folders(HostKind::Windows, Environment{{"USERPROFILE", "C:\\Users\\Zoë"}}).value();
    BOOST_TEST(utf8_of(profile.data.parent_path().parent_path().parent_path()) == "C:\\Users\\Zoë");
    BOOST_TEST(!user_folders(HostKind::Windows, Environment{{"HOME", "/h"}}));
}

BOOST_AUTO_TEST_CASE(utf8_text_survives_a_path_round_trip) {
    const std::string text = "C:/Users/Zoë Ng/Документы/模型";
    BOOST_TEST(utf8_of(path_from_utf8(text)) == text);
    BOOST_TEST(utf8_of(path_from_utf8(text).filename()) == "模型");
}

BOOST_AUTO_TEST_SUITE_END()
