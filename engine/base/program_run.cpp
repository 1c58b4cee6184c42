// What does not differ between systems in running programs: describing a run, searching PATH.
#include "engine/base/program_run.hpp"

#include "engine/base/program_search.hpp"

namespace torchpin {

bool is_program_file(const std::filesystem::path& candidate, HostKind host) {
    std::error_code error;
    const auto status = std::filesystem::status(candidate, error);
    if (error || !std::filesystem::is_regular_file(status)) {
        return false;
    }
    using std::filesystem::perms;
    return host == HostKind::Windows ||
           (status.permissions() & (perms::owner_exec | perms::group_exec | perms::others_exec)) !=
               perms::none;
}

std::string ProgramRun::describe(std::chrono::milliseconds timeout) const {
    switch (outcome) {
    case Outcome::Exited:
        return "exited with status " + std::to_string(exit_code);
    case Outcome::Signalled:
        return "was killed by signal " + std::to_string(exit_code);
    case Outcome::TimedOut: {
        const auto ms = timeout.count();
        const std::string limit =
            ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
        return "timed out after " + limit + " and was killed";
    }
    case Outcome::NotStarted:
        return "could not be started: " + problem;
    }
    return "";
}

std::optional<std::filesystem::path> find_on_path(std::string_view name, std::string_view path,
                                                  HostKind host) {
    for (const auto& directory : path_directories(path, host)) {
        for (const auto& suffix : program_suffixes(name, host)) {
            auto candidate = directory / path_from_utf8(std::string(name) + suffix);
            if (is_program_file(candidate, host)) {
                return candidate;
            }
        }
    }
    return std::nullopt;
}

std::vector<std::string> program_suffixes(std::string_view name, HostKind host) {
    if (host != HostKind::Windows) {
        return {""};
    }
    const std::size_t dot = name.rfind('.');
    const bool has_suffix =
        dot != std::string_view::npos && name.find_first_of("\\/", dot) == std::string_view::npos;
    std::vector<std::string> suffixes;
    if (has_suffix) {
        suffixes.emplace_back();
    }
    for (const char* suffix : {".exe", ".com", ".bat", ".cmd"}) {
        suffixes.emplace_back(suffix);
    }
    return suffixes;
}

} // namespace torchpin
