// PEP 508 environment markers such as `python_version >= "3.8"`: parse, evaluate, print.
#pragma once

#include "engine/base/expected.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace torchpin {

enum class MarkerOperator : std::uint8_t {
    Less,
    LessEqual,
    Equal,
    NotEqual,
    GreaterEqual,
    Greater,
    Compatible, // ~=
    Identity,   // ===
    In,
    NotIn,
};

// "<", "<=", "==", "!=", ">=", ">", "~=", "===", "in", "not in"
std::string_view marker_operator_symbol(MarkerOperator op) noexcept;

// One side of a comparison: a variable by its canonical name ("os_name" also for "os.name",
// "platform_python_implementation" also for "python_implementation") or a string's value.
struct MarkerOperand {
    bool is_variable = false;
    std::string text;
};

// `python_version >= "3.8"`; either side may be a variable or a string.
struct MarkerComparison {
    MarkerOperand left;
    MarkerOperator op = MarkerOperator::Equal;
    MarkerOperand right;
};

enum class MarkerJoin : std::uint8_t { And, Or };

struct MarkerTerm;

// Terms joined left to right, `and` binding tighter than `or`: joins.size() + 1 == terms.size().
// A parenthesized part of the expression is a term holding a group, kept as written: "((a))" is a
// group in a group in a group.
struct MarkerGroup {
    std::vector<MarkerTerm> terms;
    std::vector<MarkerJoin> joins;
};

struct MarkerTerm {
    std::variant<MarkerComparison, MarkerGroup> value;
};

// The values a marker is evaluated against, as plain strings (pypa/packaging's Environment).
// Example: {.python_version = "3.11", .python_full_version = "3.11.4", .sys_platform = "linux",
// .platform_system = "Linux", .platform_machine = "x86_64", ...}. Unset fields are "".
struct MarkerEnvironment {
    std::string implementation_name;            // "cpython"
    std::string implementation_version;         // "3.11.4"
    std::string os_name;                        // "posix"
    std::string platform_machine;               // "x86_64"
    std::string platform_release;               // "6.1.0-18-amd64"
    std::string platform_system;                // "Linux"
    std::string platform_version;               // "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1"
    std::string python_full_version;            // "3.13.0rc1"
    std::string platform_python_implementation; // "CPython"
    std::string python_version;                 // "3.13"
    std::string sys_platform;                   // "linux"
    // The extra whose dependencies are being evaluated ("" for none), compared after PEP 685
    // normalization: extra == "Opt_Einsum" holds for extra = "opt-einsum".
    std::string extra;
    // Lock-file evaluation (PEP 751): the extras and dependency groups selected, for markers such
    // as '"cuda" in extras'. Absent outside lock files; a marker that uses them is then undefined.
    std::optional<std::vector<std::string>> extras;
    std::optional<std::vector<std::string>> dependency_groups;
};

enum class MarkerErrorKind : std::uint8_t {
    // An operator that has no meaning for its values: os_name ~= "2.7" (packaging's
    // UndefinedComparison).
    UndefinedComparison,
    // A name the environment does not hold: '"a" == "b"' looks up "b"; "extras" outside a lock file
    // (packaging's UndefinedEnvironmentName).
    UndefinedEnvironmentName,
};

// Why a marker has no truth value in an environment.
struct MarkerError {
    MarkerErrorKind kind = MarkerErrorKind::UndefinedComparison;
    std::string message;
};

// The outcome of evaluating a marker: true, false, or a MarkerError. There is deliberately no
// conversion to bool, which would read as "no error" where "true" is meant:
// `auto r = m.evaluate(env); if (r.has_value() && r.value()) install();`
class MarkerResult {
public:
    MarkerResult(bool value)
        : state_(value) {}
    MarkerResult(MarkerError error)
        : state_(std::move(error)) {}

    bool has_value() const noexcept { return state_.index() == 0; }
    // The truth value; throws std::logic_error when this holds an error (a caller's bug).
    bool value() const;
    // The error; throws std::logic_error when this holds a value.
    const MarkerError& error() const;

private:
    std::variant<bool, MarkerError> state_;
};

// A parsed marker expression.
//
// Parsing follows pypa/packaging 26 token for token (docs/pep508.md lists the few deliberate
// differences). Invariant (tested and fuzzed): Marker::parse(m.to_string()) prints the same.
class Marker {
public:
    // Marker::parse("python_version >= '3.8' and (sys_platform == 'linux' or os.name == 'nt')").
    // Errors name the offending byte: "os_name == linux" fails at 11 with "invalid marker:
    // expected a marker variable or a quoted string".
    static Expected<Marker> parse(std::string_view text);
    static Marker from(std::string_view text); // throws ParseFailure

    // `root` must be well formed: at least one term, and one join between each two. Values
    // compared with `extra` should already be normalized, as parse leaves them.
    explicit Marker(MarkerGroup root)
        : root_(std::move(root)) {}

    const MarkerGroup& root() const noexcept { return root_; }

    // packaging 26's Marker.evaluate: version variables (python_version, python_full_version,
    // implementation_version, platform_release) compare as PEP 440 versions, pre-releases
    // included, when the other side makes a valid specifier; everything else compares as strings,
    // where "<" and ">" never hold and "<=", ">=" mean "==". Every comparison is evaluated, and the
    // first that is undefined makes the result an error.
    MarkerResult evaluate(const MarkerEnvironment& environment) const;

    // packaging's normalized form: `python_version >= "3.8" and sys_platform == "linux"`. Where
    // packaging's form would not read back the same (a value holding a quote, redundant double
    // parentheses around an `or`), this prints one that does.
    std::string to_string() const;

private:
    MarkerGroup root_;
};

} // namespace torchpin
