// The runtime views (TableSpec) of the table declarations in dataset_tables.hpp.
#include "engine/matrix/dataset_tables.hpp"

#include <algorithm>

namespace torchpin {

namespace row_placeholders {

const Backend& placeholder_backend() {
    static const Backend backend = Backend::from("cpu");
    return backend;
}
const CudaVersion& placeholder_cuda() {
    static const CudaVersion cuda = CudaVersion::from("0.0");
    return cuda;
}
const DriverVersion& placeholder_driver() {
    static const DriverVersion driver = DriverVersion::from("0");
    return driver;
}
const ComputeCapability& placeholder_capability() {
    static const ComputeCapability capability = ComputeCapability::from("0.0");
    return capability;
}

} // namespace row_placeholders

// clang-format off
const TableSpec& wheel_file_table() { static const TableSpec s = dataset_columns::wheel_file.spec(); return s; }
const TableSpec& wheel_metadata_table() { static const TableSpec s = dataset_columns::wheel_metadata.spec(); return s; }
const TableSpec& citation_table() { static const TableSpec s = dataset_columns::citation.spec(); return s; }
const TableSpec& torch_release_table() { static const TableSpec s = dataset_columns::torch_release.spec(); return s; }
const TableSpec& release_backend_table() { static const TableSpec s = dataset_columns::release_backend.spec(); return s; }
const TableSpec& pypi_backend_table() { static const TableSpec s = dataset_columns::pypi_backend.spec(); return s; }
const TableSpec& backend_cuda_table() { static const TableSpec s = dataset_columns::backend_cuda.spec(); return s; }
const TableSpec& release_cuda_table() { static const TableSpec s = dataset_columns::release_cuda.spec(); return s; }
const TableSpec& companion_range_table() { static const TableSpec s = dataset_columns::companion_range.spec(); return s; }
const TableSpec& cuda_driver_table() { static const TableSpec s = dataset_columns::cuda_driver.spec(); return s; }
const TableSpec& cuda_compat_table() { static const TableSpec s = dataset_columns::cuda_compat.spec(); return s; }
const TableSpec& cuda_branch_table() { static const TableSpec s = dataset_columns::cuda_branch.spec(); return s; }
const TableSpec& cuda_arch_list_table() { static const TableSpec s = dataset_columns::cuda_arch_list.spec(); return s; }
const TableSpec& compute_capability_table() { static const TableSpec s = dataset_columns::compute_capability.spec(); return s; }
const TableSpec& rocm_target_table() { static const TableSpec s = dataset_columns::rocm_target.spec(); return s; }
const TableSpec& gpu_pci_table() { static const TableSpec s = dataset_columns::gpu_pci.spec(); return s; }
const TableSpec& gpu_model_table() { static const TableSpec s = dataset_columns::gpu_model.spec(); return s; }
const TableSpec& amd_gpu_model_table() { static const TableSpec s = dataset_columns::amd_gpu_model.spec(); return s; }
const TableSpec& intel_gpu_model_table() { static const TableSpec s = dataset_columns::intel_gpu_model.spec(); return s; }
const TableSpec& windows_runtime_table() { static const TableSpec s = dataset_columns::windows_runtime.spec(); return s; }
const TableSpec& known_issue_table() { static const TableSpec s = dataset_columns::known_issue.spec(); return s; }
const TableSpec& hsa_override_table() { static const TableSpec s = dataset_columns::hsa_override.spec(); return s; }
const TableSpec& companion_package_table() { static const TableSpec s = dataset_columns::companion_package.spec(); return s; }
const TableSpec& index_build_table() { static const TableSpec s = dataset_columns::index_build.spec(); return s; }
const TableSpec& index_build_union_table() { static const TableSpec s = dataset_columns::index_build_union.spec(); return s; }
const TableSpec& wheel_group_table() { static const TableSpec s = dataset_columns::wheel_group.spec(); return s; }
const TableSpec& wheel_group_union_table() { static const TableSpec s = dataset_columns::wheel_group_union.spec(); return s; }
// clang-format on

const std::vector<const TableSpec*>& dataset_tables() {
    static const std::vector<const TableSpec*> all{
        &citation_table(),      &torch_release_table(),   &release_backend_table(),
        &pypi_backend_table(),  &backend_cuda_table(),    &cuda_driver_table(),
        &cuda_compat_table(),   &cuda_arch_list_table(),  &compute_capability_table(),
        &rocm_target_table(),   &gpu_pci_table(),         &gpu_model_table(),
        &amd_gpu_model_table(), &intel_gpu_model_table(), &windows_runtime_table(),
        &known_issue_table(),   &release_cuda_table(),    &companion_range_table(),
        &hsa_override_table(),  &cuda_branch_table(),     &companion_package_table()};
    return all;
}

const TableSpec* find_dataset_table(std::string_view name) {
    const auto& all = dataset_tables();
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const TableSpec* t) { return t->name == name; });
    return it == all.end() ? nullptr : *it;
}

const std::vector<const TableSpec*>& revisioned_tables() {
    static const std::vector<const TableSpec*> all = [] {
        std::vector<const TableSpec*> tables{&wheel_file_table(), &wheel_metadata_table()};
        tables.insert(tables.end(), dataset_tables().begin(), dataset_tables().end());
        return tables;
    }();
    return all;
}

const std::vector<const TableSpec*>& derived_tables() {
    static const std::vector<const TableSpec*> all{&index_build_table(), &wheel_group_table(),
                                                   &index_build_union_table(),
                                                   &wheel_group_union_table()};
    return all;
}

const std::vector<const TableSpec*>& stored_tables() {
    static const std::vector<const TableSpec*> all = [] {
        std::vector<const TableSpec*> tables = revisioned_tables();
        tables.insert(tables.end(), derived_tables().begin(), derived_tables().end());
        return tables;
    }();
    return all;
}

} // namespace torchpin
