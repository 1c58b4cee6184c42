// NVIDIA driver versions as nvidia-smi and NVML print them ("535.104.05", "560.94").
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// An NVIDIA driver version: DriverVersion::from("525.60.13") < DriverVersion::from("535.104.05").
//
// Invariant (tested): DriverVersion::from(d.to_string()).to_string() == d.to_string(), leading
// zeros included ("580.65.06"). Components compare as numbers, a missing one as 0, so
// "580" == "580.0" < "580.65.06". Deliberately no comparison with Version, CudaVersion or
// RocmVersion: a driver is not a toolkit; which driver a toolkit needs is a table lookup.
class DriverVersion {
public:
    // One to three dot-separated numbers, as Linux and Windows drivers print them. The Windows
    // file version ("32.0.15.6094") is another scheme and is rejected.
    static Expected<DriverVersion> parse(std::string_view text);
    static DriverVersion from(std::string_view text); // throws ParseFailure

    const std::vector<std::uint32_t>& parts() const noexcept { return parts_; }
    std::uint32_t branch() const noexcept { return parts_.front(); } // "535.104.05" -> 535
    const std::string& to_string() const noexcept { return text_; }

    friend std::strong_ordering operator<=>(const DriverVersion& a,
                                            const DriverVersion& b) noexcept;
    friend bool operator==(const DriverVersion& a, const DriverVersion& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }

private:
    DriverVersion(std::vector<std::uint32_t> parts, std::string text)
        : parts_(std::move(parts))
        , text_(std::move(text)) {}
    std::vector<std::uint32_t> parts_;
    std::string text_;
};

} // namespace torchpin
