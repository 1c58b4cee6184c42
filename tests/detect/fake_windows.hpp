// A Windows machine on Linux for the detection tests: a scratch folder as drive C:, a registry in
// memory, and a DetectionContext on both with Windows' environment.
#pragma once

#include "detect/detection_context.hpp"
#include "tests/support/scratch_directory.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace torchpin::test {

class FakeWindows {
public:
    explicit FakeWindows(std::string_view name);

    const std::filesystem::path& drive() const noexcept { return scratch_.path(); } // C:\.
    std::filesystem::path system_root() const { return drive() / "Windows"; }
    std::filesystem::path program_files() const { return drive() / "Program Files"; }
    std::filesystem::path local_app_data() const { return drive() / "Users/me/AppData/Local"; }

    // An executable shell script at `path` standing in for a Windows program ("nvidia-smi.exe").
    std::filesystem::path program(const std::filesystem::path& path, std::string_view body) const;

    // A display class subkey ("0000") as Windows writes one for an installed adapter driver.
    void add_display_adapter(std::string_view instance, std::string_view matching_device_id,
                             std::string_view driver_desc, std::string_view driver_version,
                             std::string_view provider);

    // Host Windows, this registry, SystemRoot/ProgramFiles/LOCALAPPDATA in the drive, an empty
    // PATH, no NVIDIA libraries and no GPU tables.
    DetectionContext context() const;

    MemoryRegistry registry;

private:
    ScratchDirectory scratch_;
};

// Rows of data/gpus.toml for the GPUs of the fake Windows machines: GeForce RTX 4090 and 3060,
// Radeon RX 6800 XT, Arc B580.
const GpuCatalog& windows_test_catalog();

} // namespace torchpin::test
