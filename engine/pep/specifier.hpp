// PEP 440 version specifiers ("~=2.1", "==2.1.*", ">=2.0,<3") and their matching rules.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/version.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

enum class Operator {
    Compatible,
    Equal,
    NotEqual,
    LessEqual,
    GreaterEqual,
    Less,
    Greater,
    Identity
};

// "~=", "==", "!=", "<=", ">=", "<", ">", "==="
std::string_view operator_symbol(Operator op) noexcept;

// One clause such as ">=2.1" or "==2.1.*".
//
// Matching follows PEP 440 as pypa/packaging 26 implements it: "==2.1.2" matches "2.1.2+cu121"
// but "==2.1.2+cu121" does not match "2.1.2+cu118"; ">2.1" excludes 2.1's post-releases and
// 2.1+cu121; "<2.1" excludes 2.1's pre-releases; "~=2.1.3" means ">=2.1.3, ==2.1.*"; "==2.1.*"
// only follows a plain release number. docs/pep440.md lists where older packaging (pip's vendored
// 21.3) differs and why torchpin follows the current rules.
class Specifier {
public:
    static Expected<Specifier> parse(std::string_view text);
    static Specifier from(std::string_view text); // throws ParseFailure

    Operator op() const noexcept { return op_; }
    // The version as written, without the operator and without a trailing ".*": "2.1", "v2.1".
    const std::string& version_text() const noexcept { return text_; }
    bool has_wildcard() const noexcept { return wildcard_; }
    // The parsed version; absent only for "===" with text that is not a PEP 440 version.
    const std::optional<Version>& version() const noexcept { return version_; }

    // Whether naming this clause asks for pre-releases (packaging's Specifier.prereleases): true
    // when its version is a pre-release ("==2.2rc1", ">=2.2.dev0"), except for != and "==X.*".
    bool allows_prereleases() const noexcept;

    // Whether `v` satisfies the operator. Pre-release policy belongs to SpecifierSet::filter.
    bool matches(const Version& v) const;

    // The clause as written, without spaces: ">=2.1", "==2.1.*".
    std::string to_string() const;

    friend bool operator==(const Specifier&, const Specifier&) = default;

private:
    Operator op_ = Operator::GreaterEqual;
    std::string text_;
    bool wildcard_ = false;
    std::optional<Version> version_;
};

// A comma-separated set of specifiers, all of which must hold: ">=2.1,<2.4". Empty matches all.
class SpecifierSet {
public:
    static Expected<SpecifierSet> parse(std::string_view text);
    static SpecifierSet from(std::string_view text); // throws ParseFailure

    SpecifierSet() = default;
    explicit SpecifierSet(std::vector<Specifier> specifiers);

    const std::vector<Specifier>& specifiers() const noexcept { return specifiers_; }
    bool empty() const noexcept { return specifiers_.empty(); }

    // Whether some clause asks for pre-releases (packaging's SpecifierSet.prereleases is then
    // true; otherwise it is None).
    bool names_prerelease() const noexcept;

    // Whether `v` satisfies every clause. With `prereleases` false, pre-releases never do.
    // (As in packaging 26, a lone candidate is judged by the operators alone.)
    bool contains(const Version& v, std::optional<bool> prereleases = std::nullopt) const;

    // PEP 440's rule for choosing among candidates: the indices of `candidates` that satisfy the
    // set; pre-releases only when a clause names one, `prereleases` is true, or nothing but
    // pre-releases satisfies the set (and `prereleases` is not false).
    std::vector<std::size_t> filter(const std::vector<Version>& candidates,
                                    std::optional<bool> prereleases = std::nullopt) const;

    SpecifierSet operator&(const SpecifierSet& other) const; // both sets' clauses

    // Clauses joined by ",", in the order given: ">=2.1,<2.4".
    std::string to_string() const;

    friend bool operator==(const SpecifierSet&, const SpecifierSet&) = default;

private:
    std::vector<Specifier> specifiers_;
};

} // namespace torchpin
