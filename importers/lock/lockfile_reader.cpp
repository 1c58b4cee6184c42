// read_locked_requirements: format detection by name and content, then the matching reader.
#include "importers/lock/lockfile_reader.hpp"

#include "engine/base/utf8_path.hpp"
#include "importers/lock/conda_export.hpp"
#include "importers/lock/pylock.hpp"
#include "importers/lock/requirements_file.hpp"
#include "importers/lock/uv_lock.hpp"

namespace torchpin {

namespace {

// Whether a line of `content` starts with `prefix` (after spaces).
bool has_line_starting_with(std::string_view content, std::string_view prefix) {
    for (std::size_t start = 0; start < content.size();) {
        const std::size_t end = std::min(content.find('\n', start), content.size());
        std::string_view line = content.substr(start, end - start);
        line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
        if (line.starts_with(prefix)) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

bool is_pylock_name(const std::string& name) {
    return name == "pylock.toml" ||
           (name.starts_with("pylock.") && name.ends_with(".toml") && name.size() > 12);
}

} // namespace

std::string_view lock_format_name(LockFormat format) noexcept {
    switch (format) {
    case LockFormat::Requirements:
        return "requirements";
    case LockFormat::PipFreeze:
        return "pip-freeze";
    case LockFormat::UvLock:
        return "uv.lock";
    case LockFormat::Pylock:
        return "pylock";
    case LockFormat::CondaExport:
        return "conda-export";
    }
    return "requirements";
}

LockFormat detect_lock_format(const std::filesystem::path& path, std::string_view content) {
    const std::string name = utf8_of(path.filename());
    if (name == "uv.lock") {
        return LockFormat::UvLock;
    }
    if (is_pylock_name(name)) {
        return LockFormat::Pylock;
    }
    if (has_line_starting_with(content, "lock-version")) {
        return LockFormat::Pylock;
    }
    if (has_line_starting_with(content, "[[package]]") &&
        has_line_starting_with(content, "version =")) {
        return LockFormat::UvLock;
    }
    if (is_conda_export(content)) {
        return LockFormat::CondaExport;
    }
    return LockFormat::Requirements;
}

LockedRequirements read_locked_requirements(const std::filesystem::path& path) {
    const TextInput input = TextInput::read_file(path);
    switch (detect_lock_format(path, input.content())) {
    case LockFormat::UvLock:
        return read_uv_lock(input);
    case LockFormat::Pylock:
        return read_pylock(input);
    case LockFormat::CondaExport:
        return read_conda_export(input);
    case LockFormat::Requirements:
    case LockFormat::PipFreeze:
        break;
    }
    return read_requirements_text(input);
}

} // namespace torchpin
