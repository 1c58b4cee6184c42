// Enumerating the display class key and reading each adapter's PCI id from MatchingDeviceId.
#include "detect/windows_display_adapters.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// "0000" … "9999": the instance subkeys ("Properties" and others are not adapters).
bool is_instance_key(std::string_view name) {
    return name.size() == 4 && std::all_of(name.begin(), name.end(), is_ascii_digit);
}

// The four hex digits after `prefix` ("ven_") in one '&'-separated part of a hardware id.
std::optional<std::uint16_t> hex_after(std::string_view part, std::string_view prefix) {
    if (part.size() != prefix.size() + 4 || !iequals(part.substr(0, prefix.size()), prefix)) {
        return std::nullopt;
    }
    auto value = parse_pci_half(part.substr(prefix.size()));
    return value ? std::optional(*value) : std::nullopt;
}

} // namespace

std::optional<PciId> pci_id_from_hardware_id(std::string_view hardware_id) {
    constexpr std::string_view bus = "PCI\\";
    if (hardware_id.size() < bus.size() || !iequals(hardware_id.substr(0, bus.size()), bus)) {
        return std::nullopt;
    }
    std::string_view rest = hardware_id.substr(bus.size());
    const std::size_t first_and = rest.find('&');
    if (first_and == std::string_view::npos) {
        return std::nullopt;
    }
    const std::string_view device_part = rest.substr(first_and + 1);
    const auto vendor = hex_after(rest.substr(0, first_and), "VEN_");
    const auto device = hex_after(device_part.substr(0, device_part.find('&')), "DEV_");
    if (!vendor || !device) {
        return std::nullopt;
    }
    return PciId{*vendor, *device};
}

std::vector<PciDevice> read_windows_display_adapters(const Registry& registry) {
    std::vector<PciDevice> adapters;
    for (const auto& instance : registry.subkeys(display_class_key)) {
        if (!is_instance_key(instance)) {
            continue;
        }
        const std::string key = std::string(display_class_key) + "\\" + instance;
        const auto matching = registry.text(key, "MatchingDeviceId");
        const auto id = matching ? pci_id_from_hardware_id(*matching) : std::nullopt;
        if (id) {
            adapters.push_back({"", *id, 0, registry.text(key, "DriverDesc").value_or(""), key});
        }
    }
    return adapters;
}

} // namespace torchpin
