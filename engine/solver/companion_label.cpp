// Reading the torch build a companion's local label names, one scheme per family of packages.
#include "engine/solver/companion_label.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace torchpin {

namespace {

constexpr std::array<std::string_view, 5> pyg_packages{"pyg-lib", "torch-scatter", "torch-sparse",
                                                       "torch-cluster", "torch-spline-conv"};

bool all_digits(std::string_view text) {
    return !text.empty() && std::ranges::all_of(text, [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}

std::optional<std::uint32_t> cuda_major_of(const Backend& backend) {
    const auto cuda = backend.cuda_version();
    return cuda ? std::optional(cuda->major()) : std::nullopt;
}

// "28" -> 2.8, "212" -> 2.12: the first digit is the major (PyG's pt{M}{m}).
std::optional<Version> pyg_minor(std::string_view digits) {
    if (digits.size() < 2 || !all_digits(digits) || (digits.size() > 2 && digits[1] == '0')) {
        return std::nullopt;
    }
    auto version =
        Version::parse(std::string(digits.substr(0, 1)) + "." + std::string(digits.substr(1)));
    return version ? std::optional(*version) : std::nullopt;
}

std::optional<CompanionLabel> pyg_label(std::string_view label) {
    if (!label.starts_with("pt")) {
        return std::nullopt;
    }
    const std::string_view rest = label.substr(2);
    const auto letter = std::ranges::find_if(
        rest, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) == 0; });
    const auto split = static_cast<std::size_t>(letter - rest.begin());
    const auto minor = pyg_minor(rest.substr(0, split));
    const auto backend = Backend::parse(rest.substr(split));
    if (!minor || !backend) {
        return std::nullopt;
    }
    return CompanionLabel{*minor, *backend, cuda_major_of(*backend), std::nullopt};
}

// "12" -> 12 (a whole major: no PyTorch label has two digits from 10 up), "118" -> 11, "92" -> 9.
std::optional<std::uint32_t> flash_attn_cuda_major(std::string_view digits) {
    if (!all_digits(digits)) {
        return std::nullopt;
    }
    if (digits.size() == 2 && digits[0] != '0' && digits >= "10") {
        return static_cast<std::uint32_t>((digits[0] - '0') * 10 + (digits[1] - '0'));
    }
    const auto cuda = CudaVersion::parse_label("cu" + std::string(digits));
    return cuda ? std::optional(cuda->major()) : std::nullopt;
}

std::optional<CompanionLabel> flash_attn_label(std::string_view written) {
    // PEP 440 lower-cases a local label: an installed 2.8.3+cu12torch2.8cxx11abiTRUE reads back
    // as +cu12torch2.8cxx11abitrue.
    std::string lowered(written);
    std::ranges::transform(lowered, lowered.begin(), [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    const std::string_view label = lowered;
    const std::size_t torch_at = label.find("torch");
    const std::size_t abi_at = label.find("cxx11abi");
    if (!label.starts_with("cu") || torch_at == std::string_view::npos ||
        abi_at == std::string_view::npos || abi_at < torch_at) {
        return std::nullopt;
    }
    const auto major = flash_attn_cuda_major(label.substr(2, torch_at - 2));
    const auto minor = Version::parse(label.substr(torch_at + 5, abi_at - torch_at - 5));
    const std::string_view abi = label.substr(abi_at + 8);
    if (!major || !minor || minor->release().size() != 2 || minor->has_local() ||
        minor->to_string() != label.substr(torch_at + 5, abi_at - torch_at - 5) ||
        (abi != "true" && abi != "false")) {
        return std::nullopt;
    }
    return CompanionLabel{*minor, std::nullopt, major, abi == "true"};
}

} // namespace

std::optional<CompanionLabel> parse_companion_label(std::string_view package,
                                                    std::string_view label) {
    if (label.empty()) {
        return std::nullopt;
    }
    if (std::ranges::find(pyg_packages, package) != pyg_packages.end()) {
        return pyg_label(label);
    }
    if (package == "flash-attn") {
        return flash_attn_label(label);
    }
    const auto backend = Backend::parse(label);
    if (!backend) {
        return std::nullopt;
    }
    return CompanionLabel{std::nullopt, *backend, cuda_major_of(*backend), std::nullopt};
}

} // namespace torchpin
