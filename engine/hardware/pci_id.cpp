// PCI ids: parsing the "vendor:device" and sysfs "0x10de" spellings, printing them.
#include "engine/hardware/pci_id.hpp"

#include "engine/base/text_scanner.hpp"

#include <cstdio>

namespace torchpin {

namespace {

std::string hex4(std::uint16_t value) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "%04x", static_cast<unsigned>(value));
    return buffer;
}

int hex_value(char c) noexcept {
    if (is_ascii_digit(c)) {
        return c - '0';
    }
    const char lower = ascii_lower(c);
    return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
}

// Exactly four hex digits at `offset` of `whole` (for error positions).
Expected<std::uint16_t> four_hex_digits(std::string_view digits, std::string_view whole,
                                        std::size_t offset) {
    unsigned value = 0;
    for (std::size_t i = 0; i < digits.size() && i < 4; ++i) {
        const int digit = hex_value(digits[i]);
        if (digit < 0) {
            return ParseError{"expected a hex digit, found '" + std::string(1, digits[i]) + "'",
                              offset + i, std::string(whole)};
        }
        value = value * 16 + static_cast<unsigned>(digit);
    }
    if (digits.size() != 4) {
        return ParseError{"expected four hex digits",
                          offset + std::min<std::size_t>(digits.size(), 4), std::string(whole)};
    }
    return static_cast<std::uint16_t>(value);
}

} // namespace

Expected<PciId> PciId::parse(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        return ParseError{"expected a PCI id like 10de:2204", text.size(), std::string(text)};
    }
    auto vendor = four_hex_digits(text.substr(0, colon), text, 0);
    if (!vendor) {
        return vendor.error();
    }
    auto device = four_hex_digits(text.substr(colon + 1), text, colon + 1);
    if (!device) {
        return device.error();
    }
    return PciId{*vendor, *device};
}

PciId PciId::from(std::string_view text) {
    return parse(text).value();
}

std::string PciId::to_string() const {
    return hex4(vendor) + ":" + hex4(device);
}

Expected<std::uint16_t> parse_pci_half(std::string_view text) {
    const std::string_view trimmed = trim_ascii(text);
    const std::size_t offset = trimmed.starts_with("0x") ? 2 : 0;
    return four_hex_digits(trimmed.substr(offset), trimmed, offset);
}

} // namespace torchpin
