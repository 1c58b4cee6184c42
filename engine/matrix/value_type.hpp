// The engine type of a matrix column (a PEP 440 version, a specifier set, a backend, a driver
// version, an arch list, a closed set of words, ...): how its text is checked when data/ is read
// and parsed when a row is decoded, and how it is stored.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/arch_list.hpp"
#include "engine/hardware/backend.hpp"
#include "engine/hardware/compute_capability.hpp"
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/pci_id.hpp"
#include "engine/hardware/rocm_version.hpp"
#include "engine/hardware/vc_runtime_version.hpp"
#include "engine/matrix/wheel_build.hpp"
#include "engine/pep/specifier.hpp"
#include "engine/pep/tag_environment.hpp"
#include "engine/pep/version.hpp"
#include "engine/pep/wheel_filename.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

enum class ValueType : std::uint8_t {
    // One value.
    Text,              // any text
    Flag,              // true or false, stored as INTEGER 0 or 1
    Natural,           // a decimal number written as text: a CUDA major ("12")
    Version,           // a PEP 440 version: "2.1.2", "0.16.2+cu121"
    Specifier,         // a PEP 440 specifier set: ">=2.6,<2.8", "==2.4.0"
    Backend,           // a build variant label: "cu121", "rocm6.2.4", "cpu", "xpu"
    CudaVersion,       // a CUDA toolkit release: "12.8.1"
    DriverVersion,     // an NVIDIA driver version: "570.26", "450.80.02"
    RocmVersion,       // a ROCm release: "5.2"
    ComputeCapability, // "8.6"
    VcRuntimeVersion,  // a Visual C++ runtime file version: "14.40.33810.0"
    Os,                // "linux", "windows", "macos"
    CpuArch,           // "x86_64", "aarch64" ("arm64" reads as aarch64)
    PciId,             // "10de:2684"
    PciHalf,           // one half of a PCI id, four hex digits: "10de"
    GfxTarget,         // an AMD LLVM target: "gfx1030", "gfx90a"
    Date,              // an ISO date, to the day or the month: "2024-07-24", "2023-10"
    Sha256,            // 64 lower-case hex digits
    WheelFile,         // a wheel file name: "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl"
    Enum,              // one word of the column's allowed list
    // Lists: a TOML array of strings, stored space-separated (Lines: one item per line).
    ArchList,    // TORCH_CUDA_ARCH_LIST entries: "8.6", "9.0+PTX"
    BackendList, // build variant labels: "cu121", "cpu"
    GfxList,     // gfx targets
    PythonList,  // Python versions wheels are built for: "3.12", "3.13t"
    PciIdList,   // PCI ids
    Words,       // words without spaces
    Citations,   // ids of the citation table
    Urls,        // links
    EnumList,    // words of the column's allowed list
    Lines,       // items of one line each, spaces allowed
    BuildList,   // a wheel group set's builds (WheelBuild): "cu118:cu118 cu121:cu121"
};

// What a value of the type looks like, for error messages: "a PEP 440 specifier set
// (\">=2.6,<2.8\")".
std::string_view value_type_phrase(ValueType type) noexcept;

// Whether values of the type are lists, and the separator of their items in the stored text.
bool is_list(ValueType type) noexcept;
char list_separator(ValueType type) noexcept; // '\n' for Lines, ' ' for the other lists
// Whether the type is stored as an SQLite INTEGER (Flag) rather than TEXT.
constexpr bool is_stored_as_integer(ValueType type) noexcept {
    return type == ValueType::Flag;
}

// Checks one value of a scalar type, or one item of a list type, against the type; `allowed`
// is the column's space-separated allowed list (Enum, EnumList). The error's position is a byte
// offset into `text`.
std::optional<ParseError> check_value(ValueType type, std::string_view allowed,
                                      std::string_view text);

// The items of a list value (split at its separator; empty items dropped).
std::vector<std::string_view> list_items(ValueType type, std::string_view text);

// The C++ value each type decodes into: text for Text, Enum and the checked strings (GfxTarget,
// Date, Sha256), vectors of items for the lists.
template <ValueType type>
struct ValueOf {
    using Type = std::string;
};
// clang-format off
template <> struct ValueOf<ValueType::Flag> { using Type = bool; };
template <> struct ValueOf<ValueType::Natural> { using Type = std::uint32_t; };
template <> struct ValueOf<ValueType::Version> { using Type = ::torchpin::Version; };
template <> struct ValueOf<ValueType::Specifier> { using Type = SpecifierSet; };
template <> struct ValueOf<ValueType::Backend> { using Type = ::torchpin::Backend; };
template <> struct ValueOf<ValueType::CudaVersion> { using Type = ::torchpin::CudaVersion; };
template <> struct ValueOf<ValueType::DriverVersion> { using Type = ::torchpin::DriverVersion; };
template <> struct ValueOf<ValueType::RocmVersion> { using Type = ::torchpin::RocmVersion; };
template <> struct ValueOf<ValueType::ComputeCapability> { using Type = ::torchpin::ComputeCapability; };
template <> struct ValueOf<ValueType::VcRuntimeVersion> { using Type = ::torchpin::VcRuntimeVersion; };
template <> struct ValueOf<ValueType::Os> { using Type = OperatingSystem; };
template <> struct ValueOf<ValueType::CpuArch> { using Type = ::torchpin::CpuArch; };
template <> struct ValueOf<ValueType::PciId> { using Type = ::torchpin::PciId; };
template <> struct ValueOf<ValueType::PciHalf> { using Type = std::uint16_t; };
template <> struct ValueOf<ValueType::WheelFile> { using Type = WheelFilename; };
template <> struct ValueOf<ValueType::ArchList> { using Type = std::vector<ArchTarget>; };
template <> struct ValueOf<ValueType::BackendList> { using Type = std::vector<::torchpin::Backend>; };
template <> struct ValueOf<ValueType::GfxList> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::PythonList> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::PciIdList> { using Type = std::vector<::torchpin::PciId>; };
template <> struct ValueOf<ValueType::Words> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::Citations> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::Urls> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::EnumList> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::Lines> { using Type = std::vector<std::string>; };
template <> struct ValueOf<ValueType::BuildList> { using Type = std::vector<WheelBuild>; };
// clang-format on

// Parses a stored value (a whole list for list types) into its C++ value.
template <ValueType type>
Expected<typename ValueOf<type>::Type> parse_value(std::string_view text, std::string_view allowed);

} // namespace torchpin
