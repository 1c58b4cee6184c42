// The Visual C++ runtime on a fake Windows machine: the Redistributable's Runtimes key (Installed,
// Major/Minor/Bld, else Version) and System32's DLL versions through the file-version hook.
#include "detect/windows_vc_runtime.hpp"
#include "tests/detect/fake_windows.hpp"

#include <algorithm>
#include <map>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

const std::string x64_key = R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)";

// The values the 14.44.35211 Redistributable (Visual Studio 2022 17.14) writes to its key.
void install_redistributable(MemoryRegistry& registry, const std::string& key) {
    registry.set(key, "Installed", std::uint32_t{1});
    registry.set(key, "Version", std::string("v14.44.35211.00"));
    registry.set(key, "Major", std::uint32_t{14});
    registry.set(key, "Minor", std::uint32_t{44});
    registry.set(key, "Bld", std::uint32_t{35211});
    registry.set(key, "Rbld", std::uint32_t{0});
}

bool has_note(const Machine& machine, const std::string& fragment) {
    return std::any_of(machine.notes.begin(), machine.notes.end(), [&](const std::string& note) {
        return note.find(fragment) != std::string::npos;
    });
}

} // namespace

BOOST_AUTO_TEST_SUITE(windows_vc_runtime)

BOOST_AUTO_TEST_CASE(the_key_is_chosen_by_cpu) {
    BOOST_TEST(vc_runtime_key(CpuArch::X86_64) == x64_key);
    BOOST_TEST(vc_runtime_key(CpuArch::Aarch64).ends_with(R"(\Runtimes\arm64)"));
    BOOST_TEST(vc_runtime_key(CpuArch::I686).ends_with(R"(\Runtimes\x86)"));
}

BOOST_AUTO_TEST_CASE(the_key_gives_major_minor_build_else_its_version_text) {
    MemoryRegistry registry;
    BOOST_TEST(!read_vc_redist(registry, x64_key).has_value());
    install_redistributable(registry, x64_key);
    BOOST_TEST(read_vc_redist(registry, x64_key).value() == "14.44.35211");
    MemoryRegistry version_only;
    version_only.set(x64_key, "Installed", std::uint32_t{1});
    version_only.set(x64_key, "Version", std::string("v14.44.35211.00"));
    BOOST_TEST(read_vc_redist(version_only, x64_key).value() == "14.44.35211.00");
    version_only.set(x64_key, "Installed", std::uint32_t{0}); // left behind by an uninstall
    BOOST_TEST(!read_vc_redist(version_only, x64_key).has_value());
}

BOOST_AUTO_TEST_CASE(both_the_redistributable_and_system32s_dlls_are_reported) {
    test::FakeWindows windows("vc_runtime");
    install_redistributable(windows.registry, x64_key);
    DetectionContext context = windows.context();
    const auto system32 = windows.system_root() / "System32";
    const std::map<std::filesystem::path, std::string> versions{
        {system32 / "msvcp140.dll", "14.38.33135.0"},
        {system32 / "vcruntime140.dll", "14.44.35211.0"}};
    context.file_version = [&versions](const std::filesystem::path& file) {
        const auto found = versions.find(file);
        return found == versions.end() ? std::nullopt : std::optional(found->second);
    };
    Machine machine;
    machine.arch = Fact<CpuArch>{CpuArch::X86_64, "IsWow64Process2"};
    detect_vc_runtime(context, machine);
    BOOST_TEST(machine.windows.vc_redist->value == "14.44.35211");
    BOOST_TEST(machine.windows.vc_redist->source == x64_key);
    BOOST_REQUIRE(machine.windows.system32_dlls.size() == 2u);
    BOOST_TEST(machine.windows.system32_dlls[0].name == "msvcp140.dll");
    BOOST_TEST(machine.windows.system32_dlls[0].version == "14.38.33135.0");
    BOOST_TEST(machine.windows.system32_dlls[0].source == (system32 / "msvcp140.dll").string());
    BOOST_TEST(machine.windows.system32_dlls[1].name == "vcruntime140.dll");
    BOOST_TEST(has_note(machine, "vcruntime140_1.dll: no file version (missing?)"));
}

BOOST_AUTO_TEST_CASE(a_32_bit_installers_key_and_a_missing_redistributable) {
    test::FakeWindows windows("vc_runtime_wow64");
    const std::string wow64 =
        R"(HKLM\SOFTWARE\WOW6432Node\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)";
    install_redistributable(windows.registry, wow64);
    Machine machine;
    detect_vc_runtime(windows.context(), machine);
    BOOST_TEST(machine.windows.vc_redist->source == wow64);

    test::FakeWindows bare("vc_runtime_none");
    Machine none;
    detect_vc_runtime(bare.context(), none);
    BOOST_TEST(!none.windows.vc_redist.has_value());
    BOOST_TEST(has_note(none, "Visual C++ Redistributable: not installed"));
    BOOST_TEST(has_note(none, "msvcp140.dll: no file version"));
}

BOOST_AUTO_TEST_SUITE_END()
