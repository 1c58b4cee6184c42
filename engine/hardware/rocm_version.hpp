// AMD ROCm versions as PyTorch names its builds ("rocm6.2", "rocm5.4.2", "rocm3.10").
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

// A ROCm release: RocmVersion::from("6.2") < RocmVersion::from("6.2.4") < RocmVersion::from("6.3").
//
// Deliberately no comparison with Version, CudaVersion or DriverVersion: each is its own scheme.
class RocmVersion {
public:
    // "6.2" or "5.4.2": two or three numbers, no leading zeros (so the label round-trips).
    static Expected<RocmVersion> parse(std::string_view text);
    static RocmVersion from(std::string_view text); // throws ParseFailure

    std::uint32_t major() const noexcept { return major_; }
    std::uint32_t minor() const noexcept { return minor_; }
    const std::optional<std::uint32_t>& patch() const noexcept { return patch_; }
    std::string to_string() const; // "5.4.2", as parsed

    // Missing parts compare as 0: 6.2 == 6.2.0 < 6.2.4.
    friend std::strong_ordering operator<=>(const RocmVersion& a, const RocmVersion& b) noexcept;
    friend bool operator==(const RocmVersion& a, const RocmVersion& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }

private:
    RocmVersion(std::uint32_t major, std::uint32_t minor, std::optional<std::uint32_t> patch)
        : major_(major)
        , minor_(minor)
        , patch_(patch) {}

    std::uint32_t major_;
    std::uint32_t minor_;
    std::optional<std::uint32_t> patch_;
};

} // namespace torchpin
