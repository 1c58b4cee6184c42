// The last five digits of an NVIDIA adapter's Windows driver version as nvidia-smi's version.
#include "detect/windows_driver_version.hpp"

#include "engine/base/dotted_numbers.hpp"

#include <cstdio>

namespace torchpin {

Expected<DriverVersion> nvidia_driver_from_windows_version(std::string_view windows_version) {
    auto fields = parse_dotted_numbers(windows_version, {"Windows driver version", 4, 4, true});
    if (!fields) {
        return fields.error();
    }
    const std::uint32_t build = (*fields)[2];
    const std::uint32_t revision = (*fields)[3];
    if (revision > 9999) {
        return ParseError{"the last field of a Windows driver version has at most four digits", 0,
                          std::string(windows_version)};
    }
    char text[16];
    std::snprintf(text, sizeof text, "%u.%02u", (build % 10) * 100 + revision / 100,
                  revision % 100);
    return DriverVersion::parse(text);
}

} // namespace torchpin
