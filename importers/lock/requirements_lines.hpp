// pip's line preprocessing of requirements files: continuations, comments, ${VAR} expansion,
// keeping for every byte of the result the physical line and column it came from.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "importers/input/text_input.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A position in the file: 1-based physical line and column.
struct LinePosition {
    std::size_t line = 0;
    std::size_t column = 0;
};

// Reads an environment variable: returns nothing when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;

// One logical line as pip sees it after `join_lines`, `ignore_comments` and
// `expand_env_variables`: "torch==2.1 \\\n  --hash=sha256:ab  # pin" is the text
// "torch==2.1   --hash=sha256:ab" at the first physical line. `comment` is the removed comment
// ("# pin"), kept because uv's `--emit-index-annotation` writes "# from URL" there.
class RequirementsLine {
public:
    const std::string& text() const noexcept { return text_; }
    const std::string& comment() const noexcept { return comment_; }
    std::size_t first_line() const noexcept { return first_line_; }

    // Where byte `offset` of text() was written; text expanded from ${VAR} maps to its '$'. An
    // offset at the end maps just after the last byte.
    LinePosition position_of(std::size_t offset) const;

private:
    friend class RequirementsLineBuilder;

    // A run of text() copied from one physical line, or (collapsed) expanded from a variable.
    struct Piece {
        std::size_t offset = 0; // in text()
        LinePosition start;
        bool collapsed = false;
    };

    std::string text_;
    std::string comment_;
    std::size_t first_line_ = 0;
    std::vector<Piece> pieces_;
};

// The logical lines of a requirements file, in order, empty ones (blank or comment-only) kept so
// their comments can be read. Variables are expanded as pip does: only "${NAME}" with NAME of
// upper-case letters, digits and '_', and only when set; anything else is left as written.
std::vector<RequirementsLine> requirements_lines(const TextInput& input,
                                                 const EnvironmentLookup& environment);

// The diagnostic for byte `offset` of `line`: its physical line, column and source text, so the
// caret lands under the byte even inside a continued line.
Diagnostic diagnostic_in(const TextInput& input, const RequirementsLine& line, std::size_t offset,
                         std::string message);

} // namespace torchpin
