// PEP 440 Version: grammar, normalization, round trip and the total order, on packaging's own
// tables.
#include "engine/pep/version.hpp"
#include "engine/pep/version_sort.hpp"
#include "tests/support/pep440_generator.hpp"
#include "tests/support/tables.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::Version;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(version)

BOOST_AUTO_TEST_CASE(packaging_sorted_list_is_in_order_for_every_pair) {
    const auto texts = test::read_lines("pep440/sorted_versions.txt");
    BOOST_REQUIRE_EQUAL(texts.size(), 92u);
    std::vector<Version> versions;
    for (const auto& text : texts) {
        versions.push_back(Version::from(text));
    }
    for (std::size_t i = 0; i < versions.size(); ++i) {
        for (std::size_t j = 0; j < versions.size(); ++j) {
            const auto expected = i <=> j;
            BOOST_TEST_CONTEXT(texts[i] << " vs " << texts[j]) {
                BOOST_TEST((versions[i] <=> versions[j] == expected));
                BOOST_TEST((versions[i] == versions[j]) == (i == j));
                BOOST_TEST((versions[i] < versions[j]) == (i < j));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_normalization_table) {
    for (const auto& row : test::read_table("pep440/normalized_versions.tsv")) {
        BOOST_TEST_CONTEXT("input '" << row[0] << "'") {
            auto v = Version::parse(row[0]);
            BOOST_REQUIRE(v.has_value());
            BOOST_TEST(v->to_string() == row[1]);
        }
    }
}

BOOST_AUTO_TEST_CASE(packaging_invalid_versions_are_rejected) {
    auto invalid = test::read_lines("pep440/invalid_versions.txt");
    // The non-ASCII entries of packaging's list: Arabic-Indic digits, a dotted capital I.
    invalid.push_back("\xd9\xa0\xd9\xa1\xd9\xa2.\xd9\xa3\xd9\xa4\xd9\xa5");
    invalid.push_back("1.0+\xc4\xb0");
    for (const auto& text : invalid) {
        BOOST_TEST_CONTEXT("input '" << text << "'") {
            BOOST_TEST(!Version::parse(text).has_value());
        }
    }
}

BOOST_AUTO_TEST_CASE(unicode_whitespace_around_a_version_is_stripped_like_python) {
    // NARROW NO-BREAK SPACE before, tab and PARAGRAPH SEPARATOR after (from packaging's tests).
    auto v = Version::parse("\xe2\x80\xaf"
                            "1.0\t\xe2\x80\xa9\n ");
    BOOST_REQUIRE(v.has_value());
    BOOST_TEST(v->to_string() == "1.0");
}

BOOST_AUTO_TEST_CASE(round_trip_holds_for_every_table_entry) {
    std::vector<std::string> inputs = test::read_lines("pep440/sorted_versions.txt");
    for (const auto& row : test::read_table("pep440/normalized_versions.tsv")) {
        inputs.push_back(row[0]);
    }
    for (const auto& text : inputs) {
        const Version v = Version::from(text);
        const Version again = Version::from(v.to_string());
        BOOST_TEST_CONTEXT(text) {
            BOOST_TEST((v == again));
            BOOST_TEST(again.to_string() == v.to_string());
            BOOST_TEST(v.hash() == again.hash());
        }
    }
}

BOOST_AUTO_TEST_CASE(trailing_zeros_are_equal_and_hash_alike) {
    BOOST_TEST((Version::from("2.1") == Version::from("2.1.0.0")));
    BOOST_TEST(Version::from("2.1").hash() == Version::from("2.1.0.0").hash());
    std::unordered_set<Version> set{Version::from("2.1"), Version::from("2.1.0")};
    BOOST_TEST(set.size() == 1u);
    BOOST_TEST(Version::from("2.1.0").to_string() == "2.1.0"); // printing keeps what was written
}

BOOST_AUTO_TEST_CASE(parts_and_derived_versions) {
    const Version v = Version::from("1!2.1.0rc1.post2.dev3+CU121.7");
    BOOST_TEST(v.epoch() == 1u);
    BOOST_TEST(std::vector<std::uint64_t>(v.release().begin(), v.release().end()) ==
               (std::vector<std::uint64_t>{2, 1, 0}));
    BOOST_TEST(Version::from("1.2.3.4.5.6").release().size() == 6u); // beyond the inline four
    BOOST_TEST(v.is_prerelease());
    BOOST_TEST(v.is_postrelease());
    BOOST_TEST(v.is_devrelease());
    BOOST_TEST(v.local_label() == "cu121.7");
    BOOST_TEST(v.public_version().to_string() == "1!2.1.0rc1.post2.dev3");
    BOOST_TEST(v.base_version().to_string() == "1!2.1.0");
    BOOST_TEST(Version::from("1.0.post1").is_prerelease() == false);
}

BOOST_AUTO_TEST_CASE(torch_versions_with_local_labels_sort_after_the_plain_release) {
    BOOST_TEST((Version::from("2.1.2") < Version::from("2.1.2+cu121")));
    BOOST_TEST((Version::from("2.1.2+cu118") < Version::from("2.1.2+cu121")));
    BOOST_TEST((Version::from("2.1.2+cu121") < Version::from("2.1.3")));
    BOOST_TEST((Version::from("2.6.0.dev20241112+cu124") < Version::from("2.6.0")));
}

// operator<=> decides most comparisons on a 128-bit code of the sort key; it must agree with the
// comparison of the parts themselves on every pair, including numbers at the code's size-class
// edges, codes too long for 128 bits and local labels no parser would produce (with_local takes
// any text).
BOOST_AUTO_TEST_CASE(order_summary_agrees_with_the_full_comparison) {
    std::vector<Version> versions;
    test::Pep440Generator generator(2026);
    while (versions.size() < 1200) {
        const std::string text = generator.version_text();
        if (auto v = Version::parse(text)) {
            versions.push_back(*v);
            if (auto near = Version::parse(generator.neighbour_of(text))) {
                versions.push_back(*near);
            }
        }
    }
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    for (std::uint64_t n : std::initializer_list<std::uint64_t>{0, 31, 32, 4095, 4096, 4294967295,
                                                                4294967296, max - 1, max}) {
        versions.push_back(Version::from_parts(n, {1, n}, std::nullopt, n, std::nullopt));
        versions.push_back(Version::from_parts(
            0, {n, 0, n}, torchpin::PreRelease{torchpin::PreReleaseKind::Beta, n}, n, n));
        versions.push_back(Version::from_parts(0, {1}, std::nullopt, std::nullopt, n, "x"));
    }
    for (const char* label :
         {"cu118", "cu121", "cpu.cxx11.abi", "ubuntu.01", "a..b", ".a", "a.", "A", "a-b", "a_b",
          "a~", "a\xff", "0", "00", "01", "123456789012345678901234567890", "abcdefghijklmnop",
          "1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16", "z.z.z.z.z.z.z.z"}) {
        versions.push_back(Version::from("1.0").with_local(label));
        versions.push_back(Version::from("2024!1.2.3.4rc5.post6.dev20241112").with_local(label));
    }
    const auto reference = [](const Version& a, const Version& b) {
        const auto c = torchpin::compare_key_prefix(a, b, torchpin::VersionKeyPart::DevRelease);
        return c != 0 ? c : torchpin::compare_local(a.local_label(), b.local_label());
    };
    std::size_t disagreements = 0;
    for (const auto& a : versions) {
        for (const auto& b : versions) {
            if ((a <=> b) != reference(a, b)) {
                BOOST_TEST_CONTEXT(a.to_string() << " vs " << b.to_string()) {
                    BOOST_TEST(false);
                }
                if (++disagreements > 20) {
                    return;
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(sort_versions_is_a_stable_sort_in_both_directions) {
    // Many equal versions in different spellings, so that stability shows.
    std::vector<Version> versions;
    test::Pep440Generator generator(440);
    const std::vector<std::string> spellings{"1.0",       "1.0.0",  "1!1.0",    "1.0+cpu",
                                             "1.0.0+CPU", "1.0rc1", "1.0-rc.1", "v1.0"};
    while (versions.size() < 5000) {
        if (auto v = Version::parse(generator.version_text())) {
            versions.push_back(*v);
        }
        versions.push_back(Version::from(spellings[versions.size() % spellings.size()]));
    }
    for (const bool descending : {false, true}) {
        std::vector<const Version*> expected;
        for (const Version& v : versions) {
            expected.push_back(&v);
        }
        std::vector<const Version*> sorted = expected;
        std::stable_sort(expected.begin(), expected.end(), [&](const Version* a, const Version* b) {
            return descending ? *b < *a : *a < *b;
        });
        torchpin::sort_versions(sorted, descending);
        BOOST_TEST_CONTEXT("descending " << descending) {
            BOOST_TEST((sorted == expected)); // the same addresses: equal versions in input order
        }
    }
}

BOOST_AUTO_TEST_CASE(errors_carry_a_position_and_a_reason) {
    struct Case {
        std::string text;
        std::size_t position;
        std::string fragment;
    };
    const std::vector<Case> cases{
        {"", 0, "found nothing"},
        {"2.x", 1, "unexpected '.'"},
        {"abc", 0, "expected a version number"},
        {"1!", 2, "after the epoch"},
        {"1.0+", 4, "must not be empty"},
        {"1.0+abc.", 8, "empty part"},
        {"1.0 a1", 3, "unexpected ' '"},
        {"99999999999999999999", 0, "too large"},
        {"1.0a99999999999999999999", 4, "too large"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("input '" << c.text << "'") {
            auto v = Version::parse(c.text);
            BOOST_REQUIRE(!v.has_value());
            BOOST_TEST(v.error().position == c.position);
            BOOST_TEST(v.error().message.find(c.fragment) != std::string::npos, v.error().message);
            BOOST_TEST(v.error().input == c.text);
        }
    }
    BOOST_CHECK_THROW(Version::from("nope"), torchpin::ParseFailure);
}

BOOST_AUTO_TEST_CASE(implicit_numbers_and_separators_follow_the_regex_exactly) {
    // Spellings where a hand-written parser easily differs from packaging's backtracking regex.
    const std::vector<std::pair<std::string, std::string>> cases{
        {"1.0a-1", "1.0a1"},        {"1.0a--1", "1.0a0.post1"},   {"1.0a.-1", "1.0a0.post1"},
        {"1.0a-", "1.0a0"},         {"1.0.post.", "1.0.post0"},   {"1.0a.dev1", "1.0a0.dev1"},
        {"1.0a_-1", "1.0a0.post1"}, {"1.0rc1-1", "1.0rc1.post1"}, {"1.0-r1", "1.0.post1"},
        {"1.0preview2", "1.0rc2"},  {"1.0pre", "1.0rc0"},         {"1.0-1dev", "1.0.post1.dev0"},
    };
    for (const auto& [text, normalized] : cases) {
        BOOST_TEST_CONTEXT(text) {
            auto v = Version::parse(text);
            BOOST_REQUIRE(v.has_value());
            BOOST_TEST(v->to_string() == normalized);
        }
    }
    for (const char* bad :
         {"1.0-", "1.0alph", "1.0a1a1", "1.0.dev1.post1", "1.0a1rc1", "v", "1.0+a-"}) {
        BOOST_TEST(!Version::parse(bad).has_value(), bad);
    }
}

BOOST_AUTO_TEST_SUITE_END()
