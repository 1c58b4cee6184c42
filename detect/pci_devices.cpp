// Reading vendor, device and class of each PCI function in sysfs.
#include "detect/pci_devices.hpp"

#include "engine/base/text_scanner.hpp"

#include <charconv>

namespace torchpin {

std::optional<std::uint32_t> parse_pci_class(std::string_view content) {
    std::string_view hex = trim_ascii(content);
    if (hex.starts_with("0x")) {
        hex.remove_prefix(2);
    }
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(hex.data(), hex.data() + hex.size(), value, 16);
    if (error != std::errc() || end != hex.data() + hex.size() || hex.empty()) {
        return std::nullopt;
    }
    return value;
}

std::vector<PciDevice> read_pci_display_devices(const HostRoot& root) {
    std::vector<PciDevice> devices;
    for (const auto& address : root.list("/sys/bus/pci/devices")) {
        const std::string directory = "/sys/bus/pci/devices/" + address;
        const FileText class_file = root.read(directory + "/class");
        const auto class_code = class_file.text ? parse_pci_class(*class_file.text) : std::nullopt;
        if (!class_code || (*class_code >> 16) != 0x03) {
            continue;
        }
        const FileText vendor = root.read(directory + "/vendor");
        const FileText device = root.read(directory + "/device");
        if (!vendor.text || !device.text) {
            continue;
        }
        const auto vendor_id = parse_pci_half(*vendor.text);
        const auto device_id = parse_pci_half(*device.text);
        if (vendor_id && device_id) {
            devices.push_back({address, PciId{*vendor_id, *device_id}, *class_code, "", directory});
        }
    }
    return devices;
}

std::string sysfs_pci_address(std::string_view bus_id) {
    const std::size_t colon = bus_id.find(':');
    if (colon == 8) { // an eight-digit domain: keep its last four digits
        bus_id.remove_prefix(4);
    }
    std::string address;
    for (char c : bus_id) {
        address += ascii_lower(c);
    }
    return address;
}

} // namespace torchpin
