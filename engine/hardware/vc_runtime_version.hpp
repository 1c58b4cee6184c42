// Versions of the Microsoft Visual C++ runtime on Windows ("14.44.35211", msvcp140.dll's file
// version "14.44.35211.0").
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// The Visual C++ Redistributable's version as its registry key gives it (Major.Minor.Bld) or
// msvcp140.dll's file version: VcRuntimeVersion::from("14.38.33135") < from("14.40").
// Invariant (tested): from(v.to_string()).to_string() == v.to_string(). Components compare as
// numbers, a missing one as 0. No comparison with any other version scheme.
class VcRuntimeVersion {
public:
    // Two to four dot-separated numbers.
    static Expected<VcRuntimeVersion> parse(std::string_view text);
    static VcRuntimeVersion from(std::string_view text); // throws ParseFailure

    const std::string& to_string() const noexcept { return text_; }

    friend std::strong_ordering operator<=>(const VcRuntimeVersion& a,
                                            const VcRuntimeVersion& b) noexcept;
    friend bool operator==(const VcRuntimeVersion& a, const VcRuntimeVersion& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }

private:
    VcRuntimeVersion(std::vector<std::uint32_t> parts, std::string text)
        : parts_(std::move(parts))
        , text_(std::move(text)) {}
    std::vector<std::uint32_t> parts_;
    std::string text_;
};

} // namespace torchpin
