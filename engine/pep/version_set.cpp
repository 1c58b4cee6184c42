// VersionCut ordering, interval-set algebra, and the exact interval form of every PEP 440 operator.
#include "engine/pep/version_set.hpp"

#include <algorithm>
#include <limits>

namespace torchpin {

namespace {

constexpr auto max_number = std::numeric_limits<std::uint64_t>::max();

// Where a cut sits relative to versions with an identical key: -1 just below, +1 just above.
int tie_of(VersionCut::Kind kind) noexcept {
    return kind == VersionCut::Kind::Below ? -1 : 1;
}

// Orders a version (kind = nullopt) or a cut against a cut. A family cut is "+infinity" in the
// first key part it does not fix: above_posts after the pre-release part, above_locals after dev.
std::strong_ordering compare_points(const Version& a, std::optional<VersionCut::Kind> a_kind,
                                    const Version& b, std::optional<VersionCut::Kind> b_kind) {
    using Kind = VersionCut::Kind;
    if (auto c = compare_key_prefix(a, b, VersionKeyPart::PreRelease); c != 0) {
        return c;
    }
    const bool a_posts = a_kind == Kind::AbovePosts;
    const bool b_posts = b_kind == Kind::AbovePosts;
    if (a_posts || b_posts) {
        return a_posts <=> b_posts;
    }
    if (auto c = compare_key_prefix(a, b, VersionKeyPart::DevRelease); c != 0) {
        return c;
    }
    const bool a_locals = a_kind == Kind::AboveLocals;
    const bool b_locals = b_kind == Kind::AboveLocals;
    if (a_locals || b_locals) {
        return a_locals <=> b_locals;
    }
    if (auto c = compare_local(a.local_label(), b.local_label()); c != 0) {
        return c;
    }
    const int a_tie = a_kind ? tie_of(*a_kind) : 0;
    const int b_tie = b_kind ? tie_of(*b_kind) : 0;
    return a_tie <=> b_tie;
}

// Lower bounds: absent is -infinity. Upper bounds: absent is +infinity.
bool lower_less(const std::optional<VersionCut>& a, const std::optional<VersionCut>& b) {
    return b && (!a || *a < *b);
}
bool upper_less(const std::optional<VersionCut>& a, const std::optional<VersionCut>& b) {
    return a && (!b || *a < *b);
}
// 0.dev0 is the smallest PEP 440 version: nothing lies below it.
bool is_below_everything(const VersionCut& cut) {
    const Version& v = cut.version();
    return cut.kind() == VersionCut::Kind::Below && v.epoch() == 0 && !v.pre() && !v.post() &&
           v.dev() == std::uint64_t{0} && !v.has_local() &&
           std::all_of(v.release().begin(), v.release().end(), [](auto n) { return n == 0; });
}

// Whether an interval from `lower` to `upper` holds any version.
bool nonempty(const std::optional<VersionCut>& lower, const std::optional<VersionCut>& upper) {
    if (upper && is_below_everything(*upper)) {
        return false;
    }
    return !lower || !upper || *lower < *upper;
}

// The smallest version past every version whose release starts with `prefix`: 2.1 -> 2.2.dev0.
std::optional<Version> next_prefix_dev0(std::uint64_t epoch,
                                        std::span<const std::uint64_t> numbers) {
    std::vector<std::uint64_t> prefix(numbers.begin(), numbers.end());
    while (!prefix.empty() && prefix.back() == max_number) {
        prefix.pop_back();
    }
    if (prefix.empty()) {
        if (epoch == max_number) {
            return std::nullopt;
        }
        return Version(ReleaseNumbers{0}, epoch + 1).with_dev(0);
    }
    ++prefix.back();
    return Version(ReleaseNumbers(prefix), epoch).with_dev(0);
}

std::optional<VersionCut> cut_below_or_unbounded(const std::optional<Version>& v) {
    if (!v) {
        return std::nullopt;
    }
    return VersionCut::below(*v);
}

std::string lower_text(const std::optional<VersionCut>& cut) {
    if (!cut) {
        return "(-inf";
    }
    const std::string v = cut->version().to_string();
    switch (cut->kind()) {
    case VersionCut::Kind::Below:
        return "[" + v;
    case VersionCut::Kind::Above:
        return "(" + v;
    case VersionCut::Kind::AboveLocals:
        return "(" + v + "+*";
    case VersionCut::Kind::AbovePosts:
        return "(" + v + ".post*";
    }
    return "";
}

std::string upper_text(const std::optional<VersionCut>& cut) {
    if (!cut) {
        return "inf)";
    }
    const std::string v = cut->version().to_string();
    switch (cut->kind()) {
    case VersionCut::Kind::Below:
        return v + ")";
    case VersionCut::Kind::Above:
        return v + "]";
    case VersionCut::Kind::AboveLocals:
        return v + "+*]";
    case VersionCut::Kind::AbovePosts:
        return v + ".post*]";
    }
    return "";
}

} // namespace

VersionCut VersionCut::below(const Version& v) {
    return VersionCut(v, Kind::Below);
}
VersionCut VersionCut::above(const Version& v) {
    return VersionCut(v, Kind::Above);
}
VersionCut VersionCut::above_locals(const Version& v) {
    return canonical(v.public_version(), Kind::AboveLocals);
}
VersionCut VersionCut::above_posts(const Version& v) {
    return canonical(v.with_post({}).with_dev({}).with_local({}), Kind::AbovePosts);
}

VersionCut VersionCut::canonical(Version v, Kind kind) {
    if (kind == Kind::AboveLocals) {
        // Nothing lies between v's local variants and the next dev or post release of v.
        if (v.dev()) {
            if (*v.dev() < max_number) {
                return below(v.with_dev(*v.dev() + 1));
            }
        } else if (v.post()) {
            if (*v.post() < max_number) {
                return below(v.with_post(*v.post() + 1).with_dev(0));
            }
        } else {
            return below(v.with_post(0).with_dev(0));
        }
    }
    if (kind == Kind::AbovePosts && v.pre() && v.pre()->number < max_number) {
        // Above 2.1rc1's post-releases comes 2.1rc2.dev0; a final release has no such successor.
        return below(v.with_pre(PreRelease{v.pre()->kind, v.pre()->number + 1}).with_dev(0));
    }
    return VersionCut(std::move(v), kind);
}

bool VersionCut::is_above(const Version& v) const noexcept {
    return compare_points(v, std::nullopt, version_, kind_) < 0;
}

std::strong_ordering operator<=>(const VersionCut& a, const VersionCut& b) noexcept {
    return compare_points(a.version_, a.kind_, b.version_, b.kind_);
}

bool VersionInterval::contains(const Version& v) const noexcept {
    return (!lower || !lower->is_above(v)) && (!upper || upper->is_above(v));
}

VersionSet VersionSet::all() {
    return between(std::nullopt, std::nullopt);
}
VersionSet VersionSet::none() {
    return VersionSet();
}

VersionSet VersionSet::between(std::optional<VersionCut> lower, std::optional<VersionCut> upper) {
    if (lower && is_below_everything(*lower)) {
        lower.reset(); // ">=0.dev0" is every version: keep one spelling of "unbounded"
    }
    VersionSet set;
    if (nonempty(lower, upper)) {
        set.intervals_.push_back(VersionInterval{std::move(lower), std::move(upper)});
    }
    return set;
}

bool VersionSet::is_all() const noexcept {
    return intervals_.size() == 1 && !intervals_[0].lower && !intervals_[0].upper;
}

bool VersionSet::contains(const Version& v) const noexcept {
    // Intervals are sorted: find the first whose upper cut lies above v.
    auto it = std::partition_point(intervals_.begin(), intervals_.end(),
                                   [&](const auto& i) { return i.upper && !i.upper->is_above(v); });
    return it != intervals_.end() && it->contains(v);
}

VersionSet VersionSet::intersect(const VersionSet& other) const {
    VersionSet out;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < intervals_.size() && j < other.intervals_.size()) {
        const auto& a = intervals_[i];
        const auto& b = other.intervals_[j];
        const auto& lower = lower_less(a.lower, b.lower) ? b.lower : a.lower;
        const auto& upper = upper_less(a.upper, b.upper) ? a.upper : b.upper;
        if (nonempty(lower, upper)) {
            out.intervals_.push_back(VersionInterval{lower, upper});
        }
        (upper_less(a.upper, b.upper) ? i : j)++;
    }
    return out;
}

VersionSet VersionSet::unite(const VersionSet& other) const {
    std::vector<VersionInterval> all = intervals_;
    all.insert(all.end(), other.intervals_.begin(), other.intervals_.end());
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return lower_less(a.lower, b.lower); });
    VersionSet out;
    for (auto& interval : all) {
        if (!out.intervals_.empty()) {
            auto& last = out.intervals_.back();
            // Touching intervals merge: no version sits on a cut, so equal cuts leave no gap.
            const bool gap = last.upper && interval.lower && *last.upper < *interval.lower;
            if (!gap) {
                if (upper_less(last.upper, interval.upper)) {
                    last.upper = interval.upper;
                }
                continue;
            }
        }
        out.intervals_.push_back(std::move(interval));
    }
    return out;
}

VersionSet VersionSet::complement() const {
    VersionSet out;
    std::optional<VersionCut> lower;
    bool unbounded_start = true;
    for (const auto& interval : intervals_) {
        if (interval.lower && nonempty(unbounded_start ? std::nullopt : lower, interval.lower)) {
            out.intervals_.push_back(
                VersionInterval{unbounded_start ? std::nullopt : lower, interval.lower});
        }
        if (!interval.upper) {
            return out;
        }
        lower = interval.upper;
        unbounded_start = false;
    }
    out.intervals_.push_back(VersionInterval{unbounded_start ? std::nullopt : lower, std::nullopt});
    return out;
}

std::string VersionSet::to_string() const {
    if (intervals_.empty()) {
        return "{}";
    }
    std::string out;
    for (const auto& interval : intervals_) {
        out += out.empty() ? "" : " | ";
        out += lower_text(interval.lower) + ", " + upper_text(interval.upper);
    }
    return out;
}

bool operator==(const VersionSet& a, const VersionSet& b) noexcept {
    return std::equal(
        a.intervals_.begin(), a.intervals_.end(), b.intervals_.begin(), b.intervals_.end(),
        [](const auto& x, const auto& y) { return x.lower == y.lower && x.upper == y.upper; });
}

VersionSet to_version_set(const Specifier& specifier) {
    if (!specifier.version()) {
        return VersionSet::none(); // "===text" that is no version matches no Version
    }
    const Version& v = *specifier.version();
    const auto below = [](const Version& x) { return VersionCut::below(x); };
    switch (specifier.op()) {
    case Operator::GreaterEqual:
        return VersionSet::between(below(v), std::nullopt);
    case Operator::LessEqual:
        return VersionSet::between(std::nullopt, VersionCut::above_locals(v));
    case Operator::Greater:
        if (v.dev() || v.post()) {
            return VersionSet::between(VersionCut::above_locals(v), std::nullopt);
        }
        return VersionSet::between(VersionCut::above_posts(v), std::nullopt);
    case Operator::Less:
        return VersionSet::between(std::nullopt,
                                   below(v.is_prerelease() ? v : v.with_dev(0).with_local({})));
    case Operator::Compatible: {
        const auto prefix = v.release().first(v.release().size() - 1);
        return VersionSet::between(below(v),
                                   cut_below_or_unbounded(next_prefix_dev0(v.epoch(), prefix)));
    }
    case Operator::Identity:
        return VersionSet::between(below(v), VersionCut::above(v));
    case Operator::Equal:
    case Operator::NotEqual: {
        VersionSet equal;
        if (specifier.has_wildcard()) {
            equal = VersionSet::between(
                below(Version(ReleaseNumbers(v.release()), v.epoch()).with_dev(0)),
                cut_below_or_unbounded(next_prefix_dev0(v.epoch(), v.release())));
        } else if (v.has_local()) {
            equal = VersionSet::between(below(v), VersionCut::above(v));
        } else {
            equal = VersionSet::between(below(v), VersionCut::above_locals(v));
        }
        return specifier.op() == Operator::Equal ? equal : equal.complement();
    }
    }
    return VersionSet::none();
}

VersionSet to_version_set(const SpecifierSet& specifiers) {
    VersionSet set = VersionSet::all();
    for (const Specifier& s : specifiers.specifiers()) {
        set = set.intersect(to_version_set(s));
        if (set.empty()) {
            break;
        }
    }
    return set;
}

} // namespace torchpin
