// PCI vendor:device ids ("10de:2204") as lspci and pci.ids spell them.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace torchpin {

constexpr std::uint16_t pci_vendor_nvidia = 0x10de;
constexpr std::uint16_t pci_vendor_amd = 0x1002;
constexpr std::uint16_t pci_vendor_intel = 0x8086;

// A PCI device id: PciId::from("10de:2204") is an RTX 3090. Invariant (tested):
// PciId::from(p.to_string()) == p; hex digits are read in either case and printed lowercase.
struct PciId {
    std::uint16_t vendor = 0;
    std::uint16_t device = 0;

    // "10de:2204": four hex digits, a colon, four hex digits.
    static Expected<PciId> parse(std::string_view text);
    static PciId from(std::string_view text); // throws ParseFailure

    std::string to_string() const; // "10de:2204"

    friend auto operator<=>(const PciId&, const PciId&) = default;
};

// Four hex digits, with or without "0x", as sysfs and pci.ids print one half of an id:
// parse_pci_half("0x10de\n") == 0x10de. Surrounding whitespace is ignored.
Expected<std::uint16_t> parse_pci_half(std::string_view text);

} // namespace torchpin
