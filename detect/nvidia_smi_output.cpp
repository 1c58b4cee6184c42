// nvidia-smi CSV lines into GPUs: fields by name, "[N/A]" as unknown, units stripped.
#include "detect/nvidia_smi_output.hpp"

#include "engine/base/text_scanner.hpp"

#include <charconv>

namespace torchpin {

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = trim_ascii(text.substr(0, end));
        if (!line.empty()) {
            lines.push_back(line);
        }
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
}

std::vector<std::string> split_fields(std::string_view line) {
    std::vector<std::string> fields;
    while (true) {
        const std::size_t comma = line.find(',');
        fields.emplace_back(trim_ascii(line.substr(0, comma)));
        if (comma == std::string_view::npos) {
            return fields;
        }
        line.remove_prefix(comma + 1);
    }
}

// "[N/A]", "N/A", "[Not Supported]", "[Unknown Error]": nvidia-smi has no value to give.
bool is_missing(std::string_view value) {
    return value.empty() || value == "N/A" || (value.starts_with('[') && value.ends_with(']'));
}

std::optional<std::uint64_t> leading_number(std::string_view value) {
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end == value.data()) {
        return std::nullopt;
    }
    const std::string_view unit =
        trim_ascii(value.substr(static_cast<std::size_t>(end - value.data())));
    if (!unit.empty() && unit != "MiB") {
        return std::nullopt;
    }
    return number;
}

ParseError bad_value(std::string_view field, std::string_view value) {
    return ParseError{"nvidia-smi gave an unexpected " + std::string(field) + " '" +
                          std::string(value) + "'",
                      0, std::string(value)};
}

// Applies one field of a GPU's line; an error for values that are present but malformed.
std::optional<ParseError> apply(std::string_view field, const std::string& value, NvidiaGpu& gpu,
                                std::optional<DriverVersion>& driver) {
    if (is_missing(value)) {
        return std::nullopt;
    }
    if (field == "name") {
        gpu.name = value;
    } else if (field == "pci.bus_id") {
        gpu.bus_id = value;
    } else if (field == "pci.device_id") {
        std::uint32_t combined = 0;
        const std::string_view hex =
            std::string_view(value).substr(value.starts_with("0x") ? 2 : 0);
        const auto [end, error] =
            std::from_chars(hex.data(), hex.data() + hex.size(), combined, 16);
        if (error != std::errc() || end != hex.data() + hex.size()) {
            return bad_value(field, value);
        }
        gpu.pci_id = pci_id_from_combined(combined);
    } else if (field == "driver_version") {
        auto version = DriverVersion::parse(value);
        if (!version) {
            return version.error();
        }
        if (!driver) {
            driver = *version;
        }
    } else if (field == "memory.total") {
        gpu.memory_mib = leading_number(value);
        if (!gpu.memory_mib) {
            return bad_value(field, value);
        }
    } else if (field == "compute_cap") {
        auto capability = ComputeCapability::parse(value);
        if (!capability) {
            return capability.error();
        }
        gpu.compute_capability = Fact<ComputeCapability>{*capability, "nvidia-smi"};
    } else if (field == "mig.mode.current") {
        if (value != "Enabled" && value != "Disabled") {
            return bad_value(field, value);
        }
        gpu.mig = value == "Enabled";
    }
    return std::nullopt;
}

} // namespace

const std::vector<std::string>& nvidia_smi_fields() {
    static const std::vector<std::string> fields{"name",         "pci.bus_id",  "driver_version",
                                                 "memory.total", "compute_cap", "mig.mode.current"};
    return fields;
}

const std::vector<std::string>& nvidia_smi_basic_fields() {
    static const std::vector<std::string> fields{"name", "pci.bus_id", "driver_version",
                                                 "memory.total"};
    return fields;
}

Expected<NvidiaSmiReport> parse_nvidia_smi_csv(std::string_view output,
                                               const std::vector<std::string>& fields) {
    auto lines = split_lines(output);
    std::vector<std::string> names = fields;
    if (names.empty()) {
        if (lines.empty()) {
            return ParseError{"nvidia-smi printed no header line", 0, ""};
        }
        names = split_fields(lines.front());
        lines.erase(lines.begin());
    }
    NvidiaSmiReport report;
    for (std::string_view line : lines) {
        const auto values = split_fields(line);
        if (values.size() != names.size()) {
            return ParseError{"expected " + std::to_string(names.size()) +
                                  " comma-separated fields from nvidia-smi, found " +
                                  std::to_string(values.size()),
                              0, std::string(line)};
        }
        NvidiaGpu gpu;
        gpu.source = "nvidia-smi";
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (auto error = apply(names[i], values[i], gpu, report.driver)) {
                error->input = std::string(line);
                return *error;
            }
        }
        report.gpus.push_back(std::move(gpu));
    }
    return report;
}

std::optional<std::string> nvidia_smi_invalid_field(std::string_view output) {
    constexpr std::string_view prefix = "Field \"";
    constexpr std::string_view suffix = "\" is not a valid field to query";
    const std::size_t start = output.find(prefix);
    if (start == std::string_view::npos) {
        return std::nullopt;
    }
    const std::size_t name_start = start + prefix.size();
    const std::size_t end = output.find(suffix, name_start);
    if (end == std::string_view::npos) {
        return std::nullopt;
    }
    return std::string(output.substr(name_start, end - name_start));
}

PciId pci_id_from_combined(std::uint32_t combined) {
    return PciId{static_cast<std::uint16_t>(combined & 0xffffu),
                 static_cast<std::uint16_t>(combined >> 16)};
}

} // namespace torchpin
