// parse_companion_label: PyG's, flash-attn's and the PyTorch index's local labels.
#include "engine/matrix/companion_label.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <charconv>

namespace torchpin {

namespace {

// The leading decimal digits of `text`, consumed.
std::string_view take_digits(std::string_view& text) {
    const auto end = std::ranges::find_if_not(text, [](char c) { return c >= '0' && c <= '9'; });
    const auto count = static_cast<std::size_t>(end - text.begin());
    const std::string_view digits = text.substr(0, count);
    text.remove_prefix(count);
    return digits;
}

std::optional<std::uint32_t> number(std::string_view digits) {
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size()) {
        return std::nullopt;
    }
    return value;
}

std::optional<Backend> backend(std::string_view text) {
    auto parsed = Backend::parse(text);
    return parsed ? std::optional(*parsed) : std::nullopt;
}

// "pt28cu128": "pt", torch major (one digit) and minor, then a variant label.
std::optional<LabelledBuild> pyg(std::string_view label) {
    if (!label.starts_with("pt")) {
        return std::nullopt;
    }
    label.remove_prefix(2);
    const std::string_view digits = take_digits(label);
    const auto variant = backend(label);
    const auto minor = number(digits.size() > 1 ? digits.substr(1) : "");
    if (!variant || !minor) {
        return std::nullopt;
    }
    LabelledBuild build;
    build.scheme = LabelScheme::Pyg;
    build.torch_minor =
        Version::from(std::string(digits.substr(0, 1)) + "." + std::to_string(*minor));
    build.backend = variant;
    return build;
}

// "cu12torch2.8cxx11abitrue", "cu118torch2.0cxx11abifalse".
std::optional<LabelledBuild> flash_attn(std::string_view label) {
    const std::size_t torch = label.find("torch");
    const std::size_t abi = label.find("cxx11abi");
    if (!label.starts_with("cu") || torch == std::string_view::npos ||
        abi == std::string_view::npos || abi < torch) {
        return std::nullopt;
    }
    LabelledBuild build;
    build.scheme = LabelScheme::FlashAttn;
    const std::string_view cuda = label.substr(0, torch);
    if (cuda.size() == 4) { // "cu12": a whole CUDA major
        build.cuda_major = number(cuda.substr(2));
        if (!build.cuda_major) {
            return std::nullopt;
        }
    } else if (!(build.backend = backend(cuda))) {
        return std::nullopt;
    }
    const auto minor = Version::parse(label.substr(torch + 5, abi - torch - 5));
    const std::string_view flag = label.substr(abi + 8);
    if (!minor || minor->release().size() != 2 || (flag != "true" && flag != "false")) {
        return std::nullopt;
    }
    build.torch_minor = *minor;
    build.cxx11_abi = flag == "true";
    return build;
}

} // namespace

std::optional<LabelledBuild> parse_companion_label(std::string_view local_label) {
    std::string label(local_label);
    std::ranges::transform(label, label.begin(), ascii_lower);
    if (auto build = pyg(label)) {
        return build;
    }
    if (auto build = flash_attn(label)) {
        return build;
    }
    if (auto variant = backend(label)) {
        LabelledBuild build;
        build.backend = *variant;
        return build;
    }
    return std::nullopt;
}

Version torch_minor_of(const Version& version) {
    const auto release = version.release();
    return Version({release[0], release.size() > 1 ? release[1] : 0});
}

} // namespace torchpin
