// Windows' display adapters from the registry's display class key: found even where no vendor
// tool is installed, as sysfs finds PCI devices on Linux.
#pragma once

#include "detect/pci_devices.hpp"
#include "engine/base/registry.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace torchpin {

// The display adapter class: one subkey per adapter driver instance ("0000", "0001", …).
inline constexpr std::string_view display_class_key =
    R"(HKLM\SYSTEM\CurrentControlSet\Control\Class\{4d36e968-e325-11ce-bfc1-08002be10318})";

// The PCI vendor and device of a Plug and Play hardware id, in any case:
// "PCI\VEN_10DE&DEV_2684&SUBSYS_16F310DE&REV_A1" and "pci\ven_10de&dev_2684" are 10de:2684;
// nullopt for ids of other buses ("ROOT\BasicDisplay").
std::optional<PciId> pci_id_from_hardware_id(std::string_view hardware_id);

// The adapters under display_class_key whose MatchingDeviceId is a PCI id, in key order, as
// PciDevices named by their DriverDesc, each with its key as source (no address: the key has
// none). Windows keeps the key of an adapter that was removed until its driver is, so an
// adapter here may no longer be in the machine.
std::vector<PciDevice> read_windows_display_adapters(const Registry& registry);

} // namespace torchpin
