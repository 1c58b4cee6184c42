// PEP 440 version parsing, printing and ordering, following pypa/packaging's grammar and sort key.
#include "engine/version.hpp"

#include "engine/text_scanner.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace torchpin {

namespace {

constexpr std::string_view separators = "-_.";

// A failed parse: the message and the offset (in the untrimmed input) where it applies.
struct Failure {
    std::string message;
    std::size_t position;
};

class VersionParser {
public:
    explicit VersionParser(std::string_view text)
        : scan_(text) {}

    std::variant<Version, Failure> run() {
        const std::string_view text = scan_.text();
        const std::string_view trimmed = trim_whitespace(text);
        const std::size_t begin = static_cast<std::size_t>(trimmed.data() - text.data());
        const std::size_t end = begin + trimmed.size();
        scan_.reset(begin);
        if (begin == end) {
            return Failure{"expected a version, found nothing", begin};
        }
        scan_.accept('v') || scan_.accept('V');

        std::uint64_t epoch = 0;
        auto first = number("expected a version number (like 2.1.0)");
        if (!first) {
            return *failure_;
        }
        ReleaseNumbers release;
        if (scan_.accept('!')) {
            epoch = *first;
            auto major = number("expected a release number after the epoch '!'");
            if (!major) {
                return *failure_;
            }
            release.push_back(*major);
        } else {
            release.push_back(*first);
        }
        while (scan_.peek() == '.' && is_ascii_digit(scan_.peek(1))) {
            scan_.advance();
            auto part = number("");
            if (!part) {
                return *failure_;
            }
            release.push_back(*part);
        }

        auto pre = pre_release();
        auto post = post_release();
        auto dev = dev_release();
        if (failure_) {
            return *failure_;
        }
        std::string local;
        if (scan_.peek() == '+' && scan_.position() < end) {
            scan_.advance();
            local = local_label(end);
            if (failure_) {
                return *failure_;
            }
        }
        if (scan_.position() != end) {
            return Failure{unexpected_message(), scan_.position()};
        }
        return Version::from_parts(epoch, std::move(release), pre, post, dev, std::move(local));
    }

private:
    std::string unexpected_message() const {
        const char c = scan_.peek();
        if (c == '+') {
            return "a local label after '+' must not be empty";
        }
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
            return "unexpected character in version";
        }
        return std::string("unexpected '") + c + "' in version";
    }

    std::optional<std::uint64_t> number(const char* missing_message) {
        bool overflow = false;
        const std::size_t at = scan_.position();
        auto value = scan_.read_number(overflow);
        if (!value) {
            failure_ = Failure{missing_message, at};
        } else if (overflow) {
            failure_ = Failure{"number too large (versions use numbers below 2^64)", at};
            return std::nullopt;
        }
        return value;
    }

    // Optional number after a keyword; absent means 0 ("1.0a" is "1.0a0").
    std::uint64_t implicit_number() {
        scan_.accept_any_of(separators);
        if (!is_ascii_digit(scan_.peek())) {
            return 0;
        }
        return number("").value_or(0);
    }

    // Whether a keyword can start here, after an optional separator: a cheap test before trying
    // each spelling.
    bool letter_follows() const {
        const std::size_t skip = separators.find(scan_.peek()) != std::string_view::npos ? 1 : 0;
        return is_ascii_alpha(scan_.peek(skip));
    }

    std::optional<PreRelease> pre_release() {
        if (!letter_follows()) {
            return std::nullopt;
        }
        static constexpr std::string_view words[] = {"alpha",   "a",   "beta", "b",
                                                     "preview", "pre", "rc",   "c"};
        static constexpr PreReleaseKind kinds[] = {PreReleaseKind::Alpha,
                                                   PreReleaseKind::Alpha,
                                                   PreReleaseKind::Beta,
                                                   PreReleaseKind::Beta,
                                                   PreReleaseKind::ReleaseCandidate,
                                                   PreReleaseKind::ReleaseCandidate,
                                                   PreReleaseKind::ReleaseCandidate,
                                                   PreReleaseKind::ReleaseCandidate};
        const std::size_t start = scan_.position();
        scan_.accept_any_of(separators);
        auto word = scan_.accept_one_of(words);
        if (!word) {
            scan_.reset(start);
            return std::nullopt;
        }
        return PreRelease{kinds[*word], implicit_number()};
    }

    std::optional<std::uint64_t> post_release() {
        const std::size_t start = scan_.position();
        if (scan_.peek() == '-' && is_ascii_digit(scan_.peek(1))) {
            scan_.advance();
            return number("");
        }
        if (!letter_follows()) {
            return std::nullopt;
        }
        static constexpr std::string_view words[] = {"post", "rev", "r"};
        scan_.accept_any_of(separators);
        if (!scan_.accept_one_of(words)) {
            scan_.reset(start);
            return std::nullopt;
        }
        return implicit_number();
    }

    std::optional<std::uint64_t> dev_release() {
        if (!letter_follows()) {
            return std::nullopt;
        }
        const std::size_t start = scan_.position();
        scan_.accept_any_of(separators);
        if (!scan_.accept_word("dev")) {
            scan_.reset(start);
            return std::nullopt;
        }
        return implicit_number();
    }

    // Reads the label after '+' into its normalized form: lowercase, '.' between segments and
    // numeric segments without leading zeros ("Ubuntu-01" -> "ubuntu.1").
    std::string local_label(std::size_t end) {
        std::string label;
        while (true) {
            const std::size_t at = scan_.position();
            const std::size_t segment_start = label.size();
            bool numeric = true;
            while (scan_.position() < end && is_ascii_alnum(scan_.peek())) {
                numeric = numeric && is_ascii_digit(scan_.peek());
                label += ascii_lower(scan_.peek());
                scan_.advance();
            }
            if (label.size() == segment_start) {
                failure_ = Failure{segment_start == 0 ? "a local label after '+' must not be empty"
                                                      : "empty part in local label",
                                   at};
                return label;
            }
            if (numeric) {
                const std::size_t zeros = label.find_first_not_of('0', segment_start);
                const std::size_t strip =
                    (zeros == std::string::npos ? label.size() - 1 : zeros) - segment_start;
                label.erase(segment_start, strip);
            }
            if (scan_.position() >= end ||
                separators.find(scan_.peek()) == std::string_view::npos) {
                return label;
            }
            label += '.';
            scan_.advance();
        }
    }

    TextScanner scan_;
    std::optional<Failure> failure_;
};

std::strong_ordering compare_numbers(std::uint64_t a, std::uint64_t b) noexcept {
    return a <=> b;
}

// Release segments compare as if padded with zeros: 1.0 == 1.0.0 < 1.0.0.1.
std::strong_ordering compare_release(std::span<const std::uint64_t> a,
                                     std::span<const std::uint64_t> b) noexcept {
    const std::size_t n = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t x = i < a.size() ? a[i] : 0;
        const std::uint64_t y = i < b.size() ? b[i] : 0;
        if (auto c = compare_numbers(x, y); c != 0) {
            return c;
        }
    }
    return std::strong_ordering::equal;
}

// packaging's sort key for the pre-release part: a dev release with neither pre nor post sorts
// below every pre-release (1.0.dev0 < 1.0a0); no pre-release sorts above all of them.
int pre_rank(const Version& v) noexcept {
    if (!v.pre() && !v.post() && v.dev()) {
        return 0;
    }
    return v.pre() ? 1 : 2;
}

template <class T>
std::strong_ordering compare_optional(const std::optional<T>& a, const std::optional<T>& b,
                                      bool absent_is_greatest) noexcept {
    if (a.has_value() != b.has_value()) {
        const bool a_greater = a.has_value() ? !absent_is_greatest : absent_is_greatest;
        return a_greater ? std::strong_ordering::greater : std::strong_ordering::less;
    }
    if (!a) {
        return std::strong_ordering::equal;
    }
    return *a <=> *b;
}

void append_number(std::string& out, std::uint64_t n) {
    out += std::to_string(n);
}

} // namespace

Version::Version(ReleaseNumbers release, std::uint64_t epoch)
    : epoch_(epoch)
    , release_(release.size() == 0 ? ReleaseNumbers{0} : std::move(release)) {
    refresh_order_prefix();
}

Version Version::from_parts(std::uint64_t epoch, ReleaseNumbers release,
                            std::optional<PreRelease> pre, std::optional<std::uint64_t> post,
                            std::optional<std::uint64_t> dev, std::string local_label) {
    Version v(std::move(release), epoch);
    v.pre_ = pre;
    v.post_ = post;
    v.dev_ = dev;
    v.local_ = std::move(local_label);
    v.refresh_order_prefix();
    return v;
}

void Version::refresh_order_prefix() noexcept {
    // Fields from the most significant bit: epoch (4 bits), release[0..2] (16 bits each), pre
    // (12: rank, kind, number), post (16: present, number), dev (16: absent, number), local (32:
    // present, first segment numeric, then its number or first three letters). A value too large
    // for its field saturates and fills every later bit with ones, which keeps the summary
    // monotone; a nonzero fourth release number does the same from the pre field on.
    std::uint64_t words[2] = {0, 0};
    int used = 0;
    bool saturated = false;
    bool exact = true; // whether the next field holds its value exactly (not rounded down)
    // Writes a field (clamped to its width); once a field was inexact, every later bit is one.
    const auto put = [&](std::uint64_t value, int width) {
        const std::uint64_t max = (std::uint64_t{1} << width) - 1;
        words[used / 64] |= (saturated ? max : std::min(value, max)) << (64 - width - used % 64);
        used += width;
        saturated = saturated || !exact || value >= max;
    };
    const std::span<const std::uint64_t> release = release_.as_span();
    put(epoch_, 4);
    for (std::size_t i = 0; i < 3; ++i) {
        put(i < release.size() ? release[i] : 0, 16);
    }
    if (std::any_of(release.begin() + std::min<std::size_t>(3, release.size()), release.end(),
                    [](std::uint64_t n) { return n != 0; })) {
        put(0xFFF, 12);
    } else {
        exact = !pre_ || pre_->number < 0xFF;
        put(static_cast<std::uint64_t>(pre_rank(*this)) << 10 |
                (pre_ ? static_cast<std::uint64_t>(pre_->kind) << 8 |
                            std::min<std::uint64_t>(pre_->number, 0xFF)
                      : 0),
            12);
    }
    exact = !post_ || *post_ < 0x7FFF;
    put(post_ ? 0x8000 | std::min<std::uint64_t>(*post_, 0x7FFF) : 0, 16);
    exact = !dev_ || *dev_ < 0x7FFF;
    put(dev_ ? std::min<std::uint64_t>(*dev_, 0x7FFF) : 0x8000, 16);
    std::uint64_t local_field = 0;
    if (!local_.empty()) {
        local_field = std::uint64_t{1} << 31;
        const std::string_view first = std::string_view(local_).substr(0, local_.find('.'));
        if (std::all_of(first.begin(), first.end(), is_ascii_digit)) {
            std::uint64_t n = 0;
            for (char c : first.substr(0, 9)) {
                n = n * 10 + static_cast<std::uint64_t>(c - '0');
            }
            local_field |= std::uint64_t{1} << 30 | (first.size() > 9 ? (1u << 30) - 1 : n);
        } else {
            for (std::size_t i = 0; i < 3; ++i) {
                const auto c = i < first.size() ? static_cast<unsigned char>(first[i]) : 0u;
                local_field |= static_cast<std::uint64_t>(c) << (22 - 8 * i);
            }
        }
    }
    order_prefix_exact_ = !saturated;
    put(local_field, 32); // the last field: what it leaves out, the full comparison decides
    order_prefix_high_ = words[0];
    order_prefix_low_ = words[1];
}

Expected<Version> Version::parse(std::string_view text) {
    auto result = VersionParser(text).run();
    if (auto* failure = std::get_if<Failure>(&result)) {
        return ParseError{"invalid version: " + failure->message, failure->position,
                          std::string(text)};
    }
    return std::get<Version>(std::move(result));
}

Version Version::from(std::string_view text) {
    return parse(text).value();
}

Version Version::public_version() const {
    return with_local({});
}

Version Version::base_version() const {
    return Version(release_, epoch_);
}

Version Version::with_pre(std::optional<PreRelease> pre) const {
    Version v = *this;
    v.pre_ = pre;
    v.refresh_order_prefix();
    return v;
}

Version Version::with_post(std::optional<std::uint64_t> post) const {
    Version v = *this;
    v.post_ = post;
    v.refresh_order_prefix();
    return v;
}

Version Version::with_dev(std::optional<std::uint64_t> dev) const {
    Version v = *this;
    v.dev_ = dev;
    v.refresh_order_prefix();
    return v;
}

Version Version::with_local(std::string_view normalized_label) const {
    Version v = *this;
    v.local_ = std::string(normalized_label);
    v.refresh_order_prefix();
    return v;
}

std::string Version::to_string() const {
    std::string out;
    if (epoch_ != 0) {
        append_number(out, epoch_);
        out += '!';
    }
    const std::span<const std::uint64_t> release = release_.as_span();
    for (std::size_t i = 0; i < release.size(); ++i) {
        if (i > 0) {
            out += '.';
        }
        append_number(out, release[i]);
    }
    if (pre_) {
        static constexpr const char* letters[] = {"a", "b", "rc"};
        out += letters[static_cast<int>(pre_->kind)];
        append_number(out, pre_->number);
    }
    if (post_) {
        out += ".post";
        append_number(out, *post_);
    }
    if (dev_) {
        out += ".dev";
        append_number(out, *dev_);
    }
    if (!local_.empty()) {
        out += '+';
        out += local_;
    }
    return out;
}

std::strong_ordering compare_local(std::string_view a, std::string_view b) noexcept {
    if (a == b) {
        return std::strong_ordering::equal;
    }
    if (a.empty() || b.empty()) {
        return !a.empty() <=> !b.empty();
    }
    while (!a.empty() && !b.empty()) {
        const std::string_view x = a.substr(0, a.find('.'));
        const std::string_view y = b.substr(0, b.find('.'));
        const bool x_number = std::all_of(x.begin(), x.end(), is_ascii_digit);
        const bool y_number = std::all_of(y.begin(), y.end(), is_ascii_digit);
        std::strong_ordering c = x_number <=> y_number; // numbers sort above words
        if (c == 0 && x_number) {
            c = x.size() <=> y.size(); // no leading zeros: the longer number is larger
        }
        if (c == 0) {
            c = x.compare(y) <=> 0;
        }
        if (c != 0) {
            return c;
        }
        a.remove_prefix(std::min(a.size(), x.size() + 1));
        b.remove_prefix(std::min(b.size(), y.size() + 1));
    }
    return !a.empty() <=> !b.empty();
}

std::strong_ordering compare_key_prefix(const Version& a, const Version& b,
                                        VersionKeyPart through) noexcept {
    if (auto c = a.epoch() <=> b.epoch(); c != 0) {
        return c;
    }
    if (auto c = compare_release(a.release(), b.release()); c != 0) {
        return c;
    }
    if (auto c = pre_rank(a) <=> pre_rank(b); c != 0) {
        return c;
    }
    if (auto c = compare_optional(a.pre(), b.pre(), true); c != 0) {
        return c;
    }
    if (through == VersionKeyPart::PreRelease) {
        return std::strong_ordering::equal;
    }
    if (auto c = compare_optional(a.post(), b.post(), false); c != 0) {
        return c;
    }
    return compare_optional(a.dev(), b.dev(), true);
}

std::strong_ordering operator<=>(const Version& a, const Version& b) noexcept {
    if (a.order_prefix_high_ != b.order_prefix_high_) {
        return a.order_prefix_high_ <=> b.order_prefix_high_;
    }
    if (a.order_prefix_low_ != b.order_prefix_low_) {
        return a.order_prefix_low_ <=> b.order_prefix_low_;
    }
    if (a.order_prefix_exact_ && b.order_prefix_exact_) {
        return compare_local(a.local_, b.local_); // everything else is known to be equal
    }
    if (auto c = compare_key_prefix(a, b, VersionKeyPart::DevRelease); c != 0) {
        return c;
    }
    return compare_local(a.local_, b.local_);
}

std::size_t Version::hash() const noexcept {
    std::size_t h = std::hash<std::uint64_t>{}(epoch_);
    auto mix = [&h](std::size_t x) { h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    const std::span<const std::uint64_t> release = release_.as_span();
    std::size_t significant = release.size();
    while (significant > 1 && release[significant - 1] == 0) {
        --significant;
    }
    for (std::size_t i = 0; i < significant; ++i) {
        mix(release[i]);
    }
    mix(pre_ ? (static_cast<std::size_t>(pre_->kind) + 1) * 31 + pre_->number : 0);
    mix(post_ ? *post_ + 1 : 0);
    mix(dev_ ? *dev_ + 1 : 0);
    mix(std::hash<std::string>{}(local_));
    return h;
}

} // namespace torchpin
