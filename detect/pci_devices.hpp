// Display controllers on the PCI bus, from /sys/bus/pci/devices: found even without a driver.
#pragma once

#include "detect/host_root.hpp"
#include "engine/hardware/pci_id.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One display controller (PCI class 0x03xxxx): {"0000:01:00.0", 10de:2204, 0x030000, "",
// "/sys/bus/pci/devices/0000:01:00.0"}. Windows' display adapters are listed as PciDevices too,
// with no address or class but the driver's name for the device.
struct PciDevice {
    std::string address; // empty where unknown
    PciId id;
    std::uint32_t class_code = 0;
    std::string name;   // the driver's name for it ("NVIDIA GeForce RTX 4090"); empty from sysfs
    std::string source; // where it was read: its sysfs folder, a registry key
};

// sysfs's class file: "0x030000\n" -> 0x030000 (VGA), "0x030200" -> 3D controller.
std::optional<std::uint32_t> parse_pci_class(std::string_view content);

// The display controllers under root's /sys/bus/pci/devices, by address. Unreadable entries are
// skipped: a machine without sysfs just has none.
std::vector<PciDevice> read_pci_display_devices(const HostRoot& root);

// nvidia-smi's and NVML's bus id "00000000:01:00.0" as sysfs names it, "0000:01:00.0".
std::string sysfs_pci_address(std::string_view bus_id);

} // namespace torchpin
