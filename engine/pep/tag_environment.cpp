// accepted_tags() in packaging's sys_tags() order, and supported() deciding the same set per tag.
#include "engine/pep/tag_environment.hpp"

#include "engine/base/dotted_numbers.hpp"
#include "engine/base/enum_names.hpp"
#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace torchpin {

namespace {

constexpr std::array operating_system_names{
    std::pair{OperatingSystem::Linux, std::string_view("linux")},
    std::pair{OperatingSystem::Windows, std::string_view("windows")},
    std::pair{OperatingSystem::Macos, std::string_view("macos")}};

constexpr std::array cpu_arch_names{
    std::pair{CpuArch::X86_64, std::string_view("x86_64")},
    std::pair{CpuArch::I686, std::string_view("i686")},
    std::pair{CpuArch::Aarch64, std::string_view("aarch64")},
    std::pair{CpuArch::Armv7l, std::string_view("armv7l")},
    std::pair{CpuArch::Ppc64le, std::string_view("ppc64le")},
    std::pair{CpuArch::Ppc64, std::string_view("ppc64")},
    std::pair{CpuArch::Ppc, std::string_view("ppc")},
    std::pair{CpuArch::S390x, std::string_view("s390x")},
    std::pair{CpuArch::Riscv64, std::string_view("riscv64")},
    std::pair{CpuArch::Loongarch64, std::string_view("loongarch64")},
    // other spellings, found by parse_cpu_arch only
    std::pair{CpuArch::X86_64, std::string_view("amd64")},
    std::pair{CpuArch::Aarch64, std::string_view("arm64")},
    std::pair{CpuArch::I686, std::string_view("i386")}};

constexpr std::array python_implementation_names{
    std::pair{PythonImplementation::CPython, std::string_view("cp")},
    std::pair{PythonImplementation::PyPy, std::string_view("pp")}};

// packaging's _version_nodot: (3, 11) -> "311".
std::string nodot(std::uint32_t major, std::uint32_t minor) {
    return std::to_string(major) + std::to_string(minor);
}

// macOS calls aarch64 arm64 and 32-bit x86 i386; nullopt for CPUs macOS never ran.
std::optional<std::string_view> mac_arch(CpuArch arch) {
    switch (arch) {
    case CpuArch::X86_64:
        return "x86_64";
    case CpuArch::Aarch64:
        return "arm64";
    case CpuArch::I686:
        return "i386";
    case CpuArch::Ppc:
        return "ppc";
    case CpuArch::Ppc64:
        return "ppc64";
    default:
        return std::nullopt;
    }
}

std::optional<std::string_view> windows_platform(CpuArch arch) {
    switch (arch) {
    case CpuArch::X86_64:
        return "win_amd64";
    case CpuArch::Aarch64:
        return "win_arm64";
    case CpuArch::I686:
        return "win32";
    default:
        return std::nullopt;
    }
}

// py313, py3, py312, … py30: packaging's _py_interpreter_range.
std::vector<std::string> python_versions_newest_first(const PythonTarget& python) {
    std::vector<std::string> out{"py" + nodot(python.major, python.minor),
                                 "py" + std::to_string(python.major)};
    for (std::uint32_t minor = python.minor; minor-- > 0;) {
        out.push_back("py" + nodot(python.major, minor));
    }
    return out;
}

bool is_python_version(const PythonTarget& python, const std::string& interpreter) {
    const auto versions = python_versions_newest_first(python);
    return std::find(versions.begin(), versions.end(), interpreter) != versions.end();
}

// "abi3" for GIL builds, "abi3t" (PEP 803) for free-threaded ones, none for PyPy and Python < 3.2.
std::optional<std::string_view> stable_abi(const PythonTarget& python) {
    if (python.implementation != PythonImplementation::CPython ||
        std::pair(python.major, python.minor) < std::pair(3u, 2u)) {
        return std::nullopt;
    }
    return python.is_free_threaded() ? "abi3t" : "abi3";
}

// The interpreter of the one interpreter-specific "-none-any" tag: cp311, or pp3 for any PyPy 3.
std::string none_any_interpreter(const PythonTarget& python) {
    return python.implementation == PythonImplementation::PyPy ? "pp" + std::to_string(python.major)
                                                               : python.interpreter();
}

// cp32 … cp3{minor-1}: the older CPythons whose stable-ABI wheels still load.
bool is_older_stable_abi_interpreter(const PythonTarget& python, const std::string& interpreter) {
    for (std::uint32_t minor = 2; minor < python.minor; ++minor) {
        if (interpreter == "cp" + nodot(python.major, minor)) {
            return true;
        }
    }
    return false;
}

// The closed form of "manylinux_platforms(glibc, arch) lists this tag".
bool glibc_accepts(const PlatformTag& platform, OsVersion glibc, std::string_view arch) {
    const auto oldest = oldest_manylinux_glibc(arch);
    const OsVersion wanted = *platform.version();
    if (!oldest || (wanted.major == oldest->major && wanted.minor < oldest->minor)) {
        return false;
    }
    if (wanted.major == glibc.major) {
        return wanted.minor <= glibc.minor;
    }
    return wanted.major >= 2 && wanted.major < glibc.major &&
           wanted.minor <= assumed_last_glibc_minor;
}

// The closed form of "mac_platforms(macos, arch) lists this tag".
bool macos_accepts(const PlatformTag& platform, OsVersion macos, std::string_view arch) {
    const OsVersion wanted = *platform.version();
    const auto formats = mac_binary_formats(wanted, arch);
    const bool format_runs =
        std::find(formats.begin(), formats.end(), platform.arch()) != formats.end();
    if (macos.major == 10) {
        return wanted.major == 10 && wanted.minor <= macos.minor && format_runs;
    }
    if (macos.major < 11) {
        return false;
    }
    if (wanted.major >= 11) {
        return wanted.major <= macos.major && wanted.minor == 0 && format_runs;
    }
    if (wanted.major != 10 || wanted.minor < 4 || wanted.minor > 16) {
        return false;
    }
    return arch == "x86_64" ? format_runs : platform.arch() == "universal2";
}

} // namespace

std::string_view name(OperatingSystem os) noexcept {
    return name_of(operating_system_names, os);
}

std::optional<OperatingSystem> parse_operating_system(std::string_view text) noexcept {
    return find_by_name(operating_system_names, text);
}

std::string_view name(CpuArch arch) noexcept {
    return name_of(cpu_arch_names, arch);
}

std::optional<CpuArch> parse_cpu_arch(std::string_view text) noexcept {
    return find_by_name(cpu_arch_names, text);
}

std::vector<std::string_view> spellings(CpuArch arch) {
    std::vector<std::string_view> found;
    for (const auto& [value, spelling] : cpu_arch_names) {
        if (value == arch) {
            found.push_back(spelling);
        }
    }
    return found;
}

std::string_view name(PythonImplementation implementation) noexcept {
    return name_of(python_implementation_names, implementation);
}

std::optional<PythonImplementation> parse_python_implementation(std::string_view text) noexcept {
    return find_by_name(python_implementation_names, text);
}

Expected<PythonTarget> PythonTarget::parse(std::string_view text) {
    PythonTarget target;
    const auto implementation = parse_python_implementation(text.substr(0, 2));
    if (!implementation) {
        return ParseError{"expected cp or pp, then the Python version (cp3.12, pp3.10)", 0,
                          std::string(text)};
    }
    target.implementation = *implementation;
    std::string_view version = text.substr(2);
    target.free_threaded = version.ends_with('t');
    if (target.free_threaded) {
        version.remove_suffix(1);
    }
    auto numbers = parse_dotted_numbers(version, {"Python version", 2, 2});
    if (!numbers) {
        ParseError error = numbers.error();
        error.position += 2;
        error.input = std::string(text);
        return error;
    }
    target.major = (*numbers)[0];
    target.minor = (*numbers)[1];
    return target;
}

bool PythonTarget::is_free_threaded() const noexcept {
    return implementation == PythonImplementation::CPython && free_threaded &&
           std::pair(major, minor) >= std::pair(3u, 13u);
}

std::string PythonTarget::interpreter() const {
    return std::string(name(implementation)) + nodot(major, minor);
}

std::string PythonTarget::abi() const {
    if (implementation == PythonImplementation::PyPy) {
        return "pypy" + nodot(major, minor) + "_pp73";
    }
    const auto version = std::pair(major, minor);
    std::string abi = "cp" + nodot(major, minor);
    if (is_free_threaded()) {
        abi += 't';
    }
    if (version < std::pair(3u, 8u)) {
        abi += 'm'; // pymalloc, the default build until 3.8 dropped the flag
    }
    if (version < std::pair(3u, 3u) && wide_unicode) {
        abi += 'u';
    }
    return abi;
}

std::vector<std::string> platform_tags(const TagEnvironment& env) {
    std::vector<std::string> out;
    switch (env.os) {
    case OperatingSystem::Linux: {
        const std::string_view arch = name(env.arch);
        if (env.glibc) {
            out = manylinux_platforms(*env.glibc, arch);
        }
        if (env.musl) {
            const auto musl = musllinux_platforms(*env.musl, arch);
            out.insert(out.end(), musl.begin(), musl.end());
        }
        out.push_back("linux_" + std::string(arch));
        break;
    }
    case OperatingSystem::Macos:
        if (const auto arch = mac_arch(env.arch); arch && env.macos) {
            out = mac_platforms(*env.macos, *arch);
        }
        break;
    case OperatingSystem::Windows:
        if (const auto platform = windows_platform(env.arch)) {
            out.emplace_back(*platform);
        }
        break;
    }
    return out;
}

namespace {

// Calls `each(interpreter, abi, platform)` with the tags accepted_tags lists, in its order, until
// it returns false; false when it did.
template <class Each>
bool visit_accepted_tags(const PythonTarget& python, const std::vector<std::string>& platforms,
                         Each each) {
    const TagOrder order = tag_order(python);
    for (const auto& [interpreter, abi] : order.with_platform) {
        for (const std::string& platform : platforms) {
            if (!each(interpreter, abi, platform)) {
                return false;
            }
        }
    }
    return std::ranges::all_of(order.pure, [&](const std::string& interpreter) {
        return each(interpreter, "none", "any");
    });
}

// Adds each key's first position: a repeated key keeps its first, best, one.
template <class Key, class Map>
void index_first_positions(const std::vector<Key>& keys, auto view_of, Map& positions) {
    positions.reserve(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        positions.emplace(view_of(keys[i]), i);
    }
}

} // namespace

TagOrder tag_order(const PythonTarget& python) {
    TagOrder order;
    const std::string interpreter = python.interpreter();
    const auto stable = stable_abi(python);
    order.with_platform.emplace_back(interpreter, python.abi());
    if (stable) {
        order.with_platform.emplace_back(interpreter, *stable);
    }
    order.with_platform.emplace_back(interpreter, "none");
    if (stable) {
        for (std::uint32_t minor = python.minor; minor-- > 2;) {
            order.with_platform.emplace_back("cp" + nodot(python.major, minor), *stable);
        }
    }
    order.pure = python_versions_newest_first(python);
    for (const std::string& version : order.pure) {
        order.with_platform.emplace_back(version, "none");
    }
    order.pure.insert(order.pure.begin(), none_any_interpreter(python));
    return order;
}

std::vector<Tag> accepted_tags(const PythonTarget& python,
                               const std::vector<std::string>& platforms) {
    std::vector<Tag> out;
    visit_accepted_tags(
        python, platforms,
        [&](std::string_view interpreter, std::string_view abi, std::string_view platform) {
            out.emplace_back(interpreter, abi, platform);
            return true;
        });
    return out;
}

std::vector<Tag> accepted_tags(const TagEnvironment& env) {
    return accepted_tags(env.python, platform_tags(env));
}

Tag best_accepted_tag(const TagEnvironment& env) {
    std::optional<Tag> best;
    visit_accepted_tags(
        env.python, platform_tags(env),
        [&](std::string_view interpreter, std::string_view abi, std::string_view platform) {
            best.emplace(interpreter, abi, platform);
            return false;
        });
    return *best; // every interpreter accepts a pure wheel
}

bool platform_supported(const PlatformTag& platform, const TagEnvironment& env) {
    switch (env.os) {
    case OperatingSystem::Linux: {
        const std::string_view arch = name(env.arch);
        if (platform.arch() != arch) {
            return false;
        }
        switch (platform.family()) {
        case PlatformFamily::Linux:
            return true;
        case PlatformFamily::Manylinux:
            return env.glibc && glibc_accepts(platform, *env.glibc, arch);
        case PlatformFamily::Musllinux:
            return env.musl && platform.version()->major == env.musl->major &&
                   platform.version()->minor <= env.musl->minor;
        default:
            return false;
        }
    }
    case OperatingSystem::Macos: {
        const auto arch = mac_arch(env.arch);
        return platform.family() == PlatformFamily::Macos && arch && env.macos &&
               macos_accepts(platform, *env.macos, *arch);
    }
    case OperatingSystem::Windows:
        return platform.family() == PlatformFamily::Windows &&
               windows_platform(env.arch) == platform.to_string();
    }
    return false;
}

bool supported(const Tag& tag, const TagEnvironment& env) {
    const PythonTarget& python = env.python;
    if (tag.platform() == "any") {
        return tag.abi() == "none" && (tag.interpreter() == none_any_interpreter(python) ||
                                       is_python_version(python, tag.interpreter()));
    }
    if (!platform_supported(PlatformTag::parse(tag.platform()), env)) {
        return false;
    }
    if (tag.interpreter() == python.interpreter()) {
        return tag.abi() == python.abi() || tag.abi() == "none" || tag.abi() == stable_abi(python);
    }
    if (tag.abi() == "none") {
        return is_python_version(python, tag.interpreter());
    }
    return stable_abi(python) == tag.abi() &&
           is_older_stable_abi_interpreter(python, tag.interpreter());
}

TagRanking::TagRanking(const TagEnvironment& env)
    : order_(tag_order(env.python))
    , platforms_(platform_tags(env)) {
    index_first_positions(
        order_.with_platform,
        [](const auto& pair) {
            return TagView{pair.first, pair.second, {}};
        },
        with_platform_positions_);
    index_first_positions(
        platforms_, [](const std::string& text) { return std::string_view(text); },
        platform_positions_);
    index_first_positions(
        order_.pure, [](const std::string& text) { return std::string_view(text); },
        pure_positions_);
}

std::optional<std::size_t> TagRanking::priority(const TagView& tag) const {
    if (tag.platform == "any") {
        const auto pure = pure_positions_.find(tag.interpreter);
        if (tag.abi != "none" || pure == pure_positions_.end()) {
            return std::nullopt;
        }
        return order_.with_platform.size() * platforms_.size() + pure->second;
    }
    const auto platform = platform_positions_.find(tag.platform);
    if (platform == platform_positions_.end()) {
        return std::nullopt;
    }
    const auto pair = with_platform_positions_.find(TagView{tag.interpreter, tag.abi, {}});
    if (pair == with_platform_positions_.end()) {
        return std::nullopt;
    }
    return pair->second * platforms_.size() + platform->second;
}

// A wheel names a few tags and a machine accepts hundreds: look the wheel's tags up rather than
// scan the machine's (the resolver ranks every listed file of every candidate).
std::optional<std::size_t> TagRanking::best(const TagSet& wheel_tags) const {
    std::optional<std::size_t> best;
    wheel_tags.for_each_tag(
        [&](std::string_view interpreter, std::string_view abi, std::string_view platform) {
            const auto found = priority(TagView{interpreter, abi, platform});
            if (found && (!best || *found < *best)) {
                best = found;
            }
        });
    return best;
}

template <class Visit>
bool TagRanking::any_member_priority(std::string_view interpreters, std::string_view abis,
                                     std::string_view platforms, Visit visit) const {
    // Calls visit with each member, lowercased (copied only if it has an uppercase letter), until
    // one returns true. A member stays valid until visit returns.
    const auto any_member = [](std::string_view joined, auto visit_member) {
        std::string lowered;
        for (std::size_t start = 0; start <= joined.size();) {
            const std::size_t end = std::min(joined.find('.', start), joined.size());
            std::string_view member = joined.substr(start, end - start);
            if (std::any_of(member.begin(), member.end(),
                            [](char c) { return ascii_lower(c) != c; })) {
                lowered.assign(member);
                std::ranges::transform(lowered, lowered.begin(), ascii_lower);
                member = lowered;
            }
            if (visit_member(member)) {
                return true;
            }
            start = end + 1;
        }
        return false;
    };
    return any_member(interpreters, [&](std::string_view interpreter) {
        return any_member(abis, [&](std::string_view abi) {
            return any_member(platforms, [&](std::string_view platform) {
                return visit(priority(TagView{interpreter, abi, platform}));
            });
        });
    });
}

bool TagRanking::accepts(std::string_view interpreters, std::string_view abis,
                         std::string_view platforms) const {
    return any_member_priority(interpreters, abis, platforms,
                               [](std::optional<std::size_t> found) { return found.has_value(); });
}

std::optional<std::size_t> TagRanking::best(std::string_view interpreters, std::string_view abis,
                                            std::string_view platforms) const {
    std::optional<std::size_t> best;
    any_member_priority(interpreters, abis, platforms, [&](std::optional<std::size_t> found) {
        if (found && (!best || *found < *best)) {
            best = found;
        }
        return false;
    });
    return best;
}

} // namespace torchpin
