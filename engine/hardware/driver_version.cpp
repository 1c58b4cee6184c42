// NVIDIA driver versions: parsing that keeps the written form, numeric ordering per component.
#include "engine/hardware/driver_version.hpp"

#include "engine/base/dotted_numbers.hpp"

#include <algorithm>

namespace torchpin {

Expected<DriverVersion> DriverVersion::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"NVIDIA driver version", 1, 3, true});
    if (!parts) {
        ParseError error = parts.error();
        if (std::count(text.begin(), text.end(), '.') >= 3) {
            error.message += " (a Windows file version like 32.0.15.6094 is not a driver "
                             "version; nvidia-smi prints 560.94 for it)";
        }
        return error;
    }
    return DriverVersion(*std::move(parts), std::string(text));
}

DriverVersion DriverVersion::from(std::string_view text) {
    return parse(text).value();
}

std::strong_ordering operator<=>(const DriverVersion& a, const DriverVersion& b) noexcept {
    return compare_dotted_numbers(a.parts_, b.parts_);
}

} // namespace torchpin
