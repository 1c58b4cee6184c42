// PyTorch build variants ("backends"): cpu, cuXYZ, rocmX.Y, xpu, as local labels and index paths.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/rocm_version.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace torchpin {

enum class BackendKind : std::uint8_t { Cpu, Cuda, Rocm, Xpu };

std::string_view name(BackendKind kind) noexcept; // "cpu", "cuda", "rocm", "xpu"
std::optional<BackendKind> parse_backend_kind(std::string_view text) noexcept; // "cuda" -> Cuda

// The side variants PyTorch published next to a kind's standard wheels, each with its own label
// and index directory (s3_management's NOT_ACCEPTED_SUBDIR_PATTERNS lists them as legacy).
enum class BuildVariant : std::uint8_t {
    Standard,
    Cxx11Abi,  // "cpu.cxx11.abi" in /whl/cpu-cxx11-abi/ (seen for torch 2.0 - 2.7, Linux)
    PypiCudnn, // "cu117.with.pypi.cudnn" in /whl/cu117_pypi_cudnn/ (seen for torch 1.13 - 2.0)
};

std::string_view name(BuildVariant variant) noexcept; // "standard", "cxx11-abi", "pypi-cudnn"
std::optional<BuildVariant> parse_build_variant(std::string_view text) noexcept;

// One PyTorch build variant, identified by the local version label of its wheels:
// Backend::from("cu121") is CUDA 12.1, and torch "2.5.1+cu121" is built with it.
//
// Ordered by kind (cpu < cuda < rocm < xpu), then by toolkit version, then variant; only the
// order within a kind means "newer". Invariant (tested): Backend::from(b.to_string()) == b.
class Backend {
public:
    // A local label: "cpu", "cu92", "cu121", "rocm5.4.2", "rocm6.2", "xpu", "cpu.cxx11.abi",
    // "cu117.with.pypi.cudnn". The CUDA digits are major then one minor digit: cu100 is 10.0.
    static Expected<Backend> parse(std::string_view label);
    static Backend from(std::string_view label); // throws ParseFailure
    // The variant directory in an index path or URL: "/whl/cu121/",
    // "https://download.pytorch.org/whl/nightly/cu128", "cu111/torch-1.8.0%2Bcu111-…whl",
    // "/whl/cpu-cxx11-abi/", "/whl/cu117_pypi_cudnn/". The first path segment that names a
    // variant wins; "cu121_full" (wheels that bundle the CUDA libraries) is labelled cu121.
    static Expected<Backend> parse_index_url(std::string_view url);

    BackendKind kind() const noexcept { return kind_; }
    BuildVariant variant() const noexcept { return variant_; }
    // The toolkit: set for cuda (12.1 from "cu121") and rocm (6.2 from "rocm6.2") only.
    std::optional<CudaVersion> cuda_version() const;
    std::optional<RocmVersion> rocm_version() const;

    std::string to_string() const;       // the label: "cu121", "cpu.cxx11.abi"
    std::string index_directory() const; // "cu121", "cpu-cxx11-abi", "cu117_pypi_cudnn"
    std::string name() const;            // for people: "CUDA 12.1", "ROCm 6.2", "CPU"

    friend std::strong_ordering operator<=>(const Backend& a, const Backend& b) noexcept;
    friend bool operator==(const Backend& a, const Backend& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }

private:
    using Toolkit = std::variant<std::monostate, CudaVersion, RocmVersion>;
    Backend(BackendKind kind, Toolkit toolkit, BuildVariant variant)
        : kind_(kind)
        , toolkit_(std::move(toolkit))
        , variant_(variant) {}

    BackendKind kind_;
    Toolkit toolkit_;
    BuildVariant variant_;
};

} // namespace torchpin
