// CUDA toolkit versions ("12.1", "12.1.1") and the "cuXYZ" spelling PyTorch uses in labels.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

// A CUDA toolkit version: CudaVersion::from("12.1") < CudaVersion::from("12.4.1").
//
// Deliberately no comparison with Version, DriverVersion or RocmVersion: "12.1" as a CUDA
// toolkit, "12.1" as a PEP 440 version and "560.94" as a driver are different schemes, and
// comparing across them is always a bug (the driver needed for a toolkit is a table lookup).
class CudaVersion {
public:
    // "12.1" or "12.1.1": two or three numbers, no leading zeros.
    static Expected<CudaVersion> parse(std::string_view text);
    static CudaVersion from(std::string_view text); // throws ParseFailure
    // PyTorch's label: "cu121" -> 12.1, "cu92" -> 9.2, "cu100" -> 10.0 (the last digit is the
    // minor version, the digits before it the major).
    static Expected<CudaVersion> parse_label(std::string_view label);

    CudaVersion(std::uint32_t major, std::uint32_t minor,
                std::optional<std::uint32_t> patch = std::nullopt)
        : major_(major)
        , minor_(minor)
        , patch_(patch) {}

    std::uint32_t major() const noexcept { return major_; }
    std::uint32_t minor() const noexcept { return minor_; }
    const std::optional<std::uint32_t>& patch() const noexcept { return patch_; }

    std::string to_string() const; // "12.1", "12.1.1"
    // "cu121"; nullopt for versions no label can spell (a two-digit minor, a three-digit major).
    std::optional<std::string> label() const;

    // A missing patch compares as 0: 12.1 == 12.1.0 < 12.1.1 < 12.2.
    friend std::strong_ordering operator<=>(const CudaVersion& a, const CudaVersion& b) noexcept;
    friend bool operator==(const CudaVersion& a, const CudaVersion& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }

private:
    std::uint32_t major_;
    std::uint32_t minor_;
    std::optional<std::uint32_t> patch_;
};

} // namespace torchpin
