// PEP 440 versions: parsing (every spelling pip accepts), normalization and the total order.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/pep/release_numbers.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

enum class PreReleaseKind : std::uint8_t { Alpha, Beta, ReleaseCandidate }; // a < b < rc

struct PreRelease {
    PreReleaseKind kind = PreReleaseKind::Alpha;
    std::uint64_t number = 0;
    friend auto operator<=>(const PreRelease&, const PreRelease&) = default;
};

// A PEP 440 version such as "1!2.1.0rc1.post2.dev3+cu121".
//
// Invariant (tested): for every valid v, Version::from(v.to_string()) == v and it prints the same.
// Equality and order follow pypa/packaging: "2.1" == "2.1.0", 2.1.dev0 < 2.1a1 < 2.1 < 2.1+cu121
// < 2.1.post1. There is deliberately no comparison with DriverVersion or CudaVersion: those are
// other version schemes and mixing them is a bug.
class Version {
public:
    // Parses any spelling packaging accepts: case, a leading "v", "-"/"_"/"." separators, implicit
    // numbers ("1.0a" == "1.0a0", "1.0-1" == "1.0.post1"), alpha/beta/c/pre/preview/rev/r, and
    // surrounding whitespace. Numbers must fit in 64 bits.
    static Expected<Version> parse(std::string_view text);
    // Like parse, but throws ParseFailure: for literals and already-validated input.
    static Version from(std::string_view text);

    Version() = default; // "0"
    explicit Version(ReleaseNumbers release, std::uint64_t epoch = 0);
    // Every part at once: Version::from_parts(0, {2, 1}, PreRelease{ReleaseCandidate, 1}, ...).
    static Version from_parts(std::uint64_t epoch, ReleaseNumbers release,
                              std::optional<PreRelease> pre, std::optional<std::uint64_t> post,
                              std::optional<std::uint64_t> dev, std::string local_label = "");

    std::uint64_t epoch() const noexcept { return epoch_; }
    std::span<const std::uint64_t> release() const noexcept { return release_.as_span(); }
    std::optional<PreRelease> pre() const noexcept {
        return has_pre_ ? std::optional<PreRelease>(PreRelease{pre_kind_, pre_number_})
                        : std::nullopt;
    }
    std::optional<std::uint64_t> post() const noexcept {
        return has_post_ ? std::optional<std::uint64_t>(post_) : std::nullopt;
    }
    std::optional<std::uint64_t> dev() const noexcept {
        return has_dev_ ? std::optional<std::uint64_t>(dev_) : std::nullopt;
    }

    bool is_prerelease() const noexcept { return has_pre_ || has_dev_; }
    bool is_postrelease() const noexcept { return has_post_; }
    bool is_devrelease() const noexcept { return has_dev_; }
    bool has_local() const noexcept { return !local_.empty(); }

    // "2.1.2+cu121" -> "2.1.2"
    Version public_version() const;
    // "1!2.1.2rc1.post1+cu121" -> "1!2.1.2"
    Version base_version() const;
    // The normalized local label without '+': "cu121", "ubuntu.1" ("Ubuntu-01" as written), or "".
    const std::string& local_label() const noexcept { return local_; }

    Version with_pre(std::optional<PreRelease> pre) const;
    Version with_post(std::optional<std::uint64_t> post) const;
    Version with_dev(std::optional<std::uint64_t> dev) const;
    Version with_local(std::string_view normalized_label) const; // "" removes the label

    // The normalized form, as pypa/packaging prints it: "1.0a1.post2.dev3+ubuntu.1".
    std::string to_string() const;

    // Most pairs are decided here, inline, on the summaries (see refresh_order_prefix).
    friend std::strong_ordering operator<=>(const Version& a, const Version& b) noexcept {
        if (a.order_prefix_high_ != b.order_prefix_high_) {
            return a.order_prefix_high_ <=> b.order_prefix_high_;
        }
        if (a.order_prefix_low_ != b.order_prefix_low_) {
            return a.order_prefix_low_ <=> b.order_prefix_low_;
        }
        if (a.order_prefix_exact_ && b.order_prefix_exact_) {
            return std::strong_ordering::equal; // complete codes: equal codes, equal versions
        }
        return compare_parts(a, b);
    }
    friend bool operator==(const Version& a, const Version& b) noexcept {
        return (a <=> b) == std::strong_ordering::equal;
    }
    std::size_t hash() const noexcept; // consistent with ==: hash("1.0") == hash("1.0.0")

    // What operator<=> decides most pairs on, for sorting many versions on compact copies
    // (engine/pep/version_sort.hpp): a summary below another means a version below the other, and
    // equal summaries that are both exact mean equal versions.
    struct OrderSummary {
        std::uint64_t high = 0;
        std::uint64_t low = 0;
        bool exact = true;
    };
    OrderSummary order_summary() const noexcept {
        return {order_prefix_high_, order_prefix_low_, order_prefix_exact_};
    }

private:
    // Sets every part and the order summary: what from_parts and the parser build.
    void assign_parts(std::uint64_t epoch, ReleaseNumbers release, std::optional<PreRelease> pre,
                      std::optional<std::uint64_t> post, std::optional<std::uint64_t> dev,
                      std::string local_label);
    // The first 128 bits of an order-preserving, prefix-free code of the sort key (epoch, release,
    // pre, post, dev, local label), so a summary below another implies a version below the other.
    // When both codes fit (torch-like versions take 30 to 110 bits), equal summaries mean equal
    // versions; otherwise equal summaries fall back to the full comparison.
    void refresh_order_prefix() noexcept;
    // The full comparison, part by part, for summaries that are equal but incomplete.
    static std::strong_ordering compare_parts(const Version& a, const Version& b) noexcept;
    void set_pre(std::optional<PreRelease> pre) noexcept {
        has_pre_ = pre.has_value();
        pre_kind_ = pre ? pre->kind : PreReleaseKind::Alpha;
        pre_number_ = pre ? pre->number : 0;
    }
    void set_post(std::optional<std::uint64_t> post) noexcept {
        has_post_ = post.has_value();
        post_ = post.value_or(0);
    }
    void set_dev(std::optional<std::uint64_t> dev) noexcept {
        has_dev_ = dev.has_value();
        dev_ = dev.value_or(0);
    }

    std::uint64_t order_prefix_high_ = 0;
    std::uint64_t order_prefix_low_ = 0;
    bool order_prefix_exact_ = true; // the whole code fits in the summary
    PreReleaseKind pre_kind_ = PreReleaseKind::Alpha;
    bool has_pre_ = false;
    bool has_post_ = false;
    bool has_dev_ = false;
    std::uint64_t epoch_ = 0;
    ReleaseNumbers release_{0};
    std::string local_; // normalized: lowercase, '.'-separated, numbers without leading zeros
    // The optional parts as plain numbers and presence flags (three std::optional took 56 bytes).
    std::uint64_t pre_number_ = 0;
    std::uint64_t post_ = 0;
    std::uint64_t dev_ = 0;
};

// The leading parts of the PEP 440 sort key, for comparing versions on a prefix of it.
enum class VersionKeyPart { PreRelease, DevRelease };

// Compares epoch, release and pre-release (through PreRelease), or also post and dev parts
// (through DevRelease), ignoring the rest: 2.1rc1.post1 and 2.1rc1 are equal through PreRelease.
std::strong_ordering compare_key_prefix(const Version& a, const Version& b,
                                        VersionKeyPart through) noexcept;

// Compares two normalized local labels the way PEP 440 orders them: absent < present, segment by
// segment, numbers above words, numbers by value (of any length), words alphabetically.
std::strong_ordering compare_local(std::string_view a, std::string_view b) noexcept;

} // namespace torchpin

template <>
struct std::hash<torchpin::Version> {
    std::size_t operator()(const torchpin::Version& v) const noexcept { return v.hash(); }
};
