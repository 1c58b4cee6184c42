// The fake Windows machine: its folders, stand-in programs and display adapter keys.
#include "tests/detect/fake_windows.hpp"

#include "detect/windows_display_adapters.hpp"

#include <fstream>

namespace torchpin::test {

FakeWindows::FakeWindows(std::string_view name)
    : scratch_("windows_" + std::string(name)) {
    std::filesystem::create_directories(system_root() / "System32");
    std::filesystem::create_directories(program_files());
    std::filesystem::create_directories(local_app_data());
}

std::filesystem::path FakeWindows::program(const std::filesystem::path& path,
                                           std::string_view body) const {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path;
}

void FakeWindows::add_display_adapter(std::string_view instance,
                                      std::string_view matching_device_id,
                                      std::string_view driver_desc, std::string_view driver_version,
                                      std::string_view provider) {
    const std::string key = std::string(display_class_key) + "\\" + std::string(instance);
    registry.set(key, "MatchingDeviceId", std::string(matching_device_id));
    registry.set(key, "DriverDesc", std::string(driver_desc));
    registry.set(key, "DriverVersion", std::string(driver_version));
    registry.set(key, "ProviderName", std::string(provider));
}

DetectionContext FakeWindows::context() const {
    DetectionContext context;
    context.host = HostKind::Windows;
    context.registry = &registry;
    context.environment = {{"SystemRoot", system_root().string()},
                           {"ProgramFiles", program_files().string()},
                           {"LOCALAPPDATA", local_app_data().string()}};
    context.uname_machine = "x86_64";
    context.glibc.reset();
    context.windows_build = "10.0.22631";
    context.nvml_libraries = {};
    context.libcuda_libraries = {};
    return context;
}

const GpuCatalog& windows_test_catalog() {
    static const GpuCatalog catalog(GpuTables{
        {{"GeForce RTX 4090", ComputeCapability(8, 9), "", {"AD102"}, {PciId::from("10de:2684")}},
         {"GeForce RTX 3060",
          ComputeCapability(8, 6),
          "",
          {"GA104", "GA106"},
          {PciId::from("10de:2487"), PciId::from("10de:24c7"), PciId::from("10de:2503"),
           PciId::from("10de:2504"), PciId::from("10de:2544")}}},
        {{"Radeon RX 6800/6800 XT / 6900 XT", PciId::from("1002:73bf"), "gfx1030", ""}},
        {{PciId::from("8086:e20b"), "Arc B580", "Battlemage (Arc B-series)", true,
          "validated: \"Intel Arc B-Series Graphics (CodeName: Battlemage)\""}},
        {{PciId::from("10de:2684"), "AD102 [GeForce RTX 4090]", true},
         {PciId::from("1002:73bf"), "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]", true},
         {PciId::from("8086:e20b"), "Battlemage G21 [Arc B580]", true}}});
    return catalog;
}

} // namespace torchpin::test
