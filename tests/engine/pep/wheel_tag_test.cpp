// Wheel tags and accepted_tags() against packaging's test_tags.py tables and real 23.0 output.
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "tests/support/tables.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

std::vector<std::string> strings(const std::vector<Tag>& tags) {
    std::vector<std::string> out;
    for (const auto& tag : tags) {
        out.push_back(tag.to_string());
    }
    return out;
}

std::optional<OsVersion> version_or_none(const std::string& text) {
    return text == "-" ? std::nullopt : std::optional(OsVersion::parse(text).value());
}

// A machine; `python` as PythonTarget::parse reads it ("cp3.12", "pp3.10", "cp3.13t").
TagEnvironment machine(OperatingSystem os, CpuArch arch, const std::string& python = "cp3.12",
                       std::optional<OsVersion> glibc = {}, std::optional<OsVersion> musl = {},
                       std::optional<OsVersion> macos = {}) {
    TagEnvironment env;
    env.os = os;
    env.arch = arch;
    env.python = PythonTarget::parse(python).value();
    env.glibc = glibc;
    env.musl = musl;
    env.macos = macos;
    return env;
}

// A row of tests/data/tags/packaging23/environments.tsv.
TagEnvironment environment(const std::vector<std::string>& row) {
    return machine(parse_operating_system(row[1]).value(), parse_cpu_arch(row[2]).value(), row[3],
                   version_or_none(row[4]), version_or_none(row[5]), version_or_none(row[6]));
}

// Consecutive table rows sharing their first two fields, with the third fields in order.
std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>>
grouped(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;
    for (const auto& row : rows) {
        const std::vector<std::string> key{row[0], row[1]};
        if (groups.empty() || groups.back().first != key) {
            groups.push_back({key, {}});
        }
        groups.back().second.push_back(row[2]);
    }
    return groups;
}

} // namespace

BOOST_AUTO_TEST_SUITE(wheel_tag)

BOOST_AUTO_TEST_CASE(tags_are_lowercased_and_print_back) {
    const Tag tag = Tag::from("PY3-None-ANY");
    BOOST_TEST(tag.interpreter() == "py3");
    BOOST_TEST(tag.abi() == "none");
    BOOST_TEST(tag.platform() == "any");
    BOOST_TEST(tag.to_string() == "py3-none-any");
    BOOST_TEST((tag == Tag("py3", "none", "any")));
    BOOST_TEST(TagHash{}(tag) == TagHash{}(Tag("py3", "none", "any")));
}

BOOST_AUTO_TEST_CASE(compressed_tag_sets_expand_like_packaging_parse_tag) {
    // test_tags.py TestParseTag.
    BOOST_TEST(strings(TagSet::from("py2.py3-none-any").tags()) ==
                   (std::vector<std::string>{"py2-none-any", "py3-none-any"}),
               boost::test_tools::per_element());
    const TagSet multi = TagSet::from("cp37-cp37m-macosx_10_6_intel.macosx_10_9_intel."
                                      "macosx_10_9_x86_64.macosx_10_10_intel.macosx_10_10_x86_64");
    BOOST_TEST(multi.size() == 5u);
    for (const char* platform : {"macosx_10_6_intel", "macosx_10_9_intel", "macosx_10_9_x86_64",
                                 "macosx_10_10_intel", "macosx_10_10_x86_64"}) {
        BOOST_TEST(multi.contains(Tag("cp37", "cp37m", platform)), platform);
    }
    const TagSet pytorch = TagSet::from("cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64");
    BOOST_TEST(strings(pytorch.tags()) ==
                   (std::vector<std::string>{"cp311-cp311-manylinux_2_17_x86_64",
                                             "cp311-cp311-manylinux2014_x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(pytorch.to_string() == "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64");
}

BOOST_AUTO_TEST_CASE(tag_sets_are_equal_when_they_stand_for_the_same_tags) {
    BOOST_TEST((TagSet::from("py3.py2-none-any") == TagSet::from("py2.py3-NONE-any")));
    BOOST_TEST((TagSet::from("py2.py3.py3-none-any") == TagSet::from("py2.py3-none-any")));
    BOOST_TEST(TagSet::from("py2.py3.py3-none-any").tags().size() == 2u);
    BOOST_TEST((TagSet::from("py3-none-any") != TagSet::from("py2.py3-none-any")));
}

BOOST_AUTO_TEST_CASE(malformed_tags_report_a_position) {
    struct Case {
        std::string text;
        std::size_t position;
        std::string fragment;
    };
    const std::vector<Case> cases{
        {"py3-none", 8, "three parts"},
        {"py3-none-any-x", 12, "fourth"},
        {"py3--any", 4, "empty ABI"},
        {"py2.-none-any", 4, "empty interpreter"},
        {"3py-none-any", 0, "starts with a letter"},
        {"py3-none-any+x", 12, "unexpected '+'"},
        {"", 0, "empty interpreter"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("input '" << c.text << "'") {
            const auto set = TagSet::parse(c.text);
            BOOST_REQUIRE(!set.has_value());
            BOOST_TEST(set.error().position == c.position);
            BOOST_TEST(set.error().message.find(c.fragment) != std::string::npos,
                       set.error().message);
        }
    }
    BOOST_TEST(Tag::parse("py2.py3-none-any").error().position == 3u);
}

BOOST_AUTO_TEST_CASE(platform_tags_carry_their_requirements) {
    struct Case {
        std::string tag;
        PlatformFamily family;
        std::string version;
        std::string arch;
        bool legacy;
    };
    const std::vector<Case> cases{
        {"manylinux1_x86_64", PlatformFamily::Manylinux, "2.5", "x86_64", true},
        {"manylinux2010_i686", PlatformFamily::Manylinux, "2.12", "i686", true},
        {"manylinux2014_aarch64", PlatformFamily::Manylinux, "2.17", "aarch64", true},
        {"manylinux_2_28_x86_64", PlatformFamily::Manylinux, "2.28", "x86_64", false},
        {"musllinux_1_2_aarch64", PlatformFamily::Musllinux, "1.2", "aarch64", false},
        {"macosx_11_0_arm64", PlatformFamily::Macos, "11.0", "arm64", false},
        {"macosx_10_9_x86_64", PlatformFamily::Macos, "10.9", "x86_64", false},
        {"linux_x86_64", PlatformFamily::Linux, "", "x86_64", false},
        {"win_amd64", PlatformFamily::Windows, "", "amd64", false},
        {"win_arm64", PlatformFamily::Windows, "", "arm64", false},
        {"win32", PlatformFamily::Windows, "", "x86", false},
        {"any", PlatformFamily::Any, "", "", false},
        {"manylinux_2_017_x86_64", PlatformFamily::Other, "", "", false},
        {"manylinux_2_x86_64", PlatformFamily::Other, "", "", false},
        {"manylinux2015_x86_64", PlatformFamily::Other, "", "", false},
        {"android_21_arm64_v8a", PlatformFamily::Other, "", "", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.tag) {
            const PlatformTag platform = PlatformTag::parse(c.tag);
            BOOST_TEST(name(platform.family()) == name(c.family));
            BOOST_TEST((platform.version() ? platform.version()->to_string() : "") == c.version);
            BOOST_TEST(platform.arch() == c.arch);
            BOOST_TEST(platform.is_legacy_manylinux() == c.legacy);
            BOOST_TEST(platform.to_string() == c.tag);
            BOOST_TEST((parse_platform_family(name(c.family)) == c.family));
        }
    }
}

BOOST_AUTO_TEST_CASE(mac_binary_formats_follow_packaging) {
    for (const auto& row : test::read_table("tags/mac_binary_formats.tsv")) {
        BOOST_TEST_CONTEXT(row[0] << " " << row[1]) {
            BOOST_TEST(mac_binary_formats(OsVersion::parse(row[0]).value(), row[1]) ==
                           words(row[2]),
                       boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(mac_platforms_follow_packaging) {
    // TestMacOSPlatforms.test_mac_platforms (fat32 written fat3, see the README).
    const std::vector<std::string> expected{
        "macosx_10_5_x86_64", "macosx_10_5_intel",      "macosx_10_5_fat64",
        "macosx_10_5_fat3",   "macosx_10_5_universal2", "macosx_10_5_universal",
        "macosx_10_4_x86_64", "macosx_10_4_intel",      "macosx_10_4_fat64",
        "macosx_10_4_fat3",   "macosx_10_4_universal2", "macosx_10_4_universal"};
    BOOST_TEST(mac_platforms({10, 5}, "x86_64") == expected, boost::test_tools::per_element());
    BOOST_TEST(mac_platforms({10, 17}, "x86_64").size() == 14u * 6u);
    BOOST_TEST(mac_platforms({10, 0}, "x86_64").empty());

    for (const auto& row : test::read_table("tags/mac_platform_membership.tsv")) {
        BOOST_TEST_CONTEXT(row[0] << " " << row[1] << " " << row[2]) {
            const auto platforms = mac_platforms(OsVersion::parse(row[0]).value(), row[1]);
            const bool listed =
                std::find(platforms.begin(), platforms.end(), row[2]) != platforms.end();
            BOOST_TEST(listed == (row[3] == "yes"));
            const auto mac = machine(OperatingSystem::Macos, parse_cpu_arch(row[1]).value(),
                                     "cp3.12", {}, {}, OsVersion::parse(row[0]).value());
            BOOST_TEST(platform_supported(PlatformTag::parse(row[2]), mac) == listed);
        }
    }
}

BOOST_AUTO_TEST_CASE(linux_platforms_follow_packaging) {
    for (const auto& row : test::read_table("tags/linux_platforms.tsv")) {
        BOOST_TEST_CONTEXT(row[0] << " glibc " << row[1] << " musl " << row[2]) {
            const auto env = machine(OperatingSystem::Linux, parse_cpu_arch(row[0]).value(),
                                     "cp3.12", version_or_none(row[1]), version_or_none(row[2]));
            BOOST_TEST(platform_tags(env) == words(row[3]), boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(windows_and_other_machines_have_their_platform) {
    auto windows = machine(OperatingSystem::Windows, CpuArch::X86_64);
    BOOST_TEST(platform_tags(windows) == std::vector<std::string>{"win_amd64"});
    windows.arch = CpuArch::Aarch64;
    BOOST_TEST(platform_tags(windows) == std::vector<std::string>{"win_arm64"});
    windows.arch = CpuArch::I686;
    BOOST_TEST(platform_tags(windows) == std::vector<std::string>{"win32"});
    windows.arch = CpuArch::S390x;
    BOOST_TEST(platform_tags(windows).empty());

    const auto ppc = machine(OperatingSystem::Linux, CpuArch::Ppc, "cp3.12", OsVersion{2, 28});
    BOOST_TEST(platform_tags(ppc) == std::vector<std::string>{"linux_ppc"}); // manylinux skips it
    const auto riscv =
        machine(OperatingSystem::Linux, CpuArch::Riscv64, "cp3.12", OsVersion{2, 17});
    BOOST_TEST(platform_tags(riscv) ==
               (std::vector<std::string>{"manylinux_2_17_riscv64", "manylinux2014_riscv64",
                                         "linux_riscv64"}));
}

BOOST_AUTO_TEST_CASE(interpreter_abis_follow_the_build) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"cp3.12", "cp312"}, {"cp3.13t", "cp313t"}, {"cp3.12t", "cp312"},      {"cp3.7", "cp37m"},
        {"cp3.8", "cp38"},   {"cp2.7", "cp27mu"},   {"pp3.10", "pypy310_pp73"}};
    for (const auto& [target, abi] : cases) {
        BOOST_TEST(PythonTarget::parse(target)->abi() == abi, target);
    }
    PythonTarget narrow = PythonTarget::parse("cp2.7").value();
    narrow.wide_unicode = false;
    BOOST_TEST(narrow.abi() == "cp27m");
    BOOST_TEST(PythonTarget::parse("pp3.10")->interpreter() == "pp310");
    BOOST_TEST(PythonTarget::parse("cp3.13t")->interpreter() == "cp313");
    BOOST_TEST(PythonTarget::parse("cp3").error().position == 3u);
    BOOST_TEST(PythonTarget::parse("py3.12").error().position == 0u);
}

BOOST_AUTO_TEST_CASE(cpython_tags_follow_packaging) {
    for (const auto& [key, expected] : grouped(test::read_table("tags/cpython_tags.tsv"))) {
        BOOST_TEST_CONTEXT(key[0] << " on " << key[1]) {
            const auto tags =
                strings(accepted_tags(PythonTarget::parse(key[0]).value(), words(key[1])));
            BOOST_REQUIRE(tags.size() >= expected.size());
            const std::vector<std::string> head(tags.begin(), tags.begin() + expected.size());
            BOOST_TEST(head == expected, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(compatible_tags_follow_packaging) {
    for (const auto& [key, expected] : grouped(test::read_table("tags/compatible_tags.tsv"))) {
        BOOST_TEST_CONTEXT(key[0] << " on " << key[1]) {
            const auto tags =
                strings(accepted_tags(PythonTarget::parse(key[0]).value(), words(key[1])));
            BOOST_REQUIRE(tags.size() >= expected.size());
            const std::vector<std::string> tail(tags.end() - expected.size(), tags.end());
            BOOST_TEST(tail == expected, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(free_threaded_cpython_never_takes_abi3) {
    const auto tags = accepted_tags(PythonTarget::parse("cp3.13t").value(), {"linux_x86_64"});
    BOOST_TEST(
        std::none_of(tags.begin(), tags.end(), [](const Tag& t) { return t.abi() == "abi3"; }));
    BOOST_TEST(strings(tags).front() == "cp313-cp313t-linux_x86_64");
    const auto gil = accepted_tags(PythonTarget::parse("cp3.13").value(), {"linux_x86_64"});
    BOOST_TEST(
        std::none_of(gil.begin(), gil.end(), [](const Tag& t) { return t.abi() == "abi3t"; }));
}

BOOST_AUTO_TEST_CASE(accepted_tags_equal_packaging_23_sys_tags) {
    for (const auto& row : test::read_table("tags/packaging23/environments.tsv")) {
        BOOST_TEST_CONTEXT(row[0]) {
            const auto expected = test::read_lines("tags/packaging23/" + row[0] + ".txt");
            BOOST_TEST(strings(accepted_tags(environment(row))) == expected,
                       boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(the_best_accepted_tag_is_the_first_accepted_tag) {
    std::vector<TagEnvironment> machines;
    for (const auto& row : test::read_table("tags/packaging23/environments.tsv")) {
        machines.push_back(environment(row));
    }
    // No platform tag at all (macOS of unknown version): the pure wheel's tag comes first.
    machines.push_back(machine(OperatingSystem::Macos, CpuArch::Aarch64, "cp3.12"));
    machines.push_back(
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.13t", OsVersion{2, 35}));
    for (const TagEnvironment& env : machines) {
        const std::vector<Tag> accepted = accepted_tags(env);
        BOOST_TEST_REQUIRE(!accepted.empty());
        BOOST_TEST(best_accepted_tag(env).to_string() == accepted.front().to_string());
    }
    BOOST_TEST(best_accepted_tag(machines.back()).to_string() ==
               "cp313-cp313t-manylinux_2_35_x86_64");
    BOOST_TEST(best_accepted_tag(machines[machines.size() - 2]).to_string() == "cp312-none-any");
}

BOOST_AUTO_TEST_CASE(a_tag_s_priority_is_its_first_position_in_accepted_tags) {
    std::vector<TagEnvironment> machines;
    for (const auto& row : test::read_table("tags/packaging23/environments.tsv")) {
        machines.push_back(environment(row));
    }
    machines.push_back(machine(OperatingSystem::Macos, CpuArch::Aarch64, "cp3.12")); // no platform
    machines.push_back(
        machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.13t", OsVersion{2, 35}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::Aarch64, "cp3.13t", OsVersion{3, 1},
                               OsVersion{1, 1}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::Ppc, "pp3.9", OsVersion{2, 17}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.6", OsVersion{2, 5}));
    std::size_t checked = 0;
    for (const TagEnvironment& env : machines) {
        const std::vector<Tag> accepted = accepted_tags(env);
        std::map<std::string, std::size_t> first; // "interpreter-abi-platform": first position
        std::set<std::pair<std::string, std::string>> pairs{
            {"cp39", "abi3"},          {"py2", "none"},   {"cp313", "cp313t"},
            {"pp310", "pypy310_pp73"}, {"cp312", "none"}, {"jy27", "none"}};
        std::set<std::string> platforms{"any",       "linux_armv6l",      "manylinux_2_99_x86_64",
                                        "win_amd64", "macosx_11_0_arm64", "musllinux_1_1_aarch64"};
        for (std::size_t i = 0; i < accepted.size(); ++i) {
            first.emplace(accepted[i].to_string(), i);
            pairs.emplace(accepted[i].interpreter(), accepted[i].abi());
            platforms.insert(accepted[i].platform());
        }
        const TagRanking ranking(env);
        // Every pair with every platform: the accepted tags at their first position, any other
        // combination (a pair with a platform it is not listed with) at none.
        for (const auto& [interpreter, abi] : pairs) {
            for (const auto& platform : platforms) {
                const std::string text = interpreter + "-" + abi + "-" + platform;
                const auto found = first.find(text);
                const std::string expected =
                    found == first.end() ? "none" : std::to_string(found->second);
                const auto priority = ranking.priority(TagView{interpreter, abi, platform});
                const std::string answer = priority ? std::to_string(*priority) : "none";
                if (answer != expected) {
                    BOOST_ERROR(text << " on " << name(env.os) << " " << name(env.arch) << " "
                                     << env.python.interpreter() << ": " << answer << " instead of "
                                     << expected);
                }
                ++checked;
            }
        }
    }
    BOOST_TEST(checked > 5'000u);
}

BOOST_AUTO_TEST_CASE(supported_agrees_with_accepted_tags) {
    // Candidates: every tag some machine below accepts, every tag of the real wheel fixtures,
    // and neighbours of both (other glibc, musl and macOS versions, other formats and CPUs).
    std::vector<TagEnvironment> machines;
    for (const auto& row : test::read_table("tags/packaging23/environments.tsv")) {
        machines.push_back(environment(row));
    }
    for (const auto& [arch, macos] :
         std::vector<std::pair<CpuArch, OsVersion>>{{CpuArch::X86_64, {10, 15}},
                                                    {CpuArch::X86_64, {13, 4}},
                                                    {CpuArch::I686, {10, 6}},
                                                    {CpuArch::Ppc, {10, 5}},
                                                    {CpuArch::Ppc64, {10, 5}},
                                                    {CpuArch::Aarch64, {11, 0}}}) {
        machines.push_back(machine(OperatingSystem::Macos, arch, "cp3.9", {}, {}, macos));
    }
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::Aarch64, "cp3.13t", OsVersion{3, 1},
                               OsVersion{1, 1}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::Armv7l, "cp3.6", OsVersion{2, 31}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::Ppc, "pp3.9", OsVersion{2, 17}));
    machines.push_back(machine(OperatingSystem::Linux, CpuArch::X86_64, "cp3.9", OsVersion{2, 3}));

    std::set<std::string> interpreters{"cp39", "cp31", "py2", "pp3", "pp39", "cp3", "jy27"};
    std::set<std::string> abis{"abi3", "abi3t", "none", "cp39d", "cp313", "pypy39_pp73", "cp27m"};
    std::set<std::string> platforms{
        "any",      "manylinux_1_9_x86_64", "manylinux_02_17_x86_64", "macosx_11_3_arm64",
        "win_ia64", "linux_armv6l"};
    const auto add = [&](const Tag& tag) {
        interpreters.insert(tag.interpreter());
        abis.insert(tag.abi());
        platforms.insert(tag.platform());
    };
    for (const auto& machine : machines) {
        for (const auto& tag : accepted_tags(machine)) {
            add(tag);
        }
    }
    for (const char* fixture : {"torch-2.7.1+cpu-cp311-cp311-manylinux_2_28_aarch64.whl",
                                "triton_xpu-3.7.2-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_"
                                "x86_64.whl",
                                "torch-0.4.1-cp27-cp27mu-linux_x86_64.whl"}) {
        for (const auto& tag : WheelFilename::from(fixture).tags()) {
            add(tag);
        }
    }
    for (std::uint32_t minor = 0; minor <= 60; minor += 3) {
        for (const char* arch : {"x86_64", "aarch64", "i686", "armv7l", "ppc"}) {
            platforms.insert("manylinux_2_" + std::to_string(minor) + "_" + arch);
            platforms.insert("manylinux_3_" + std::to_string(minor) + "_" + arch);
            platforms.insert("musllinux_1_" + std::to_string(minor % 7) + "_" + arch);
        }
    }
    for (std::uint32_t major = 9; major <= 15; ++major) {
        for (std::uint32_t minor = 0; minor <= 17; ++minor) {
            for (const char* format : {"x86_64", "arm64", "universal2", "universal", "intel", "fat",
                                       "fat3", "fat32", "fat64", "i386", "ppc", "ppc64"}) {
                platforms.insert("macosx_" + std::to_string(major) + "_" + std::to_string(minor) +
                                 "_" + format);
            }
        }
    }

    // supported() looks at the platform only through platform_supported() and "any", so each
    // interpreter-ABI pair is tried with the best and the worst accepted platform, a rejected
    // one, and "any"; each platform is tried on its own against platform_tags().
    std::size_t checked = 0;
    const auto check = [&](const Tag& tag, const TagEnvironment& machine, bool expected) {
        if (supported(tag, machine) != expected) {
            BOOST_ERROR(tag.to_string()
                        << ": supported() says " << !expected << " for " << name(machine.os) << " "
                        << name(machine.arch) << " " << machine.python.interpreter());
        }
        ++checked;
    };
    for (const auto& machine : machines) {
        const auto own_platforms = platform_tags(machine);
        for (const auto& platform : platforms) {
            const bool listed = std::find(own_platforms.begin(), own_platforms.end(), platform) !=
                                own_platforms.end();
            BOOST_TEST(platform_supported(PlatformTag::parse(platform), machine) == listed,
                       platform);
        }
        const auto accepted = accepted_tags(machine);
        const std::unordered_set<Tag, TagHash> accepted_set(accepted.begin(), accepted.end());
        for (const auto& interpreter : interpreters) {
            for (const auto& abi : abis) {
                for (const std::string& platform : {own_platforms.front(), own_platforms.back(),
                                                    std::string("win_ia64"), std::string("any")}) {
                    const Tag tag(interpreter, abi, platform);
                    check(tag, machine, accepted_set.count(tag) > 0);
                }
            }
        }
    }
    BOOST_TEST(checked > 10'000u);
}

// accepts() and best() of the '.'-joined columns a wheel_file row stores must say what best() of
// the parsed set says, or the resolver would pass over a file it should weigh, or rank it wrong.
BOOST_AUTO_TEST_CASE(accepts_says_what_best_says_of_the_written_set) {
    const std::vector<TagEnvironment> machines{
        {.python = PythonTarget::parse("cp3.11").value(), .glibc = OsVersion{2, 35}},
        {.arch = CpuArch::Aarch64,
         .python = PythonTarget::parse("cp3.13t").value(),
         .glibc = OsVersion{2, 28}},
        {.os = OperatingSystem::Windows, .python = PythonTarget::parse("cp3.9").value()},
        {.os = OperatingSystem::Macos,
         .arch = CpuArch::Aarch64,
         .python = PythonTarget::parse("cp3.12").value(),
         .macos = OsVersion{14, 0}}};
    const std::vector<std::string> interpreters{"cp311",   "cp313",       "cp39",  "CP311", "py3",
                                                "py2.py3", "cp310.cp311", "pp310", ""};
    const std::vector<std::string> abis{"cp311", "cp313t", "cp39",       "abi3",
                                        "none",  "NONE",   "cp311.abi3", ""};
    const std::vector<std::string> platforms{"manylinux_2_28_x86_64",
                                             "manylinux_2_17_x86_64.manylinux2014_x86_64",
                                             "manylinux_2_36_x86_64",
                                             "MANYLINUX_2_28_AARCH64",
                                             "linux_aarch64",
                                             "win_amd64",
                                             "macosx_11_0_arm64",
                                             "macosx_10_9_universal2",
                                             "any",
                                             "musllinux_1_2_x86_64",
                                             ""};
    std::size_t accepted = 0;
    for (const TagEnvironment& env : machines) {
        const TagRanking ranking(env);
        for (const auto& interpreter : interpreters) {
            for (const auto& abi : abis) {
                for (const auto& platform : platforms) {
                    const auto set = TagSet::parse(interpreter + "-" + abi + "-" + platform);
                    if (!set) {
                        continue; // an empty component is no tag set
                    }
                    const std::optional<std::size_t> best = ranking.best(*set);
                    BOOST_TEST(ranking.accepts(interpreter, abi, platform) == best.has_value(),
                               interpreter << "-" << abi << "-" << platform);
                    BOOST_TEST((ranking.best(interpreter, abi, platform) == best),
                               interpreter << "-" << abi << "-" << platform);
                    accepted += best ? 1 : 0;
                }
            }
        }
    }
    BOOST_TEST(accepted > 40u);
}

BOOST_AUTO_TEST_CASE(ranking_picks_the_wheel_pip_installs) {
    const TagEnvironment linux{.python = PythonTarget::parse("cp3.12").value(),
                               .glibc = OsVersion{2, 28}};
    TagRanking built(linux);
    const TagRanking ranking(std::move(built)); // its indexes borrow the moved text
    const std::vector<Tag> accepted = accepted_tags(linux);
    BOOST_TEST(*ranking.priority(TagView{accepted.back().interpreter(), accepted.back().abi(),
                                         accepted.back().platform()}) == accepted.size() - 1);
    BOOST_TEST(*ranking.best(TagSet::from("cp312-cp312-manylinux_2_28_x86_64")) == 0u);
    BOOST_TEST(!ranking.best(TagSet::from("cp312-cp312-manylinux_2_29_x86_64")).has_value());

    // A wheel with several tags ranks by its best one.
    const auto triton = WheelFilename::from(
        "triton_xpu-3.7.2-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl");
    BOOST_TEST(*ranking.best(triton.tag_set()) == 0u);

    std::vector<std::string> candidates{
        "torch-2.7.1-py3-none-any.whl",
        "torch-2.7.1-cp312-abi3-manylinux2014_x86_64.whl",
        "torch-2.7.1-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "torch-2.7.1-cp312-cp312-linux_x86_64.whl",
        "torch-2.7.1-cp312-cp312-win_amd64.whl",
        "torch-2.7.1-cp311-cp311-manylinux_2_28_x86_64.whl",
    };
    std::vector<std::pair<std::size_t, std::string>> ranked;
    for (const auto& candidate : candidates) {
        if (const auto best = ranking.best(WheelFilename::from(candidate).tag_set())) {
            ranked.emplace_back(*best, candidate);
        }
    }
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> order;
    for (const auto& entry : ranked) {
        order.push_back(entry.second);
    }
    BOOST_TEST(
        order ==
            (std::vector<std::string>{
                "torch-2.7.1-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
                "torch-2.7.1-cp312-cp312-linux_x86_64.whl",
                "torch-2.7.1-cp312-abi3-manylinux2014_x86_64.whl", "torch-2.7.1-py3-none-any.whl"}),
        boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(closed_enums_name_and_parse) {
    for (auto os : {OperatingSystem::Linux, OperatingSystem::Windows, OperatingSystem::Macos}) {
        BOOST_TEST((parse_operating_system(name(os)) == os));
    }
    for (auto arch :
         {CpuArch::X86_64, CpuArch::I686, CpuArch::Aarch64, CpuArch::Armv7l, CpuArch::Ppc64le,
          CpuArch::Ppc64, CpuArch::Ppc, CpuArch::S390x, CpuArch::Riscv64, CpuArch::Loongarch64}) {
        BOOST_TEST((parse_cpu_arch(name(arch)) == arch));
        BOOST_TEST_REQUIRE(!spellings(arch).empty());
        BOOST_TEST(spellings(arch).front() == name(arch));
        for (const std::string_view spelling : spellings(arch)) {
            BOOST_TEST((parse_cpu_arch(spelling) == arch));
        }
    }
    BOOST_TEST((parse_cpu_arch("arm64") == CpuArch::Aarch64));
    BOOST_TEST((parse_cpu_arch("amd64") == CpuArch::X86_64));
    BOOST_TEST((spellings(CpuArch::Aarch64) == std::vector<std::string_view>{"aarch64", "arm64"}));
    BOOST_TEST((spellings(CpuArch::Riscv64) == std::vector<std::string_view>{"riscv64"}));
    for (auto implementation : {PythonImplementation::CPython, PythonImplementation::PyPy}) {
        BOOST_TEST((parse_python_implementation(name(implementation)) == implementation));
    }
}

BOOST_AUTO_TEST_SUITE_END()
