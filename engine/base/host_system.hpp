// Facts about the system torchpin runs on, from the platform layer (engine/base/posix|windows).
#pragma once

#include <ctime>
#include <filesystem>
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

// The program's arguments as UTF-8, without the program name: argv on POSIX, the wide command
// line split by CommandLineToArgvW on Windows (whose argv is in the ANSI code page).
std::vector<std::string> host_arguments(int argc, char** argv);

// One environment variable as UTF-8 (GetEnvironmentVariableW on Windows); nullopt when unset.
std::optional<std::string> host_variable(const std::string& name);

// The CPU as uname -m names it ("x86_64", "aarch64"); on Windows the native machine from
// IsWow64Process2, in the same spelling ("x86_64", "aarch64"). Empty when unknown.
std::string host_machine_arch();

// gnu_get_libc_version() ("2.36"); nullopt on musl and on Windows.
std::optional<std::string> host_glibc_version();

// Windows' own version from RtlGetVersion: "10.0.22631"; nullopt elsewhere.
std::optional<std::string> host_windows_build();

// The version resource (VS_FIXEDFILEINFO's file version, "14.44.35211.0") of a Windows
// executable file, as GetFileVersionInfoW reads it; nullopt when the file or its resource is
// missing, and on POSIX, which has no system reader of it.
std::optional<std::string> file_version_of(const std::filesystem::path& file);

// The calendar time in UTC of `when` (gmtime_r / gmtime_s).
std::tm utc_calendar(std::time_t when);

} // namespace torchpin
