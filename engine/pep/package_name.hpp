// Python package names: validity (PEP 508) and the PEP 503 normalized form used for comparison.
#pragma once

#include "engine/base/expected.hpp"

#include <string>
#include <string_view>

namespace torchpin {

// "Torch_Vision" -> "torch-vision": lowercase, each run of '-', '_' and '.' becomes one '-'.
std::string normalize_package_name(std::string_view name);

// PEP 508: ASCII letters and digits, with '-', '_' or '.' only between them.
bool is_valid_package_name(std::string_view name) noexcept;

// A package name as written, with its normalized form for comparisons: PackageName::parse("Torch").
class PackageName {
public:
    static Expected<PackageName> parse(std::string_view text);
    static PackageName from(std::string_view text); // throws ParseFailure

    const std::string& written() const noexcept { return written_; }
    const std::string& normalized() const noexcept { return normalized_; }

    friend bool operator==(const PackageName& a, const PackageName& b) noexcept {
        return a.normalized_ == b.normalized_;
    }
    friend auto operator<=>(const PackageName& a, const PackageName& b) noexcept {
        return a.normalized_ <=> b.normalized_;
    }

private:
    std::string written_;
    std::string normalized_;
};

} // namespace torchpin
