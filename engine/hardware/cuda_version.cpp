// CUDA toolkit versions: parsing of the dotted and the "cuXYZ" spellings, printing, ordering.
#include "engine/hardware/cuda_version.hpp"

#include "engine/base/dotted_numbers.hpp"
#include "engine/base/text_scanner.hpp"

namespace torchpin {

Expected<CudaVersion> CudaVersion::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"CUDA version", 2, 3});
    if (!parts) {
        return parts.error();
    }
    const auto& numbers = *parts;
    return CudaVersion(numbers[0], numbers[1],
                       numbers.size() == 3 ? std::optional(numbers[2]) : std::nullopt);
}

CudaVersion CudaVersion::from(std::string_view text) {
    return parse(text).value();
}

Expected<CudaVersion> CudaVersion::parse_label(std::string_view label) {
    const auto fail = [&](std::string message, std::size_t position) {
        return ParseError{"invalid CUDA label: " + std::move(message), position,
                          std::string(label)};
    };
    if (label.substr(0, 2) != "cu") {
        return fail("expected 'cu' followed by digits, like cu121", 0);
    }
    const std::string_view digits = label.substr(2);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (!is_ascii_digit(digits[i])) {
            return fail("unexpected '" + std::string(1, digits[i]) + "'", 2 + i);
        }
    }
    if (digits.size() < 2 || digits.size() > 3) {
        return fail("expected two or three digits after 'cu' (cu92, cu121)", label.size());
    }
    if (digits.front() == '0') {
        return fail("leading zero", 2);
    }
    std::uint32_t major = 0;
    for (char c : digits.substr(0, digits.size() - 1)) {
        major = major * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return CudaVersion(major, static_cast<std::uint32_t>(digits.back() - '0'));
}

std::string CudaVersion::to_string() const {
    std::string out = std::to_string(major_) + "." + std::to_string(minor_);
    if (patch_) {
        out += "." + std::to_string(*patch_);
    }
    return out;
}

std::optional<std::string> CudaVersion::label() const {
    if (major_ == 0 || major_ > 99 || minor_ > 9) {
        return std::nullopt;
    }
    return "cu" + std::to_string(major_) + std::to_string(minor_);
}

std::strong_ordering operator<=>(const CudaVersion& a, const CudaVersion& b) noexcept {
    if (auto c = a.major_ <=> b.major_; c != 0) {
        return c;
    }
    if (auto c = a.minor_ <=> b.minor_; c != 0) {
        return c;
    }
    return a.patch_.value_or(0) <=> b.patch_.value_or(0);
}

} // namespace torchpin
