// NVIDIA GPU compute capabilities ("8.6", "sm_86"): what a GPU can run, as a value type.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace torchpin {

// The compute capability of a GPU: ComputeCapability::from("8.6") is an RTX 3090's, and
// ComputeCapability::parse_sm("sm_86") names the same one. Invariant (tested):
// ComputeCapability::from(c.to_string()) == c and ComputeCapability::parse_sm(c.sm()) == c.
class ComputeCapability {
public:
    constexpr ComputeCapability(std::uint32_t major, std::uint32_t minor) noexcept
        : major_(major)
        , minor_(minor) {}

    // "8.6", "12.0": major and minor version, as nvidia-smi's compute_cap and NVML report them.
    static Expected<ComputeCapability> parse(std::string_view text);
    static ComputeCapability from(std::string_view text); // throws ParseFailure
    // "sm_86", "sm86", "sm_120": the major version, then a single minor digit.
    static Expected<ComputeCapability> parse_sm(std::string_view text);

    std::uint32_t major() const noexcept { return major_; }
    std::uint32_t minor() const noexcept { return minor_; }
    std::string to_string() const; // "8.6"
    std::string sm() const;        // "sm_86"

    friend auto operator<=>(const ComputeCapability&, const ComputeCapability&) = default;

private:
    std::uint32_t major_;
    std::uint32_t minor_;
};

} // namespace torchpin
