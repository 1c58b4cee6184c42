// PyTorch backends: parsing local labels and index directories, printing, and their order.
#include "engine/hardware/backend.hpp"

#include "engine/base/enum_names.hpp"

#include <array>
#include <utility>

namespace torchpin {

namespace {

constexpr std::array backend_kind_names{std::pair{BackendKind::Cpu, std::string_view("cpu")},
                                        std::pair{BackendKind::Cuda, std::string_view("cuda")},
                                        std::pair{BackendKind::Rocm, std::string_view("rocm")},
                                        std::pair{BackendKind::Xpu, std::string_view("xpu")}};

constexpr std::array build_variant_names{
    std::pair{BuildVariant::Standard, std::string_view("standard")},
    std::pair{BuildVariant::Cxx11Abi, std::string_view("cxx11-abi")},
    std::pair{BuildVariant::PypiCudnn, std::string_view("pypi-cudnn")}};

constexpr std::string_view cxx11_abi_label = "cpu.cxx11.abi";
constexpr std::string_view cxx11_abi_directory = "cpu-cxx11-abi";
constexpr std::string_view pypi_cudnn_label_suffix = ".with.pypi.cudnn";
constexpr std::string_view pypi_cudnn_directory_suffix = "_pypi_cudnn";
constexpr std::string_view full_directory_suffix = "_full";

// Places an error from parsing a piece of `label` (starting at `offset`) within the label.
ParseError within(ParseError error, std::size_t offset, std::string_view label) {
    error.position += offset;
    error.input = std::string(label);
    return error;
}

// A path segment as an index directory, or nullopt when it names no variant.
std::optional<Backend> from_index_directory(std::string_view segment) {
    if (segment == cxx11_abi_directory) {
        return Backend::from(cxx11_abi_label);
    }
    for (const auto suffix : {pypi_cudnn_directory_suffix, full_directory_suffix}) {
        if (segment.size() > suffix.size() && segment.starts_with("cu") &&
            segment.ends_with(suffix)) {
            const std::string label(segment.substr(0, segment.size() - suffix.size()));
            auto cuda = Backend::parse(label);
            if (!cuda || cuda->variant() != BuildVariant::Standard) {
                return std::nullopt;
            }
            if (suffix == pypi_cudnn_directory_suffix) {
                return Backend::from(label + std::string(pypi_cudnn_label_suffix));
            }
            return *cuda;
        }
    }
    auto backend = Backend::parse(segment);
    if (!backend || backend->variant() != BuildVariant::Standard) {
        return std::nullopt;
    }
    return *backend;
}

} // namespace

std::string_view name(BackendKind kind) noexcept {
    return name_of(backend_kind_names, kind);
}

std::optional<BackendKind> parse_backend_kind(std::string_view text) noexcept {
    return find_by_name(backend_kind_names, text);
}

std::string_view name(BuildVariant variant) noexcept {
    return name_of(build_variant_names, variant);
}

std::optional<BuildVariant> parse_build_variant(std::string_view text) noexcept {
    return find_by_name(build_variant_names, text);
}

Expected<Backend> Backend::parse(std::string_view label) {
    if (label == "cpu") {
        return Backend(BackendKind::Cpu, {}, BuildVariant::Standard);
    }
    if (label == cxx11_abi_label) {
        return Backend(BackendKind::Cpu, {}, BuildVariant::Cxx11Abi);
    }
    if (label == "xpu") {
        return Backend(BackendKind::Xpu, {}, BuildVariant::Standard);
    }
    if (label.starts_with("rocm")) {
        auto version = RocmVersion::parse(label.substr(4));
        if (!version) {
            return within(version.error(), 4, label);
        }
        return Backend(BackendKind::Rocm, *version, BuildVariant::Standard);
    }
    if (label.starts_with("cu")) {
        const bool pypi_cudnn = label.ends_with(pypi_cudnn_label_suffix);
        const std::string_view digits =
            pypi_cudnn ? label.substr(0, label.size() - pypi_cudnn_label_suffix.size()) : label;
        auto version = CudaVersion::parse_label(digits);
        if (!version) {
            return within(version.error(), 0, label);
        }
        return Backend(BackendKind::Cuda, *version,
                       pypi_cudnn ? BuildVariant::PypiCudnn : BuildVariant::Standard);
    }
    return ParseError{"unknown PyTorch backend label; expected cpu, cuXYZ (cu121), rocmX.Y "
                      "(rocm6.2) or xpu",
                      0, std::string(label)};
}

Backend Backend::from(std::string_view label) {
    return parse(label).value();
}

Expected<Backend> Backend::parse_index_url(std::string_view url) {
    std::string_view path = url.substr(0, url.find_first_of("?#"));
    if (const auto scheme = path.find("://"); scheme != std::string_view::npos) {
        const auto host_end = path.find('/', scheme + 3);
        path = host_end == std::string_view::npos ? std::string_view() : path.substr(host_end);
    }
    while (!path.empty()) {
        const auto slash = path.find('/');
        if (auto backend = from_index_directory(path.substr(0, slash))) {
            return *backend;
        }
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
    }
    return ParseError{"no PyTorch variant directory (cpu, cu121, rocm6.2, xpu, …) in this "
                      "index path",
                      0, std::string(url)};
}

std::optional<CudaVersion> Backend::cuda_version() const {
    if (const auto* version = std::get_if<CudaVersion>(&toolkit_)) {
        return *version;
    }
    return std::nullopt;
}

std::optional<RocmVersion> Backend::rocm_version() const {
    if (const auto* version = std::get_if<RocmVersion>(&toolkit_)) {
        return *version;
    }
    return std::nullopt;
}

std::string Backend::to_string() const {
    switch (kind_) {
    case BackendKind::Cpu:
        return std::string(variant_ == BuildVariant::Cxx11Abi ? cxx11_abi_label : "cpu");
    case BackendKind::Cuda:
        return *std::get<CudaVersion>(toolkit_).label() +
               std::string(variant_ == BuildVariant::PypiCudnn ? pypi_cudnn_label_suffix : "");
    case BackendKind::Rocm:
        return "rocm" + std::get<RocmVersion>(toolkit_).to_string();
    case BackendKind::Xpu:
        return "xpu";
    }
    return {};
}

std::string Backend::index_directory() const {
    switch (variant_) {
    case BuildVariant::Cxx11Abi:
        return std::string(cxx11_abi_directory);
    case BuildVariant::PypiCudnn:
        return *std::get<CudaVersion>(toolkit_).label() + std::string(pypi_cudnn_directory_suffix);
    case BuildVariant::Standard:
        return to_string();
    }
    return {};
}

std::string Backend::name() const {
    switch (kind_) {
    case BackendKind::Cpu:
        return variant_ == BuildVariant::Cxx11Abi ? "CPU (C++11 ABI)" : "CPU";
    case BackendKind::Cuda:
        return "CUDA " + std::get<CudaVersion>(toolkit_).to_string() +
               (variant_ == BuildVariant::PypiCudnn ? " (cuDNN from PyPI)" : "");
    case BackendKind::Rocm:
        return "ROCm " + std::get<RocmVersion>(toolkit_).to_string();
    case BackendKind::Xpu:
        return "Intel XPU";
    }
    return {};
}

std::strong_ordering operator<=>(const Backend& a, const Backend& b) noexcept {
    if (auto c = a.kind_ <=> b.kind_; c != 0) {
        return c;
    }
    if (auto c = a.toolkit_ <=> b.toolkit_; c != 0) {
        return c;
    }
    return a.variant_ <=> b.variant_;
}

} // namespace torchpin
