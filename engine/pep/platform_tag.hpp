// Platform tags with their meaning (a libc or macOS version, a CPU) and the lists machines accept.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A two-part OS or libc version: glibc 2.17, musl 1.2, macOS 14.0.
struct OsVersion {
    std::uint32_t major = 0;
    std::uint32_t minor = 0;

    static Expected<OsVersion> parse(std::string_view text); // "2.17"; "14" means 14.0
    std::string to_string() const;                           // "2.17"
    friend auto operator<=>(const OsVersion&, const OsVersion&) = default;
};

enum class PlatformFamily : std::uint8_t {
    Any,       // "any"
    Linux,     // "linux_x86_64": built on some Linux, no promise beyond it
    Manylinux, // "manylinux_2_17_x86_64", "manylinux2014_x86_64": glibc >= 2.17
    Musllinux, // "musllinux_1_2_aarch64": musl 1.x with x >= 2
    Macos,     // "macosx_11_0_arm64": macOS >= 11.0, binary format arm64
    Windows,   // "win_amd64", "win_arm64", "win32"
    Other,     // anything else ("android_21_arm64_v8a", "manylinux_2_017_x86_64")
};

std::string_view name(PlatformFamily family) noexcept; // "manylinux"
std::optional<PlatformFamily> parse_platform_family(std::string_view text) noexcept;

// What a platform tag asks of a machine. PlatformTag::parse("manylinux2014_x86_64") is the
// manylinux family, glibc 2.17, arch "x86_64"; "manylinux1" is glibc 2.5, "manylinux2010" 2.12.
// Numbers must be written as packaging writes them (no leading zeros), else the family is Other:
// an installer compares these tags as strings.
class PlatformTag {
public:
    static PlatformTag parse(std::string_view tag); // lowercase input, as Tag stores it

    PlatformFamily family() const noexcept { return family_; }
    // glibc for manylinux, musl for musllinux, macOS for macosx; absent otherwise.
    const std::optional<OsVersion>& version() const noexcept { return version_; }
    // The CPU ("x86_64", "aarch64"), the macOS binary format ("arm64", "universal2", "intel"),
    // or for Windows "amd64", "arm64" and "x86" (win32); empty for any and Other.
    const std::string& arch() const noexcept { return arch_; }
    bool is_legacy_manylinux() const noexcept { return legacy_; } // manylinux1/2010/2014
    const std::string& to_string() const noexcept { return text_; }

private:
    PlatformFamily family_ = PlatformFamily::Other;
    std::optional<OsVersion> version_;
    std::string arch_;
    bool legacy_ = false;
    std::string text_;
};

// The oldest glibc manylinux tags go down to for a CPU: 2.5 (manylinux1) on x86_64 and i686,
// 2.17 (manylinux2014) on the other CPUs packaging's _manylinux.py admits; nullopt for CPUs
// manylinux does not cover ("ppc", "armv6l").
std::optional<OsVersion> oldest_manylinux_glibc(std::string_view arch) noexcept;

// packaging's _LAST_GLIBC_MINOR guess: the last 2.x glibc, should a 3.0 ever ship.
inline constexpr std::uint32_t assumed_last_glibc_minor = 50;

// The manylinux platforms a glibc accepts, best first, legacy aliases right after their
// version: manylinux_platforms({2, 17}, "x86_64") is manylinux_2_17_x86_64,
// manylinux2014_x86_64, manylinux_2_16_x86_64, … manylinux_2_5_x86_64, manylinux1_x86_64.
// A newer glibc major also lists every 2.x up to 2.50, packaging's guess for the last 2.x.
std::vector<std::string> manylinux_platforms(OsVersion glibc, std::string_view arch);

// musllinux_1_2_x86_64, musllinux_1_1_x86_64, musllinux_1_0_x86_64 for musl 1.2.
std::vector<std::string> musllinux_platforms(OsVersion musl, std::string_view arch);

// The binary formats a macOS version runs for a CPU, best first: ({10, 15}, "x86_64") is
// x86_64, intel, fat64, fat3, universal2, universal; ({11, 0}, "arm64") is arm64, universal2.
std::vector<std::string> mac_binary_formats(OsVersion macos, std::string_view arch);

// The macosx platforms a macOS version accepts, best first. Before 11 each release bumped the
// minor version (10.15 lists 10.15 down to 10.0); from 11 on the major (14.2 lists 14_0, 13_0,
// 12_0, 11_0, then 10_16 … 10_4 for x86_64 binaries, or only their universal2 form on arm64).
std::vector<std::string> mac_platforms(OsVersion macos, std::string_view arch);

} // namespace torchpin
