// PEP 508 requirements ("torch[opt-einsum]>=2.1; platform_system == 'Linux'"): parse and print.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/marker.hpp"
#include "engine/pep/package_name.hpp"
#include "engine/pep/specifier.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A dependency specifier: a name, extras, then either version specifiers or "@ url", then an
// optional "; marker".
//
// Parsing follows pypa/packaging 26 token for token, including "name (>=1.0)", spaces anywhere
// between parts, and the rule that a URL must be followed by a space before ';' (without one the
// ';' is part of the URL). docs/pep508.md lists the deliberate differences. Invariant (tested and
// fuzzed): Requirement::parse(r.to_string()) prints the same.
class Requirement {
public:
    // Requirement::parse("nvidia-cudnn-cu12==9.1.0.70; platform_system == 'Linux'"). Errors name
    // the offending byte: "torch >= 2.1 cuda" fails at 13 with "invalid requirement: expected ','
    // (between version specifiers), ';' (before a marker) or the end".
    static Expected<Requirement> parse(std::string_view text);
    static Requirement from(std::string_view text); // throws ParseFailure

    const PackageName& name() const noexcept { return name_; }
    // As written, sorted and without repeats (packaging's set): "torch[b,a,a]" has a, b. Compare
    // them through PackageName::normalized(), as PEP 685 asks.
    const std::vector<PackageName>& extras() const noexcept { return extras_; }
    const SpecifierSet& specifier() const noexcept { return specifier_; }
    // The text after '@', as written: "https://download.pytorch.org/whl/cu121/torch-2.1.0.whl".
    const std::optional<std::string>& url() const noexcept { return url_; }
    const std::optional<Marker>& marker() const noexcept { return marker_; }

    // Whether the requirement applies when installing with `requested_extras` (as pip decides):
    // true without a marker, else whether the marker holds with `extra` = "" or any one of them.
    // An undefined comparison in any of those evaluations is the result.
    MarkerResult applies_to(const MarkerEnvironment& environment,
                            const std::vector<std::string>& requested_extras = {}) const;

    // packaging's form: name as written, "[extras]", the specifiers sorted by their text (repeats
    // of an equal specifier dropped), " @ url" and "; marker" ("name @ url ; marker" with a URL):
    // `torch[opt-einsum]<3,>=2.1; platform_system == "Linux"`.
    std::string to_string() const;

private:
    Requirement() = default;

    PackageName name_;
    std::vector<PackageName> extras_;
    SpecifierSet specifier_;
    std::optional<std::string> url_;
    std::optional<Marker> marker_;
};

} // namespace torchpin
