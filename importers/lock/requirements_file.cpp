// read_requirements_file: pip's requirements-file walk (lines, options, includes), recorded
// into LockedRequirements.
#include "importers/lock/requirements_file.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"
#include "importers/lock/requirement_entry.hpp"
#include "importers/lock/requirements_options.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace torchpin {

namespace {

// How `pip freeze` writes a line: "name==version" or "name @ URL", nothing else on it.
bool has_freeze_shape(std::string_view requirement, const LockedPackage& package) {
    if (package.kind == LockedPackage::Kind::Requirement) {
        return requirement.find_first_of(" \t;[,<>~!") == std::string_view::npos &&
               requirement.find("==") != std::string_view::npos &&
               requirement.find("===") == std::string_view::npos;
    }
    return requirement.find(" @ ") != std::string_view::npos && package.marker.empty();
}

// uv pip compile --emit-index-annotation writes "# from https://…" under each requirement.
std::optional<std::string> index_annotation(std::string_view comment) {
    constexpr std::string_view prefix = "# from ";
    if (!comment.starts_with(prefix)) {
        return std::nullopt;
    }
    const std::string_view url = comment.substr(prefix.size());
    if (url.find("://") == std::string_view::npos || url.find(' ') != std::string_view::npos) {
        return std::nullopt;
    }
    return std::string(url);
}

bool is_remote(std::string_view reference) {
    return reference.starts_with("http://") || reference.starts_with("https://") ||
           reference.starts_with("file:");
}

std::string identity_of(const std::filesystem::path& path) {
    std::error_code error;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
    return error ? utf8_of(path.lexically_normal()) : utf8_of(canonical);
}

// One file of the walk: its name and identity, for cycle messages.
struct OpenFile {
    std::string name;
    std::string identity;
};

class RequirementsWalker {
public:
    static constexpr std::size_t no_package = static_cast<std::size_t>(-1);

    RequirementsWalker(const RequirementsReadOptions& options, LockedRequirements& result)
        : options_(options)
        , result_(result) {}

    void walk(const TextInput& input, bool constraint) {
        stack_.push_back(OpenFile{input.origin(), identity_of(input.origin())});
        const bool top = stack_.size() == 1;
        // The package a "# from URL" comment belongs to (an optional<size_t> here trips GCC 12's
        // -Wmaybe-uninitialized).
        std::size_t annotated = no_package;
        for (const RequirementsLine& line : requirements_lines(input, options_.environment)) {
            if (line.text().empty()) {
                const auto index = index_annotation(line.comment());
                if (index && annotated != no_package &&
                    result_.packages[annotated].index_url.empty()) {
                    result_.packages[annotated].index_url = *index;
                }
                freeze_shaped_ = freeze_shaped_ && (!top || starts_with_comment(input, line));
                continue;
            }
            annotated = no_package;
            const SplitRequirementsLine split = split_requirements_line(input, line);
            for (const StrayWord& word : split.stray_words) {
                note(input, line, word.offset, "pip ignores \"" + word.text + "\" here");
            }
            if (!split.requirement.empty()) {
                LockedPackage package = read_requirement_entry(
                    RequirementEntrySource{input, line, 0}, split.requirement, result_.notes);
                freeze_shaped_ =
                    freeze_shaped_ && (!top || (line.comment().empty() && split.options.empty() &&
                                                has_freeze_shape(split.requirement, package)));
                add_package(input, line, std::move(package), split.options, constraint);
                annotated = result_.packages.size() - 1;
                continue;
            }
            const auto editable =
                std::find_if(split.options.begin(), split.options.end(), [](const OptionUse& use) {
                    return use.option == RequirementsOption::Editable;
                });
            if (editable != split.options.end()) {
                LockedPackage package =
                    read_editable_entry(RequirementEntrySource{input, line, editable->offset},
                                        editable->value, result_.notes);
                freeze_shaped_ = freeze_shaped_ && split.options.size() == 1;
                add_package(input, line, std::move(package), split.options, constraint);
                continue;
            }
            freeze_shaped_ = false;
            read_options(input, line, split.options);
        }
        stack_.pop_back();
    }

    bool freeze_shaped() const noexcept { return freeze_shaped_; }

private:
    // Blank, or a comment at the start of the line (pip freeze never indents one).
    static bool starts_with_comment(const TextInput& input, const RequirementsLine& line) {
        const std::string_view first = input.lines()[line.first_line() - 1].text;
        const std::size_t start = first.find_first_not_of(" \t");
        return start == std::string_view::npos || (start == 0 && first.front() == '#');
    }

    void note(const TextInput& input, const RequirementsLine& line, std::size_t offset,
              std::string message) {
        const LinePosition at = line.position_of(offset);
        result_.notes.push_back(
            ReaderNote{std::move(message), SourceLocation{input.origin(), at.line, at.column}});
    }

    // A requirement (or -e) line: its --hash options; anything else on it pip ignores.
    void add_package(const TextInput& input, const RequirementsLine& line, LockedPackage package,
                     const std::vector<OptionUse>& options, bool constraint) {
        for (const OptionUse& use : options) {
            if (use.option == RequirementsOption::Hash) {
                package.hashes.push_back(hash_of(input, line, use));
            } else if (use.option != RequirementsOption::Editable &&
                       !is_per_requirement(use.option)) {
                note(input, line, use.offset,
                     "pip ignores " + use.spelled + " on a requirement line");
            }
        }
        package.constraint = constraint;
        result_.packages.push_back(std::move(package));
    }

    // pip's --hash check: "algorithm:digest" with a strong algorithm; kept as
    // "sha256:<lower-case digest>".
    static std::string hash_of(const TextInput& input, const RequirementsLine& line,
                               const OptionUse& use) {
        const std::size_t colon = use.value.find(':');
        if (colon == std::string::npos) {
            throw InputError(
                diagnostic_in(input, line, use.offset,
                              "arguments to --hash must be a hash name followed by a value, like "
                              "--hash=sha256:abcde…"));
        }
        const std::string algorithm = use.value.substr(0, colon);
        if (algorithm != "sha256" && algorithm != "sha384" && algorithm != "sha512") {
            throw InputError(diagnostic_in(input, line, use.offset,
                                           "allowed hash algorithms for --hash are sha256, sha384, "
                                           "sha512, not \"" +
                                               algorithm + "\""));
        }
        std::string digest = use.value.substr(colon + 1);
        std::ranges::transform(digest, digest.begin(), ascii_lower);
        return algorithm + ":" + digest;
    }

    void read_options(const TextInput& input, const RequirementsLine& line,
                      const std::vector<OptionUse>& options) {
        const OptionUse* include = nullptr;
        for (const OptionUse& use : options) {
            const LinePosition at = line.position_of(use.offset);
            const SourceLocation where{input.origin(), at.line, at.column};
            switch (use.option) {
            case RequirementsOption::IndexUrl:
                result_.indexes.push_back({IndexReference::Kind::Primary, use.value, where});
                break;
            case RequirementsOption::ExtraIndexUrl:
                result_.indexes.push_back({IndexReference::Kind::Extra, use.value, where});
                break;
            case RequirementsOption::FindLinks:
                result_.indexes.push_back({IndexReference::Kind::FindLinks, use.value, where});
                break;
            case RequirementsOption::NoIndex:
                result_.no_index = true;
                break;
            case RequirementsOption::Requirement:
            case RequirementsOption::Constraint:
                // pip follows the first -r of a line, else its first -c.
                if (include == nullptr || (include->option == RequirementsOption::Constraint &&
                                           use.option == RequirementsOption::Requirement)) {
                    include = &use;
                }
                break;
            case RequirementsOption::GlobalOption:
            case RequirementsOption::Hash:
            case RequirementsOption::ConfigSettings:
                note(input, line, use.offset,
                     "pip ignores " + use.spelled + " on a line without a requirement");
                break;
            default: // accepted, and nothing a check reads: --pre, --trusted-host, --no-binary …
                break;
            }
        }
        if (include != nullptr) {
            follow(input, line, *include, include->option == RequirementsOption::Constraint);
        }
    }

    void follow(const TextInput& input, const RequirementsLine& line, const OptionUse& include,
                bool constraint) {
        if (is_remote(include.value)) {
            note(input, line, include.offset,
                 "included file " + include.value + " is not read (check works offline)");
            return;
        }
        const std::filesystem::path path =
            (path_from_utf8(input.origin()).parent_path() / include.value).lexically_normal();
        const std::string identity = identity_of(path);
        const auto repeat = std::find_if(stack_.begin(), stack_.end(), [&](const OpenFile& file) {
            return file.identity == identity;
        });
        if (repeat != stack_.end()) {
            std::string chain;
            for (auto file = repeat; file != stack_.end(); ++file) {
                chain += file->name + " -> ";
            }
            throw InputError(diagnostic_in(input, line, include.offset,
                                           "include cycle: " + chain + utf8_of(path)));
        }
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error)) {
            throw InputError(diagnostic_in(
                input, line, include.offset,
                "cannot read the included file \"" + include.value + "\" (" + utf8_of(path) +
                    (std::filesystem::exists(path, error) ? "): not a regular file"
                                                          : "): no such file")));
        }
        walk(options_.read_file(path), constraint);
    }

    const RequirementsReadOptions& options_;
    LockedRequirements& result_;
    std::vector<OpenFile> stack_;
    bool freeze_shaped_ = true;
};

} // namespace

TextInput read_requirements_input(const std::filesystem::path& path) {
    return TextInput::read_file(path);
}

std::optional<std::string> process_environment(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    return value == nullptr ? std::nullopt : std::optional<std::string>(value);
}

LockedRequirements read_requirements_file(const std::filesystem::path& path,
                                          const RequirementsReadOptions& options) {
    return read_requirements_text(options.read_file(path), options);
}

LockedRequirements read_requirements_text(const TextInput& input,
                                          const RequirementsReadOptions& options) {
    LockedRequirements result;
    result.path = input.origin();
    RequirementsWalker walker(options, result);
    walker.walk(input, false);
    const bool any_package = !result.packages.empty();
    result.format =
        walker.freeze_shaped() && any_package ? LockFormat::PipFreeze : LockFormat::Requirements;
    return result;
}

} // namespace torchpin
