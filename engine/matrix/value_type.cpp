// Checks and parsers of matrix column values, one per engine type.
#include "engine/matrix/value_type.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace torchpin {

namespace {

ParseError error_in(std::string_view text, std::string message, std::size_t position = 0) {
    return ParseError{std::move(message), position, std::string(text)};
}

bool is_hex_digit(char c) noexcept {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

// The position of the first character of `text` that `fits` rejects, or npos.
template <class Fits>
std::size_t first_misfit(std::string_view text, Fits fits) {
    const auto it = std::find_if_not(text.begin(), text.end(), fits);
    return it == text.end() ? std::string_view::npos : static_cast<std::size_t>(it - text.begin());
}

std::optional<ParseError> check_word(std::string_view text) {
    if (text.empty()) {
        return error_in(text, "empty");
    }
    if (const auto at = first_misfit(text, [](char c) { return c != ' ' && c != '\n'; });
        at != std::string_view::npos) {
        return error_in(text, "a space inside a word", at);
    }
    return std::nullopt;
}

std::optional<ParseError> check_line(std::string_view text) {
    if (text.empty()) {
        return error_in(text, "empty");
    }
    if (const auto at = text.find('\n'); at != std::string_view::npos) {
        return error_in(text, "a line break inside an item of one line", at);
    }
    return std::nullopt;
}

// Walks `allowed` in place: release_backend's evidence is checked on every read of the table.
std::optional<ParseError> check_enum(std::string_view allowed, std::string_view text) {
    for (std::size_t start = 0; start < allowed.size();) {
        const std::size_t end = std::min(allowed.find(' ', start), allowed.size());
        if (allowed.substr(start, end - start) == text) {
            return std::nullopt;
        }
        start = end + 1;
    }
    return error_in(text, "\"" + std::string(text) + "\" is not one of: " + std::string(allowed));
}

// "gfx" and three or four lower-case hex digits, the first a decimal one: gfx90a, gfx1030.
std::optional<ParseError> check_gfx_target(std::string_view text) {
    if (!text.starts_with("gfx")) {
        return error_in(text, "a gfx target starts with \"gfx\"");
    }
    const std::string_view digits = text.substr(3);
    if (digits.size() < 3 || digits.size() > 4 || !is_digit(digits.front())) {
        return error_in(text, "expected three or four hex digits after \"gfx\"", 3);
    }
    if (const auto at = first_misfit(digits, is_hex_digit); at != std::string_view::npos) {
        return error_in(text, "not a lower-case hex digit", 3 + at);
    }
    return std::nullopt;
}

// YYYY-MM-DD with a month 01..12 and a day 01..31.
// A date to the day or, where the source gives no day, to the month: "2024-07-24", "2023-10".
std::optional<ParseError> check_date(std::string_view text) {
    const auto digits = [&](std::size_t at) {
        return first_misfit(text.substr(at, 2), is_digit) == std::string_view::npos;
    };
    const bool shaped = (text.size() == 7 || text.size() == 10) && text[4] == '-' &&
                        first_misfit(text.substr(0, 4), is_digit) == std::string_view::npos &&
                        digits(5) && (text.size() == 7 || (text[7] == '-' && digits(8)));
    if (!shaped) {
        return error_in(text, "expected YYYY-MM-DD or YYYY-MM");
    }
    const int month = (text[5] - '0') * 10 + (text[6] - '0');
    if (month < 1 || month > 12) {
        return error_in(text, "no month " + std::string(text.substr(5, 2)), 5);
    }
    if (text.size() == 10) {
        const int day = (text[8] - '0') * 10 + (text[9] - '0');
        if (day < 1 || day > 31) {
            return error_in(text, "no day " + std::string(text.substr(8, 2)), 8);
        }
    }
    return std::nullopt;
}

std::optional<ParseError> check_sha256(std::string_view text) {
    if (const auto at = first_misfit(text, is_hex_digit); at != std::string_view::npos) {
        return error_in(text, "not a lower-case hex digit", at);
    }
    if (text.size() != 64) {
        return error_in(text, "expected 64 hex digits, found " + std::to_string(text.size()));
    }
    return std::nullopt;
}

// A Python version wheels are built for: "3.12", "2.7", "3.13t" (free-threaded).
std::optional<ParseError> check_python(std::string_view text) {
    const std::string_view release = text.ends_with('t') ? text.substr(0, text.size() - 1) : text;
    const auto dot = release.find('.');
    const bool shaped = dot != std::string_view::npos && dot > 0 && dot + 1 < release.size() &&
                        first_misfit(release.substr(0, dot), is_digit) == std::string_view::npos &&
                        first_misfit(release.substr(dot + 1), is_digit) == std::string_view::npos;
    if (!shaped) {
        return error_in(text, "expected a Python version such as \"3.12\" or \"3.13t\"");
    }
    return std::nullopt;
}

std::optional<ParseError> check_url(std::string_view text) {
    if (auto error = check_word(text)) {
        return error;
    }
    if (!text.starts_with("https://") && !text.starts_with("http://")) {
        return error_in(text, "a link starts with https:// or http://");
    }
    return std::nullopt;
}

template <class T>
Expected<T> from_optional(std::optional<T> value, std::string_view text, const char* what) {
    if (value) {
        return *value;
    }
    return error_in(text, std::string("unknown ") + what + " \"" + std::string(text) + "\"");
}

Expected<std::string> checked_text(std::optional<ParseError> error, std::string_view text) {
    if (error) {
        return *std::move(error);
    }
    return std::string(text);
}

template <class Number>
Expected<Number> parse_number(std::string_view text) {
    Number value{};
    const auto [end, failure] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || failure != std::errc() || end != text.data() + text.size()) {
        return error_in(text, "expected a whole number",
                        static_cast<std::size_t>(end - text.data()));
    }
    return value;
}

// The items of a list, each parsed by `parse_item`; an error's position is moved to its place in
// the whole text.
template <class Item, class ParseItem>
Expected<std::vector<Item>> parse_list(ValueType type, std::string_view text,
                                       ParseItem parse_item) {
    std::vector<Item> items;
    for (const std::string_view item : list_items(type, text)) {
        auto parsed = parse_item(item);
        if (!parsed) {
            ParseError error = parsed.error();
            error.position += static_cast<std::size_t>(item.data() - text.data());
            error.input = std::string(text);
            return error;
        }
        items.push_back(*std::move(parsed));
    }
    return items;
}

// A string list whose items `check` accepts.
template <class Check>
Expected<std::vector<std::string>> parse_string_list(ValueType type, std::string_view text,
                                                     Check check) {
    return parse_list<std::string>(
        type, text, [&](std::string_view item) { return checked_text(check(item), item); });
}

} // namespace

std::string_view value_type_phrase(ValueType type) noexcept {
    switch (type) {
    case ValueType::Text:
        return "text";
    case ValueType::Flag:
        return "true or false";
    case ValueType::Natural:
        return "a whole number written as text (\"12\")";
    case ValueType::Version:
        return "a PEP 440 version (\"2.1.2\")";
    case ValueType::Specifier:
        return "a PEP 440 specifier set (\">=2.6,<2.8\")";
    case ValueType::Backend:
        return "a backend label (\"cu121\", \"rocm6.2.4\", \"cpu\")";
    case ValueType::CudaVersion:
        return "a CUDA toolkit release (\"12.8.1\")";
    case ValueType::DriverVersion:
        return "an NVIDIA driver version (\"570.26\")";
    case ValueType::RocmVersion:
        return "a ROCm release (\"6.2\")";
    case ValueType::ComputeCapability:
        return "a compute capability (\"8.6\")";
    case ValueType::VcRuntimeVersion:
        return "a Visual C++ runtime version (\"14.40.33810.0\")";
    case ValueType::Os:
        return "an operating system (linux, windows, macos)";
    case ValueType::CpuArch:
        return "a CPU architecture (x86_64, aarch64)";
    case ValueType::PciId:
        return "a PCI id (\"10de:2684\")";
    case ValueType::PciHalf:
        return "four hex digits of a PCI id (\"10de\")";
    case ValueType::GfxTarget:
        return "an AMD gfx target (\"gfx1030\")";
    case ValueType::Date:
        return "a date (\"2024-07-24\" or \"2024-07\")";
    case ValueType::Sha256:
        return "a SHA-256 digest (64 hex digits)";
    case ValueType::WheelFile:
        return "a wheel file name";
    case ValueType::Enum:
        return "one of the column's words";
    case ValueType::ArchList:
        return "a list of TORCH_CUDA_ARCH_LIST entries (\"8.6\", \"9.0+PTX\")";
    case ValueType::BackendList:
        return "a list of backend labels (\"cu121\", \"cpu\")";
    case ValueType::GfxList:
        return "a list of AMD gfx targets";
    case ValueType::PythonList:
        return "a list of Python versions (\"3.12\", \"3.13t\")";
    case ValueType::PciIdList:
        return "a list of PCI ids";
    case ValueType::Words:
        return "a list of words";
    case ValueType::Citations:
        return "a list of citation ids";
    case ValueType::Urls:
        return "a list of links";
    case ValueType::EnumList:
        return "a list of the column's words";
    case ValueType::Lines:
        return "a list of one-line strings";
    case ValueType::BuildList:
        return "a list of wheel builds (\"cu121:cu121\", \":cpu\")";
    }
    return "a value";
}

bool is_list(ValueType type) noexcept {
    return type >= ValueType::ArchList;
}

char list_separator(ValueType type) noexcept {
    return type == ValueType::Lines ? '\n' : ' ';
}

std::vector<std::string_view> list_items(ValueType type, std::string_view text) {
    const char separator = list_separator(type);
    std::vector<std::string_view> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(separator, start), text.size());
        if (end > start) {
            items.push_back(text.substr(start, end - start));
        }
        start = end + 1;
    }
    return items;
}

template <ValueType type>
Expected<typename ValueOf<type>::Type> parse_value(std::string_view text,
                                                   std::string_view allowed) {
    if constexpr (type == ValueType::Text) {
        return std::string(text);
    } else if constexpr (type == ValueType::Flag) {
        if (text == "0" || text == "1") {
            return text == "1";
        }
        return error_in(text, "expected true or false");
    } else if constexpr (type == ValueType::Natural) {
        return parse_number<std::uint32_t>(text);
    } else if constexpr (type == ValueType::Version) {
        return Version::parse(text);
    } else if constexpr (type == ValueType::Specifier) {
        return SpecifierSet::parse(text);
    } else if constexpr (type == ValueType::Backend) {
        return Backend::parse(text);
    } else if constexpr (type == ValueType::CudaVersion) {
        return CudaVersion::parse(text);
    } else if constexpr (type == ValueType::DriverVersion) {
        return DriverVersion::parse(text);
    } else if constexpr (type == ValueType::RocmVersion) {
        return RocmVersion::parse(text);
    } else if constexpr (type == ValueType::ComputeCapability) {
        return ComputeCapability::parse(text);
    } else if constexpr (type == ValueType::VcRuntimeVersion) {
        return VcRuntimeVersion::parse(text);
    } else if constexpr (type == ValueType::Os) {
        return from_optional(parse_operating_system(text), text, "operating system");
    } else if constexpr (type == ValueType::CpuArch) {
        return from_optional(parse_cpu_arch(text), text, "CPU architecture");
    } else if constexpr (type == ValueType::PciId) {
        return PciId::parse(text);
    } else if constexpr (type == ValueType::PciHalf) {
        return parse_pci_half(text);
    } else if constexpr (type == ValueType::GfxTarget) {
        return checked_text(check_gfx_target(text), text);
    } else if constexpr (type == ValueType::Date) {
        return checked_text(check_date(text), text);
    } else if constexpr (type == ValueType::Sha256) {
        return checked_text(check_sha256(text), text);
    } else if constexpr (type == ValueType::WheelFile) {
        return WheelFilename::parse(text);
    } else if constexpr (type == ValueType::Enum) {
        return checked_text(check_enum(allowed, text), text);
    } else if constexpr (type == ValueType::ArchList) {
        return parse_list<ArchTarget>(type, text, ArchTarget::parse);
    } else if constexpr (type == ValueType::BackendList) {
        return parse_list<Backend>(type, text, Backend::parse);
    } else if constexpr (type == ValueType::GfxList) {
        return parse_string_list(type, text, check_gfx_target);
    } else if constexpr (type == ValueType::PythonList) {
        return parse_string_list(type, text, check_python);
    } else if constexpr (type == ValueType::PciIdList) {
        return parse_list<PciId>(type, text, PciId::parse);
    } else if constexpr (type == ValueType::Words || type == ValueType::Citations) {
        return parse_string_list(type, text, check_word);
    } else if constexpr (type == ValueType::Urls) {
        return parse_string_list(type, text, check_url);
    } else if constexpr (type == ValueType::EnumList) {
        return parse_string_list(type, text,
                                 [&](std::string_view item) { return check_enum(allowed, item); });
    } else if constexpr (type == ValueType::Lines) {
        return parse_string_list(type, text, check_line);
    } else {
        static_assert(type == ValueType::BuildList);
        return parse_list<WheelBuild>(type, text, parse_wheel_build);
    }
}

namespace {

template <ValueType type>
std::optional<ParseError> failure_of(std::string_view text, std::string_view allowed) {
    auto parsed = parse_value<type>(text, allowed);
    if (parsed) {
        return std::nullopt;
    }
    return parsed.error();
}

} // namespace

std::optional<ParseError> check_value(ValueType type, std::string_view allowed,
                                      std::string_view text) {
    switch (type) {
    case ValueType::Text:
        return std::nullopt;
    case ValueType::Flag:
        return failure_of<ValueType::Flag>(text, allowed);
    case ValueType::Natural:
        return failure_of<ValueType::Natural>(text, allowed);
    case ValueType::Version:
        return failure_of<ValueType::Version>(text, allowed);
    case ValueType::Specifier:
        return failure_of<ValueType::Specifier>(text, allowed);
    case ValueType::Backend:
        return failure_of<ValueType::Backend>(text, allowed);
    case ValueType::CudaVersion:
        return failure_of<ValueType::CudaVersion>(text, allowed);
    case ValueType::DriverVersion:
        return failure_of<ValueType::DriverVersion>(text, allowed);
    case ValueType::RocmVersion:
        return failure_of<ValueType::RocmVersion>(text, allowed);
    case ValueType::ComputeCapability:
        return failure_of<ValueType::ComputeCapability>(text, allowed);
    case ValueType::VcRuntimeVersion:
        return failure_of<ValueType::VcRuntimeVersion>(text, allowed);
    case ValueType::Os:
        return failure_of<ValueType::Os>(text, allowed);
    case ValueType::CpuArch:
        return failure_of<ValueType::CpuArch>(text, allowed);
    case ValueType::PciId:
    case ValueType::PciIdList:
        return failure_of<ValueType::PciId>(text, allowed);
    case ValueType::PciHalf:
        return failure_of<ValueType::PciHalf>(text, allowed);
    case ValueType::GfxTarget:
    case ValueType::GfxList:
        return check_gfx_target(text);
    case ValueType::Date:
        return check_date(text);
    case ValueType::Sha256:
        return check_sha256(text);
    case ValueType::WheelFile:
        return failure_of<ValueType::WheelFile>(text, allowed);
    case ValueType::Enum:
    case ValueType::EnumList:
        return check_enum(allowed, text);
    case ValueType::ArchList:
        return failure_of<ValueType::ArchList>(text, allowed);
    case ValueType::BackendList:
        return failure_of<ValueType::Backend>(text, allowed);
    case ValueType::PythonList:
        return check_python(text);
    case ValueType::Words:
    case ValueType::Citations:
        return check_word(text);
    case ValueType::Urls:
        return check_url(text);
    case ValueType::Lines:
        return check_line(text);
    case ValueType::BuildList:
        if (auto build = parse_wheel_build(text); !build) {
            return build.error();
        }
        return std::nullopt;
    }
    return std::nullopt;
}

template Expected<std::string> parse_value<ValueType::Text>(std::string_view, std::string_view);
template Expected<bool> parse_value<ValueType::Flag>(std::string_view, std::string_view);
template Expected<std::uint32_t> parse_value<ValueType::Natural>(std::string_view,
                                                                 std::string_view);
template Expected<Version> parse_value<ValueType::Version>(std::string_view, std::string_view);
template Expected<SpecifierSet> parse_value<ValueType::Specifier>(std::string_view,
                                                                  std::string_view);
template Expected<Backend> parse_value<ValueType::Backend>(std::string_view, std::string_view);
template Expected<CudaVersion> parse_value<ValueType::CudaVersion>(std::string_view,
                                                                   std::string_view);
template Expected<DriverVersion> parse_value<ValueType::DriverVersion>(std::string_view,
                                                                       std::string_view);
template Expected<RocmVersion> parse_value<ValueType::RocmVersion>(std::string_view,
                                                                   std::string_view);
template Expected<ComputeCapability> parse_value<ValueType::ComputeCapability>(std::string_view,
                                                                               std::string_view);
template Expected<VcRuntimeVersion> parse_value<ValueType::VcRuntimeVersion>(std::string_view,
                                                                             std::string_view);
template Expected<OperatingSystem> parse_value<ValueType::Os>(std::string_view, std::string_view);
template Expected<CpuArch> parse_value<ValueType::CpuArch>(std::string_view, std::string_view);
template Expected<PciId> parse_value<ValueType::PciId>(std::string_view, std::string_view);
template Expected<std::uint16_t> parse_value<ValueType::PciHalf>(std::string_view,
                                                                 std::string_view);
template Expected<std::string> parse_value<ValueType::GfxTarget>(std::string_view,
                                                                 std::string_view);
template Expected<std::string> parse_value<ValueType::Date>(std::string_view, std::string_view);
template Expected<std::string> parse_value<ValueType::Sha256>(std::string_view, std::string_view);
template Expected<WheelFilename> parse_value<ValueType::WheelFile>(std::string_view,
                                                                   std::string_view);
template Expected<std::string> parse_value<ValueType::Enum>(std::string_view, std::string_view);
template Expected<std::vector<ArchTarget>> parse_value<ValueType::ArchList>(std::string_view,
                                                                            std::string_view);
template Expected<std::vector<Backend>> parse_value<ValueType::BackendList>(std::string_view,
                                                                            std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::GfxList>(std::string_view,
                                                                            std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::PythonList>(std::string_view,
                                                                               std::string_view);
template Expected<std::vector<PciId>> parse_value<ValueType::PciIdList>(std::string_view,
                                                                        std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::Words>(std::string_view,
                                                                          std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::Citations>(std::string_view,
                                                                              std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::Urls>(std::string_view,
                                                                         std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::EnumList>(std::string_view,
                                                                             std::string_view);
template Expected<std::vector<std::string>> parse_value<ValueType::Lines>(std::string_view,
                                                                          std::string_view);
template Expected<std::vector<WheelBuild>> parse_value<ValueType::BuildList>(std::string_view,
                                                                             std::string_view);

} // namespace torchpin
