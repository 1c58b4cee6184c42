// read_conda_export: conda's name=version=build lines, the pip-installed ones as pinned packages.
#include "importers/lock/conda_export.hpp"

#include "engine/base/text_scanner.hpp"
#include "engine/pep/package_name.hpp"

#include <algorithm>
#include <array>

namespace torchpin {

namespace {

constexpr std::string_view pip_build = "pypi_0"; // conda's build string for pip's packages

bool is_field_char(char c) {
    return is_ascii_alnum(c) || c == '_' || c == '.' || c == '+' || c == '-' || c == '!';
}

bool is_field(std::string_view field) {
    return !field.empty() && std::ranges::all_of(field, is_field_char);
}

// The names conda channels give the torch family: pytorch (pytorch, conda-forge), torch, ….
bool is_torch_family(std::string_view conda_name) {
    constexpr std::array<std::string_view, 4> names{"pytorch", "torch", "torchvision",
                                                    "torchaudio"};
    return std::ranges::find(names, conda_name) != names.end();
}

// Each line of `content`, trimmed.
template <typename Visit>
void for_each_line(std::string_view content, Visit visit) {
    for (std::size_t start = 0; start < content.size();) {
        const std::size_t end = std::min(content.find('\n', start), content.size());
        visit(trim_ascii(content.substr(start, end - start)));
        start = end + 1;
    }
}

class CondaExportReader {
public:
    explicit CondaExportReader(const TextInput& input) {
        result_.path = input.origin();
        result_.format = LockFormat::CondaExport;
    }

    void read_line(const TextLine& line) {
        const std::string_view text = trim_ascii(line.text);
        if (text.empty() || text.starts_with('#')) {
            return;
        }
        const SourceLocation where{result_.path, line.number,
                                   static_cast<std::size_t>(text.data() - line.text.data()) + 1};
        const auto entry = parse_conda_export_line(text);
        if (!entry) {
            note(std::string(text) + " is not a conda export line (name=version=build): not read",
                 where);
            return;
        }
        if (!result_.pip_stops_at) {
            result_.pip_stops_at = where;
        }
        if (entry->build == pip_build) {
            pip_package(*entry, where);
        } else if (is_torch_family(entry->name)) {
            note(std::string(entry->name) + " " + std::string(entry->version) + " (build " +
                     std::string(entry->build) +
                     ") comes from a conda channel, not from a pip index: not checked",
                 where);
        }
    }

    LockedRequirements take() { return std::move(result_); }

private:
    void pip_package(const CondaExportLine& entry, const SourceLocation& where) {
        const auto version = Version::parse(entry.version);
        if (!is_valid_package_name(entry.name) || !version) {
            note(std::string(entry.name) + "=" + std::string(entry.version) +
                     " is not a pip package name and PEP 440 version: not checked",
                 where);
            return;
        }
        LockedPackage package;
        package.name = normalize_package_name(entry.name);
        package.specifier = "==" + std::string(entry.version);
        package.pinned = *version;
        package.where = where;
        result_.packages.push_back(std::move(package));
    }

    void note(std::string message, const SourceLocation& where) {
        result_.notes.push_back(ReaderNote{std::move(message), where});
    }

    LockedRequirements result_;
};

} // namespace

std::optional<CondaExportLine> parse_conda_export_line(std::string_view line) {
    line = trim_ascii(line);
    const std::size_t first = line.find('=');
    const std::size_t second = first == std::string_view::npos ? first : line.find('=', first + 1);
    if (second == std::string_view::npos) {
        return std::nullopt;
    }
    const CondaExportLine entry{line.substr(0, first), line.substr(first + 1, second - first - 1),
                                line.substr(second + 1)};
    if (!is_field(entry.name) || !is_field(entry.version) || !is_field(entry.build) ||
        !(is_ascii_alnum(entry.name.front()) || entry.name.front() == '_')) {
        return std::nullopt;
    }
    return entry;
}

bool is_conda_export(std::string_view content) {
    bool platform_header = false;
    std::optional<bool> first_is_conda;
    bool any_conda = false;
    for_each_line(content, [&](std::string_view line) {
        platform_header = platform_header || line.starts_with("# platform:");
        if (line.empty() || line.starts_with('#')) {
            return;
        }
        const bool conda = parse_conda_export_line(line).has_value();
        first_is_conda = first_is_conda.value_or(conda);
        any_conda = any_conda || conda;
    });
    return any_conda && (platform_header || first_is_conda.value_or(false));
}

LockedRequirements read_conda_export(const TextInput& input) {
    CondaExportReader reader(input);
    for (const TextLine& line : input.lines()) {
        reader.read_line(line);
    }
    return reader.take();
}

} // namespace torchpin
