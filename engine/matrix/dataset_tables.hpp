// The curated dataset tables (releases, backends, CUDA drivers, arch lists, GPUs, Windows facts,
// known issues, HSA overrides): their columns, as revisioned tables of the matrix.
#pragma once

#include "engine/matrix/revisioned_table.hpp"

#include <string_view>
#include <vector>

namespace torchpin {

// Lists inside a value are space-separated ("3.9 3.10 3.11"); `cites` names entries of the
// `citation` table, so every fact points to where it was read. See docs/data.md for each table.
const TableSpec& citation_table();        // citation id -> what and where a source is
const TableSpec& torch_release_table();   // torch -> date, paired torchvision/torchaudio, Python
const TableSpec& release_backend_table(); // (torch, backend, os, arch) -> evidence it was published
const TableSpec& pypi_backend_table();    // (torch, os, arch) -> the backend plain PyPI serves
const TableSpec& backend_cuda_table(); // backend label -> the CUDA toolkit release it is built with
const TableSpec&
release_cuda_table(); // (torch, backend) -> the toolkit, where it is not the backend's
const TableSpec& companion_range_table(); // (package, version) -> torch range, released with
const TableSpec& cuda_driver_table();     // (cuda, os) -> minimum driver(s)
const TableSpec& cuda_compat_table();     // (cuda major, os) -> minor-version-compatibility floor
const TableSpec& cuda_arch_list_table();  // (torch spec, backend, os, arch) -> TORCH_CUDA_ARCH_LIST
const TableSpec& compute_capability_table(); // sm -> first CUDA that supports it
const TableSpec& rocm_target_table();        // rocm backend -> gfx targets
const TableSpec& gpu_pci_table();            // (vendor, device) -> marketing name
const TableSpec& gpu_model_table();          // NVIDIA product name -> compute capability, PCI ids
const TableSpec& amd_gpu_model_table();      // (AMD product name, PCI id) -> gfx target
const TableSpec& intel_gpu_model_table();    // Intel PCI id -> name, family, PyTorch XPU support
const TableSpec& windows_runtime_table();    // (torch spec, item) -> runtime fact
const TableSpec& known_issue_table(); // issue id -> affected versions, error text, cause, fix
const TableSpec&
hsa_override_table(); // gfx target -> HSA_OVERRIDE_GFX_VERSION, the target it runs as

// Every curated table, in the order above.
const std::vector<const TableSpec*>& dataset_tables();
// The curated table named `name`, or nullptr.
const TableSpec* find_dataset_table(std::string_view name);

} // namespace torchpin
