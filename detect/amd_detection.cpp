// ROCm version files, KFD topology nodes and rocm_agent_enumerator into AMD facts.
#include "detect/amd_detection.hpp"

#include "engine/base/program_run.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/hardware/gfx_target.hpp"

#include <charconv>

namespace torchpin {

namespace {

// The number after `name` on a line "name value" or "#define name value".
std::optional<std::uint32_t> number_after(std::string_view content, std::string_view name) {
    std::size_t at = 0;
    while ((at = content.find(name, at)) != std::string_view::npos) {
        const bool starts_word = at == 0 || is_ascii_space(content[at - 1]);
        at += name.size();
        if (!starts_word || at >= content.size() || !is_ascii_space(content[at])) {
            continue;
        }
        std::string_view rest = content.substr(at);
        rest = rest.substr(0, rest.find('\n'));
        rest = trim_ascii(rest);
        std::uint32_t value = 0;
        const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
        if (error == std::errc() && end == rest.data() + rest.size()) {
            return value;
        }
    }
    return std::nullopt;
}

// Sets machine.amd.rocm; returns the ROCm directory it was found in.
std::optional<std::string> detect_rocm(const DetectionContext& context, Machine& machine) {
    std::vector<std::string> directories;
    if (auto rocm_path = context.variable("ROCM_PATH"); !rocm_path.empty()) {
        directories.push_back(rocm_path);
    }
    directories.push_back("/opt/rocm");
    for (const auto& directory : directories) {
        const std::string info = directory + "/.info/version";
        const std::string header = directory + "/include/rocm-core/rocm_version.h";
        for (const auto& [file, parse] : {std::pair{info, &parse_rocm_info_version},
                                          std::pair{header, &parse_rocm_version_header}}) {
            const FileText content = context.root.read(file);
            if (!content.text) {
                continue;
            }
            if (auto version = parse(*content.text)) {
                machine.amd.rocm = Fact<RocmVersion>{*version, file};
                return directory;
            }
            machine.notes.push_back(file + ": no ROCm version in it");
        }
    }
    return std::nullopt;
}

std::optional<std::filesystem::path>
find_agent_enumerator(const DetectionContext& context,
                      const std::optional<std::string>& rocm_directory) {
    if (auto found = find_on_path("rocm_agent_enumerator", context.path)) {
        return found;
    }
    if (!rocm_directory) {
        return std::nullopt;
    }
    const std::string bundled = *rocm_directory + "/bin/rocm_agent_enumerator";
    if (context.root.exists(bundled)) {
        return context.root.resolve(bundled);
    }
    return std::nullopt;
}

// Without KFD or ROCm, the gfx target of each AMD display controller from the GPU tables.
void add_gfx_targets_without_kfd(const DetectionContext& context, const std::vector<PciDevice>& pci,
                                 Machine& machine) {
    for (const auto& device : pci) {
        if (device.id.vendor == pci_vendor_amd) {
            machine.notes.push_back("AMD GPU " + device.id.to_string() + " at " + device.address +
                                    " has no KFD topology node (amdgpu driver not loaded?)");
        }
    }
    add_amd_gpus_from_pci(context, pci, machine);
}

void detect_gfx_targets(const DetectionContext& context, const std::vector<PciDevice>& pci,
                        const std::optional<std::string>& rocm_directory, Machine& machine) {
    constexpr std::string_view topology = "/sys/class/kfd/kfd/topology/nodes";
    const auto nodes = context.root.list(topology);
    for (const auto& node : nodes) {
        const std::string file = std::string(topology) + "/" + node + "/properties";
        const FileText properties = context.root.read(file);
        if (!properties.text) {
            machine.notes.push_back(file + ": " + properties.problem);
        } else if (auto target = gfx_target_from_kfd_properties(*properties.text)) {
            machine.amd.gpus.push_back({*target, file});
        }
    }
    if (!nodes.empty()) {
        return;
    }
    if (const auto enumerator = find_agent_enumerator(context, rocm_directory)) {
        const ProgramRun run = run_program(*enumerator, {}, context.timeout);
        if (!run.succeeded()) {
            machine.notes.push_back("rocm_agent_enumerator " + run.describe(context.timeout));
            return;
        }
        for (auto& target : parse_rocm_agent_enumerator(run.out)) {
            machine.amd.gpus.push_back({std::move(target), "rocm_agent_enumerator"});
        }
        return;
    }
    add_gfx_targets_without_kfd(context, pci, machine);
}

} // namespace

Expected<RocmVersion> parse_rocm_info_version(std::string_view content) {
    const std::string_view line = trim_ascii(content.substr(0, content.find('\n')));
    return RocmVersion::parse(line.substr(0, line.find('-')));
}

Expected<RocmVersion> parse_rocm_version_header(std::string_view content) {
    const auto major = number_after(content, "ROCM_VERSION_MAJOR");
    const auto minor = number_after(content, "ROCM_VERSION_MINOR");
    const auto patch = number_after(content, "ROCM_VERSION_PATCH");
    if (!major || !minor) {
        return ParseError{"no ROCM_VERSION_MAJOR and ROCM_VERSION_MINOR defines", 0, ""};
    }
    std::string text = std::to_string(*major) + "." + std::to_string(*minor);
    if (patch) {
        text += "." + std::to_string(*patch);
    }
    return RocmVersion::parse(text);
}

std::optional<std::string> gfx_target_name(std::uint32_t version) {
    return gfx_target_name(version / 10000, (version / 100) % 100, version % 100);
}

std::optional<std::string> gfx_target_from_kfd_properties(std::string_view content) {
    const auto version = number_after(content, "gfx_target_version");
    return version ? gfx_target_name(*version) : std::nullopt;
}

std::vector<std::string> parse_rocm_agent_enumerator(std::string_view output) {
    std::vector<std::string> targets;
    while (!output.empty()) {
        const std::size_t end = output.find('\n');
        const std::string_view line = trim_ascii(output.substr(0, end));
        output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
        if (line.starts_with("gfx") && line != "gfx000") {
            targets.emplace_back(line);
        }
    }
    return targets;
}

void add_amd_gpus_from_pci(const DetectionContext& context, const std::vector<PciDevice>& pci,
                           Machine& machine) {
    for (const auto& device : pci) {
        if (device.id.vendor != pci_vendor_amd) {
            continue;
        }
        const std::string where = "AMD GPU " + device.id.to_string() + " at " +
                                  (device.address.empty() ? device.source : device.address);
        const GpuCatalog* catalog = context.gpu_catalog();
        if (catalog == nullptr) {
            machine.notes.push_back(where + ": no GPU tables to look up its gfx target in");
            continue;
        }
        const GpuLookup lookup = catalog->lookup_pci(device.id);
        if (lookup.match) {
            machine.amd.gpus.push_back(
                {lookup.match->capability.gfx_target,
                 "gpu table: " + lookup.match->rule + " (" + device.source + ")"});
        } else {
            machine.notes.push_back(where + ": gfx target unknown: " + lookup.unknown_reason);
        }
    }
}

void detect_amd(const DetectionContext& context, const std::vector<PciDevice>& pci,
                Machine& machine) {
    const auto rocm_directory = detect_rocm(context, machine);
    detect_gfx_targets(context, pci, rocm_directory, machine);
}

} // namespace torchpin
