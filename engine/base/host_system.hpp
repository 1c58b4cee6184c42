// Facts about the system torchpin runs on, from the platform layer (engine/base/posix|windows).
#pragma once

#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// Which family of system calls this build uses; detection picks its probes by it.
enum class HostKind { Posix, Windows };
HostKind host_kind() noexcept;

// The process's environment variables (UTF-8 on Windows, where names are case-insensitive and
// are returned as spelled).
std::map<std::string, std::string> host_environment();

// The CPU as uname -m names it ("x86_64", "aarch64"); on Windows the native machine from
// IsWow64Process2, in the same spelling ("x86_64", "aarch64"). Empty when unknown.
std::string host_machine_arch();

// gnu_get_libc_version() ("2.36"); nullopt on musl and on Windows.
std::optional<std::string> host_glibc_version();

// Windows' own version from RtlGetVersion: "10.0.22631"; nullopt elsewhere.
std::optional<std::string> host_windows_build();

// The separator of PATH entries (':' or ';') and the suffixes a bare program name may take
// (POSIX: only ""; Windows: ".exe", ".com", ".bat", ".cmd", as PATHEXT says, after the bare name
// when it already has one).
char path_list_separator() noexcept;
std::vector<std::string> program_suffixes(std::string_view name);

// The calendar time in UTC of `when` (gmtime_r / gmtime_s).
std::tm utc_calendar(std::time_t when);

} // namespace torchpin
