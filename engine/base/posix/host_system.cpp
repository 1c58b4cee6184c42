// Host facts on POSIX systems: environ, uname(2), glibc's version, gmtime_r.
#include "engine/base/host_system.hpp"

#include <cstdlib>
#include <gnu/libc-version.h>
#include <sys/utsname.h>

extern char** environ;

namespace torchpin {

HostKind host_kind() noexcept {
    return HostKind::Posix;
}

std::map<std::string, std::string> host_environment() {
    std::map<std::string, std::string> variables;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text = *entry;
        if (const std::size_t equals = text.find('='); equals != std::string_view::npos) {
            variables.emplace(text.substr(0, equals), text.substr(equals + 1));
        }
    }
    return variables;
}

std::vector<std::string> host_arguments(int argc, char** argv) {
    return argc > 1 ? std::vector<std::string>(argv + 1, argv + argc) : std::vector<std::string>();
}

std::optional<std::string> host_variable(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    return value != nullptr ? std::optional<std::string>(value) : std::nullopt;
}

std::string host_machine_arch() {
    utsname name{};
    return ::uname(&name) == 0 ? name.machine : "";
}

std::optional<std::string> host_glibc_version() {
    return std::string(::gnu_get_libc_version());
}

std::optional<std::string> host_windows_build() {
    return std::nullopt;
}

std::optional<std::string> file_version_of(const std::filesystem::path&) {
    return std::nullopt;
}

std::tm utc_calendar(std::time_t when) {
    std::tm calendar{};
    ::gmtime_r(&when, &calendar);
    return calendar;
}

} // namespace torchpin
