// The machine a wheel is chosen for, and the tags it accepts in pip's priority order.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/platform_tag.hpp"
#include "engine/pep/wheel_tag.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace torchpin {

enum class OperatingSystem : std::uint8_t { Linux, Windows, Macos };

std::string_view name(OperatingSystem os) noexcept; // "linux", "windows", "macos"
std::optional<OperatingSystem> parse_operating_system(std::string_view text) noexcept;

// The CPU the Python interpreter runs as (a 32-bit Python on a 64-bit CPU is I686 or Armv7l).
enum class CpuArch : std::uint8_t {
    X86_64,
    I686,
    Aarch64, // arm64 on macOS and Windows
    Armv7l,  // hard-float, as manylinux requires
    Ppc64le,
    Ppc64,
    Ppc,
    S390x,
    Riscv64,
    Loongarch64,
};

std::string_view name(CpuArch arch) noexcept; // as Linux spells it: "x86_64", "aarch64"
// Linux, macOS and Windows spellings: "aarch64", "arm64" -> Aarch64; "amd64" -> X86_64.
std::optional<CpuArch> parse_cpu_arch(std::string_view text) noexcept;
// Every spelling parse_cpu_arch reads as `arch`, name(arch) first: {"aarch64", "arm64"}.
std::vector<std::string_view> spellings(CpuArch arch);

enum class PythonImplementation : std::uint8_t { CPython, PyPy };

std::string_view name(PythonImplementation implementation) noexcept; // "cp", "pp"
std::optional<PythonImplementation> parse_python_implementation(std::string_view text) noexcept;

// The interpreter wheels must load into: PythonTarget::parse("cp3.13t") is free-threaded
// CPython 3.13.
struct PythonTarget {
    PythonImplementation implementation = PythonImplementation::CPython;
    std::uint32_t major = 3;
    std::uint32_t minor = 12;
    bool free_threaded = false; // from 3.13 on, as packaging reads Py_GIL_DISABLED only there
    bool wide_unicode = true;   // Py_UNICODE_SIZE 4: the "u" of cp27mu, before 3.3 only

    // "cp3.13t", "cp3.11", "pp3.10", "cp2.7": implementation, version, 't' if free-threaded.
    static Expected<PythonTarget> parse(std::string_view text);

    bool is_free_threaded() const noexcept; // free_threaded and at least 3.13
    std::string interpreter() const;        // "cp313", "pp310"
    // The interpreter's own ABI: "cp313", "cp313t", "cp37m", "cp27mu"; for PyPy "pypy310_pp73"
    // (every PyPy since 2020 is 7.3.x).
    std::string abi() const;
};

// A target machine: TagEnvironment{.glibc = OsVersion{2, 28}} is CPython 3.12 on an x86_64
// Linux with glibc 2.28 (the defaults are CPython 3.12 on x86_64 Linux).
struct TagEnvironment {
    OperatingSystem os = OperatingSystem::Linux;
    CpuArch arch = CpuArch::X86_64;
    PythonTarget python{};
    std::optional<OsVersion> glibc{}; // Linux with glibc: enables manylinux
    std::optional<OsVersion> musl{};  // Linux with musl: enables musllinux
    std::optional<OsVersion> macos{}; // required on macOS: 14.2, or 10.15
};

// The platform tags of a machine, best first, as packaging's platform_tags() lists them:
// manylinux (newest glibc first), musllinux, then linux_<arch> last (as pip and uv order them;
// packaging 26.3 moves linux_<arch> first, see docs/wheel-tags.md); the macOS list of
// mac_platforms(); win_amd64, win_arm64 or win32 on Windows.
std::vector<std::string> platform_tags(const TagEnvironment& env);

// The tags an interpreter accepts on these platforms, best first, exactly as packaging's
// sys_tags() orders them: cpython_tags() (own ABI, abi3 or abi3t, none, older abi3) or, for
// PyPy, generic_tags(); then compatible_tags() (py3x-none-<platform>, cp3x-none-any, py*-any).
std::vector<Tag> accepted_tags(const PythonTarget& python,
                               const std::vector<std::string>& platforms);
std::vector<Tag> accepted_tags(const TagEnvironment& env);
// The shape of that order: every platform, in order, with each (interpreter, abi) of
// `with_platform`; then (interpreter, "none", "any") for each interpreter of `pure`.
struct TagOrder {
    std::vector<std::pair<std::string, std::string>> with_platform;
    std::vector<std::string> pure;
};
TagOrder tag_order(const PythonTarget& python);
// accepted_tags(env).front(), without listing the others.
Tag best_accepted_tag(const TagEnvironment& env);

// Whether a platform tag runs on the machine (manylinux2014_x86_64 on glibc 2.28 x86_64: yes).
bool platform_supported(const PlatformTag& platform, const TagEnvironment& env);

// Whether `tag` is one of accepted_tags(env), decided without listing them.
bool supported(const Tag& tag, const TagEnvironment& env);

// Ranks wheels by accepted_tags(env): a tag's priority is its position in that list (its first),
// and lower numbers are better. The position is computed from the order's shape (TagOrder), so
// the ~900 tags of a Linux machine are never listed.
class TagRanking {
public:
    explicit TagRanking(const TagEnvironment& env);
    // The indexes borrow the text the ranking holds: a copy would borrow the original's.
    TagRanking(const TagRanking&) = delete;
    TagRanking& operator=(const TagRanking&) = delete;
    TagRanking(TagRanking&&) noexcept = default;
    TagRanking& operator=(TagRanking&&) noexcept = default;

    // The position of the tag in accepted_tags(env), nullopt if it is not there.
    std::optional<std::size_t> priority(const TagView& tag) const;
    // The best priority among the tags of a wheel, nullopt if the machine accepts none of them;
    // the wheel with the lowest value is the one pip installs.
    std::optional<std::size_t> best(const TagSet& wheel_tags) const;
    // best() of the set written as these '.'-joined components (a wheel_file row's python_tags,
    // abi_tags and platform_tags), without parsing the set; accepts: whether it has a value.
    std::optional<std::size_t> best(std::string_view interpreters, std::string_view abis,
                                    std::string_view platforms) const;
    bool accepts(std::string_view interpreters, std::string_view abis,
                 std::string_view platforms) const;

private:
    // Calls `visit` with the priority of each tag those components make, until it returns true;
    // whether one did.
    template <class Visit>
    bool any_member_priority(std::string_view interpreters, std::string_view abis,
                             std::string_view platforms, Visit visit) const;

    TagOrder order_;
    std::vector<std::string> platforms_;
    // First positions in order_.with_platform (platform left empty), platforms_ and order_.pure,
    // keyed by views of their text.
    std::unordered_map<TagView, std::size_t, TagHash, TagEqual> with_platform_positions_;
    std::unordered_map<std::string_view, std::size_t> platform_positions_;
    std::unordered_map<std::string_view, std::size_t> pure_positions_;
};

} // namespace torchpin
