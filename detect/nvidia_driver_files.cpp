// Driver versions out of the kernel module's sysfs and procfs files.
#include "detect/nvidia_driver_files.hpp"

#include "engine/base/text_scanner.hpp"

#include <vector>

namespace torchpin {

namespace {

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_ascii_space(text[i])) {
            ++i;
        }
        const std::size_t start = i;
        while (i < text.size() && !is_ascii_space(text[i])) {
            ++i;
        }
        if (i > start) {
            out.push_back(text.substr(start, i - start));
        }
    }
    return out;
}

ParseError not_found(std::string_view content, std::string message) {
    return ParseError{std::move(message), 0, std::string(content.substr(0, content.find('\n')))};
}

} // namespace

Expected<DriverVersion> parse_sys_module_nvidia_version(std::string_view content) {
    return DriverVersion::parse(trim_ascii(content));
}

Expected<DriverVersion> parse_proc_driver_nvidia_version(std::string_view content) {
    constexpr std::string_view marker = "NVRM version:";
    const std::size_t start = content.find(marker);
    if (start == std::string_view::npos) {
        return not_found(content, "no 'NVRM version:' line");
    }
    std::string_view line = content.substr(start + marker.size());
    line = line.substr(0, line.find('\n'));
    const auto tokens = words(line);
    // The version follows "Kernel Module" (old banner) or "Kernel Module for <arch>" (open).
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (tokens[i] != "Kernel" || tokens[i + 1] != "Module") {
            continue;
        }
        std::size_t at = i + 2;
        if (at < tokens.size() && tokens[at] == "for") {
            at += 2;
        }
        if (at >= tokens.size()) {
            break;
        }
        return DriverVersion::parse(tokens[at]);
    }
    return not_found(content, "no driver version after 'Kernel Module' in the NVRM line");
}

} // namespace torchpin
