// Platform tags: their meaning, and manylinux/musllinux/macOS platform lists in packaging's order.
#include "engine/pep/platform_tag.hpp"

#include "engine/base/dotted_numbers.hpp"
#include "engine/base/enum_names.hpp"
#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace torchpin {

namespace {

constexpr std::array platform_family_names{
    std::pair{PlatformFamily::Any, std::string_view("any")},
    std::pair{PlatformFamily::Linux, std::string_view("linux")},
    std::pair{PlatformFamily::Manylinux, std::string_view("manylinux")},
    std::pair{PlatformFamily::Musllinux, std::string_view("musllinux")},
    std::pair{PlatformFamily::Macos, std::string_view("macosx")},
    std::pair{PlatformFamily::Windows, std::string_view("windows")},
    std::pair{PlatformFamily::Other, std::string_view("other")}};

// PEP 513, 571 and 599 names, redefined by PEP 600 as aliases of these glibc versions.
constexpr std::array legacy_manylinux{
    std::pair{std::string_view("manylinux1"), OsVersion{2, 5}},
    std::pair{std::string_view("manylinux2010"), OsVersion{2, 12}},
    std::pair{std::string_view("manylinux2014"), OsVersion{2, 17}}};

// CPUs packaging's _manylinux.py lets manylinux tags through for (armv7l when hard-float and i686
// when the interpreter is 32-bit, which a TagEnvironment states by naming that CPU).
constexpr std::array<std::string_view, 9> manylinux_archs{
    "x86_64", "i686", "aarch64", "armv7l", "ppc64", "ppc64le", "s390x", "loongarch64", "riscv64"};

// A decimal number as packaging prints one: digits, no leading zero, 32 bits.
std::optional<std::uint32_t> canonical_number(std::string_view digits) {
    if (digits.empty() || digits.size() > 10 || (digits.size() > 1 && digits.front() == '0') ||
        !std::all_of(digits.begin(), digits.end(), is_ascii_digit)) {
        return std::nullopt;
    }
    const std::uint64_t value = std::stoull(std::string(digits));
    if (value > UINT32_MAX) {
        return std::nullopt;
    }
    return static_cast<std::uint32_t>(value);
}

// "2_17_x86_64" -> ({2, 17}, "x86_64")
std::optional<std::pair<OsVersion, std::string_view>> version_and_arch(std::string_view rest) {
    const auto first = rest.find('_');
    if (first == std::string_view::npos) {
        return std::nullopt;
    }
    const auto second = rest.find('_', first + 1);
    if (second == std::string_view::npos || second + 1 == rest.size()) {
        return std::nullopt;
    }
    const auto major = canonical_number(rest.substr(0, first));
    const auto minor = canonical_number(rest.substr(first + 1, second - first - 1));
    if (!major || !minor) {
        return std::nullopt;
    }
    return std::pair{OsVersion{*major, *minor}, rest.substr(second + 1)};
}

std::string numbered(std::string_view prefix, std::uint32_t major, std::uint32_t minor,
                     std::string_view suffix) {
    return std::string(prefix) + "_" + std::to_string(major) + "_" + std::to_string(minor) + "_" +
           std::string(suffix);
}

} // namespace

Expected<OsVersion> OsVersion::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"OS version", 1, 2});
    if (!parts) {
        return parts.error();
    }
    return OsVersion{parts->front(), parts->size() == 2 ? parts->back() : 0};
}

std::string OsVersion::to_string() const {
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string_view name(PlatformFamily family) noexcept {
    return name_of(platform_family_names, family);
}

std::optional<PlatformFamily> parse_platform_family(std::string_view text) noexcept {
    return find_by_name(platform_family_names, text);
}

PlatformTag PlatformTag::parse(std::string_view tag) {
    PlatformTag out;
    out.text_ = std::string(tag);
    const auto set = [&](PlatformFamily family, std::optional<OsVersion> version,
                         std::string_view arch) {
        out.family_ = family;
        out.version_ = version;
        out.arch_ = std::string(arch);
    };
    if (tag == "any") {
        set(PlatformFamily::Any, std::nullopt, "");
    } else if (tag == "win32") {
        set(PlatformFamily::Windows, std::nullopt, "x86");
    } else if (tag.starts_with("win_") && tag.size() > 4) {
        set(PlatformFamily::Windows, std::nullopt, tag.substr(4));
    } else if (tag.starts_with("linux_") && tag.size() > 6) {
        set(PlatformFamily::Linux, std::nullopt, tag.substr(6));
    } else if (tag.starts_with("manylinux_")) {
        if (auto parsed = version_and_arch(tag.substr(10))) {
            set(PlatformFamily::Manylinux, parsed->first, parsed->second);
        }
    } else if (tag.starts_with("musllinux_")) {
        if (auto parsed = version_and_arch(tag.substr(10))) {
            set(PlatformFamily::Musllinux, parsed->first, parsed->second);
        }
    } else if (tag.starts_with("macosx_")) {
        if (auto parsed = version_and_arch(tag.substr(7))) {
            set(PlatformFamily::Macos, parsed->first, parsed->second);
        }
    } else {
        for (const auto& [legacy, glibc] : legacy_manylinux) {
            if (tag.starts_with(legacy) && tag.size() > legacy.size() + 1 &&
                tag[legacy.size()] == '_') {
                set(PlatformFamily::Manylinux, glibc, tag.substr(legacy.size() + 1));
                out.legacy_ = true;
            }
        }
    }
    return out;
}

std::optional<OsVersion> oldest_manylinux_glibc(std::string_view arch) noexcept {
    if (std::find(manylinux_archs.begin(), manylinux_archs.end(), arch) == manylinux_archs.end()) {
        return std::nullopt;
    }
    return arch == "x86_64" || arch == "i686" ? OsVersion{2, 5} : OsVersion{2, 17};
}

std::vector<std::string> manylinux_platforms(OsVersion glibc, std::string_view arch) {
    std::vector<std::string> out;
    const auto oldest = oldest_manylinux_glibc(arch);
    if (!oldest) {
        return out;
    }
    std::vector<OsVersion> newest_per_major{glibc};
    for (std::uint32_t major = glibc.major; major > 2; --major) {
        newest_per_major.push_back({major - 1, assumed_last_glibc_minor});
    }
    for (const OsVersion newest : newest_per_major) {
        const std::uint32_t oldest_minor = newest.major == oldest->major ? oldest->minor : 0;
        for (std::int64_t minor = newest.minor; minor >= std::int64_t{oldest_minor}; --minor) {
            const OsVersion version{newest.major, static_cast<std::uint32_t>(minor)};
            out.push_back(numbered("manylinux", version.major, version.minor, arch));
            for (const auto& [legacy, legacy_glibc] : legacy_manylinux) {
                if (legacy_glibc == version) {
                    out.push_back(std::string(legacy) + "_" + std::string(arch));
                }
            }
        }
    }
    return out;
}

std::vector<std::string> musllinux_platforms(OsVersion musl, std::string_view arch) {
    std::vector<std::string> out;
    for (std::int64_t minor = musl.minor; minor >= 0; --minor) {
        out.push_back(numbered("musllinux", musl.major, static_cast<std::uint32_t>(minor), arch));
    }
    return out;
}

std::vector<std::string> mac_binary_formats(OsVersion macos, std::string_view arch) {
    std::vector<std::string> formats{std::string(arch)};
    const auto add = [&](std::initializer_list<std::string_view> more) {
        formats.insert(formats.end(), more.begin(), more.end());
    };
    // "fat3" is what CPython's distutils calls i386+ppc+x86_64; packaging said "fat32" until
    // pypa/packaging#1199 (2026). No wheel was ever tagged with either.
    if (arch == "x86_64") {
        if (macos < OsVersion{10, 4}) {
            return {};
        }
        add({"intel", "fat64", "fat3"});
    } else if (arch == "i386") {
        if (macos < OsVersion{10, 4}) {
            return {};
        }
        add({"intel", "fat3", "fat"});
    } else if (arch == "ppc64") {
        if (macos > OsVersion{10, 5} || macos < OsVersion{10, 4}) {
            return {};
        }
        add({"fat64"});
    } else if (arch == "ppc") {
        if (macos > OsVersion{10, 6}) {
            return {};
        }
        add({"fat3", "fat"});
    }
    if (arch == "arm64" || arch == "x86_64") {
        add({"universal2"});
    }
    if (arch == "x86_64" || arch == "i386" || arch == "ppc64" || arch == "ppc" || arch == "intel") {
        add({"universal"});
    }
    return formats;
}

std::vector<std::string> mac_platforms(OsVersion macos, std::string_view arch) {
    std::vector<std::string> out;
    const auto add_formats = [&](std::uint32_t major, std::uint32_t minor) {
        for (const auto& format : mac_binary_formats({major, minor}, arch)) {
            out.push_back(numbered("macosx", major, minor, format));
        }
    };
    if (macos.major == 10) {
        for (std::int64_t minor = macos.minor; minor >= 0; --minor) {
            add_formats(10, static_cast<std::uint32_t>(minor));
        }
    }
    if (macos.major >= 11) {
        for (std::uint32_t major = macos.major; major >= 11; --major) {
            add_formats(major, 0);
        }
        // An x86_64 Mac on 11+ still runs binaries built for 10.4 onwards. arm64 appeared with
        // 11.0, so other CPUs take only universal2 builds naming an earlier release (the
        // release their x86_64 half was built for).
        for (std::uint32_t minor = 16; minor >= 4; --minor) {
            if (arch == "x86_64") {
                add_formats(10, minor);
            } else {
                out.push_back(numbered("macosx", 10, minor, "universal2"));
            }
        }
    }
    return out;
}

} // namespace torchpin
