// Column lists of the curated dataset tables. They must match the CREATE TABLE statements of
// their migration in matrix_schema.cpp (a test compares them with the real schema).
#include "engine/matrix/dataset_tables.hpp"

#include <algorithm>

namespace torchpin {

namespace {

Column optional(const char* name) {
    return Column{name, ColumnType::Text, false};
}

Column added_later(const char* name) {
    return Column{name, ColumnType::Text, false, true};
}

} // namespace

const TableSpec& citation_table() {
    static const TableSpec spec{
        "citation", {{"citation"}}, {{"what"}, {"location"}, optional("note")}};
    return spec;
}

const TableSpec& torch_release_table() {
    static const TableSpec spec{"torch_release",
                                {{"torch"}},
                                {optional("release_date"),
                                 optional("torchvision"),
                                 optional("torchvision_series"),
                                 optional("torchvision_note"),
                                 optional("torchaudio"),
                                 optional("torchaudio_series"),
                                 optional("torchaudio_note"),
                                 optional("python"),
                                 optional("install_style"),
                                 {"cites"}}};
    return spec;
}

const TableSpec& release_backend_table() {
    static const TableSpec spec{"release_backend",
                                {{"torch"}, {"backend"}, {"os"}, {"arch"}},
                                {{"evidence"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& pypi_backend_table() {
    static const TableSpec spec{
        "pypi_backend", {{"torch"}, {"os"}, {"arch"}}, {{"backend"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& backend_cuda_table() {
    static const TableSpec spec{
        "backend_cuda", {{"backend"}}, {{"cuda"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& release_cuda_table() {
    static const TableSpec spec{
        "release_cuda", {{"torch"}, {"backend"}}, {{"cuda"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& companion_range_table() {
    static const TableSpec spec{"companion_range",
                                {{"package"}, {"version"}},
                                {{"torch"}, {"released_with"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& cuda_driver_table() {
    static const TableSpec spec{"cuda_driver",
                                {{"cuda"}, {"os"}},
                                {optional("toolkit_minimum"),
                                 optional("installer_driver"),
                                 optional("used"),
                                 optional("note"),
                                 {"cites"}}};
    return spec;
}

const TableSpec& cuda_compat_table() {
    static const TableSpec spec{
        "cuda_compat",
        {{"cuda_major"}, {"os"}},
        {{"minimum_driver"}, optional("below_driver"), optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& cuda_arch_list_table() {
    static const TableSpec spec{"cuda_arch_list",
                                {{"torch"}, {"backend"}, {"os"}, {"arch"}},
                                {{"arch_list"}, {"basis"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& compute_capability_table() {
    static const TableSpec spec{
        "compute_capability",
        {{"sm"}},
        {{"first_cuda"}, optional("architecture"), optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& rocm_target_table() {
    static const TableSpec spec{
        "rocm_target", {{"backend"}}, {{"gfx"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& gpu_pci_table() {
    static const TableSpec spec{"gpu_pci",
                                {{"vendor"}, {"device"}},
                                {{"name"}, {"discrete", ColumnType::Integer}, {"cites"}}};
    return spec;
}

const TableSpec& gpu_model_table() {
    static const TableSpec spec{"gpu_model",
                                {{"name"}},
                                {{"compute_capability"},
                                 optional("codename"),
                                 optional("note"),
                                 {"cites"},
                                 added_later("pci_ids"),
                                 added_later("inferred_from"),
                                 added_later("architecture"),
                                 added_later("segment"),
                                 added_later("derivation")}};
    return spec;
}

const TableSpec& amd_gpu_model_table() {
    static const TableSpec spec{"amd_gpu_model",
                                {{"name"}, optional("pci_id")},
                                {{"gfx_target"},
                                 optional("inferred_from"),
                                 optional("hsa_override"),
                                 {"segment"},
                                 {"derivation"},
                                 {"cites"}}};
    return spec;
}

const TableSpec& intel_gpu_model_table() {
    static const TableSpec spec{"intel_gpu_model",
                                {{"pci_id"}},
                                {{"name"},
                                 {"family"},
                                 {"xpu_listed", ColumnType::Integer},
                                 {"xpu_support"},
                                 {"derivation"},
                                 {"cites"}}};
    return spec;
}

const TableSpec& windows_runtime_table() {
    static const TableSpec spec{
        "windows_runtime", {{"torch"}, {"item"}}, {{"value"}, optional("note"), {"cites"}}};
    return spec;
}

const TableSpec& known_issue_table() {
    static const TableSpec spec{"known_issue",
                                {{"issue"}},
                                {{"os"},
                                 {"torch"},
                                 optional("backend"),
                                 {"severity"},
                                 {"error"},
                                 {"cause"},
                                 {"fix"},
                                 {"links"},
                                 {"cites"},
                                 added_later("summary"),
                                 added_later("fix_summary"),
                                 added_later("unless_vc_runtime"),
                                 {"patterns", ColumnType::Lines, false, true},
                                 added_later("message_source"),
                                 {"message_only", ColumnType::Integer, false, true},
                                 added_later("decided_by")}};
    return spec;
}

const TableSpec& hsa_override_table() {
    static const TableSpec spec{
        "hsa_override",
        {{"gfx"}},
        {{"chip"}, {"hsa_version"}, {"runs_as"}, optional("rocm_up_to"), {"statement"}, {"cites"}}};
    return spec;
}

const std::vector<const TableSpec*>& dataset_tables() {
    static const std::vector<const TableSpec*> all{
        &citation_table(),      &torch_release_table(),   &release_backend_table(),
        &pypi_backend_table(),  &backend_cuda_table(),    &cuda_driver_table(),
        &cuda_compat_table(),   &cuda_arch_list_table(),  &compute_capability_table(),
        &rocm_target_table(),   &gpu_pci_table(),         &gpu_model_table(),
        &amd_gpu_model_table(), &intel_gpu_model_table(), &windows_runtime_table(),
        &known_issue_table(),   &release_cuda_table(),    &companion_range_table(),
        &hsa_override_table()};
    return all;
}

const TableSpec* find_dataset_table(std::string_view name) {
    const auto& all = dataset_tables();
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const TableSpec* t) { return t->name == name; });
    return it == all.end() ? nullptr : *it;
}

} // namespace torchpin
