// Sets of PEP 440 versions as unions of intervals, so the solver can intersect requirements and
// tell an impossible one ("torch>=2.4,<2.2") without listing candidates.
#pragma once

#include "engine/pep/specifier.hpp"
#include "engine/pep/version.hpp"

#include <compare>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// A cut in the version line: everything below it versus everything above it. Besides "just below
// v" and "just above v", PEP 440 needs cuts above whole families that no single version bounds:
// above v and all its local variants (the top of "<=2.1", which admits 2.1+cu121) and above v and
// all its post-releases (the bottom of ">2.1", which excludes 2.1.post1).
class VersionCut {
public:
    enum class Kind : std::uint8_t { Below, Above, AboveLocals, AbovePosts };

    static VersionCut below(const Version& v);
    static VersionCut above(const Version& v);
    static VersionCut above_locals(const Version& v); // v without its local label
    static VersionCut above_posts(const Version& v);  // v without post, dev and local parts

    Kind kind() const noexcept { return kind_; }
    const Version& version() const noexcept { return version_; }

    // Whether `v` lies below this cut.
    bool is_above(const Version& v) const noexcept;

    friend std::strong_ordering operator<=>(const VersionCut& a, const VersionCut& b) noexcept;
    friend bool operator==(const VersionCut& a, const VersionCut& b) noexcept {
        return (a <=> b) == 0;
    }

private:
    VersionCut(Version v, Kind kind)
        : version_(std::move(v))
        , kind_(kind) {}
    // Rewrites a family cut as "below the next version" where one exists, so that two cuts that
    // no version separates always compare equal (an interval is empty exactly when lower >= upper).
    static VersionCut canonical(Version v, Kind kind);

    Version version_;
    Kind kind_;
};

// Versions strictly between two cuts; an absent cut means unbounded.
struct VersionInterval {
    std::optional<VersionCut> lower;
    std::optional<VersionCut> upper;

    bool contains(const Version& v) const noexcept;
};

// A union of disjoint, sorted, non-empty intervals.
class VersionSet {
public:
    static VersionSet all();
    static VersionSet none();
    static VersionSet between(std::optional<VersionCut> lower, std::optional<VersionCut> upper);

    bool empty() const noexcept { return intervals_.empty(); }
    bool is_all() const noexcept;
    bool contains(const Version& v) const noexcept;
    const std::vector<VersionInterval>& intervals() const noexcept { return intervals_; }

    VersionSet intersect(const VersionSet& other) const;
    VersionSet unite(const VersionSet& other) const;
    VersionSet complement() const;

    // Interval notation: "[2.1, 2.4.dev0)", "(2.1.post*, inf)", "[2.1.2, 2.1.2+*]".
    std::string to_string() const;

    friend bool operator==(const VersionSet& a, const VersionSet& b) noexcept;

private:
    std::vector<VersionInterval> intervals_;
};

// The versions a clause admits by its operator (pre-release policy aside). Exact for every
// operator except "===", which compares text: its set is every version equal to the named one.
VersionSet to_version_set(const Specifier& specifier);
// The intersection of the clauses' sets.
VersionSet to_version_set(const SpecifierSet& specifiers);

} // namespace torchpin
