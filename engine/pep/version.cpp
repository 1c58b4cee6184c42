// PEP 440 version parsing, printing and ordering, following pypa/packaging's grammar and sort key.
#include "engine/pep/version.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace torchpin {

namespace {

constexpr std::string_view separators = "-_.";

bool is_separator(char c) noexcept {
    return c == '-' || c == '_' || c == '.';
}

// A failed parse: the message and the offset (in the untrimmed input) where it applies.
struct Failure {
    std::string message;
    std::size_t position;
};

// What a parse reads, handed to Version::assign_parts.
struct VersionParts {
    std::uint64_t epoch = 0;
    ReleaseNumbers release;
    std::optional<PreRelease> pre;
    std::optional<std::uint64_t> post;
    std::optional<std::uint64_t> dev;
    std::string local;
};

// The text without surrounding whitespace. Nearly every version starts and ends with a printable
// ASCII character, which needs no look at the Unicode spaces str.strip() also removes.
std::string_view trimmed_version_text(std::string_view text) noexcept {
    const auto printable = [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte > 0x20 && byte < 0x7f;
    };
    if (!text.empty() && printable(text.front()) && printable(text.back())) {
        return text;
    }
    return trim_whitespace(text);
}

class VersionParser {
public:
    explicit VersionParser(std::string_view text)
        : scan_(text) {}

    // Reads the parts into `out`, or returns why they are not a version.
    std::optional<Failure> run(VersionParts& out) {
        const std::string_view text = scan_.text();
        const std::string_view trimmed = trimmed_version_text(text);
        const std::size_t begin = static_cast<std::size_t>(trimmed.data() - text.data());
        const std::size_t end = begin + trimmed.size();
        scan_.reset(begin);
        if (begin == end) {
            return Failure{"expected a version, found nothing", begin};
        }
        scan_.accept('v') || scan_.accept('V');

        auto first = number("expected a version number (like 2.1.0)");
        if (!first) {
            return failure_;
        }
        ReleaseNumbers& release = out.release;
        if (scan_.accept('!')) {
            out.epoch = *first;
            auto major = number("expected a release number after the epoch '!'");
            if (!major) {
                return failure_;
            }
            release.push_back(*major);
        } else {
            release.push_back(*first);
        }
        while (scan_.peek() == '.' && is_ascii_digit(scan_.peek(1))) {
            scan_.advance();
            auto part = number("");
            if (!part) {
                return failure_;
            }
            release.push_back(*part);
        }

        if (!scan_.at_end() && scan_.peek() != '+') { // most versions have none of the three
            out.pre = pre_release();
            out.post = post_release();
            out.dev = dev_release();
            if (failure_) {
                return failure_;
            }
        }
        if (scan_.peek() == '+' && scan_.position() < end) {
            scan_.advance();
            out.local = local_label(end);
            if (failure_) {
                return failure_;
            }
        }
        if (scan_.position() != end) {
            return Failure{unexpected_message(), scan_.position()};
        }
        return std::nullopt;
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
        // Fast path: up to 19 digits always fit; longer runs and leading zeros take the scanner's
        // general reading (with its overflow check).
        const std::string_view rest = scan_.rest();
        std::size_t digits = 0;
        std::uint64_t fast = 0;
        while (digits < rest.size() && digits < 20 && is_ascii_digit(rest[digits])) {
            fast = fast * 10 + static_cast<std::uint64_t>(rest[digits] - '0');
            ++digits;
        }
        if (digits > 0 && digits < 20 && (digits == rest.size() || !is_ascii_digit(rest[digits]))) {
            scan_.advance(digits);
            return fast;
        }
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
        const std::size_t skip = is_separator(scan_.peek()) ? 1 : 0;
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
        // Only a word with the next letter can match: skip the others without comparing them.
        const char letter = ascii_lower(scan_.peek());
        for (std::size_t i = 0; i < std::size(words); ++i) {
            if (words[i][0] == letter && scan_.accept_word(words[i])) {
                return PreRelease{kinds[i], implicit_number()};
            }
        }
        scan_.reset(start);
        return std::nullopt;
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
            if (scan_.position() >= end || !is_separator(scan_.peek())) {
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
    Version v;
    v.assign_parts(epoch, std::move(release), pre, post, dev, std::move(local_label));
    return v;
}

void Version::assign_parts(std::uint64_t epoch, ReleaseNumbers release,
                           std::optional<PreRelease> pre, std::optional<std::uint64_t> post,
                           std::optional<std::uint64_t> dev, std::string local_label) {
    epoch_ = epoch;
    if (release.size() != 0) {
        release_ = std::move(release);
    }
    set_pre(pre);
    set_post(post);
    set_dev(dev);
    local_ = std::move(local_label);
    refresh_order_prefix();
}

namespace {

// Writes an order-preserving, prefix-free bit code of a version's sort key into 128 bits, most
// significant first. Because no field's code is a prefix of another value's code of that field,
// comparing the 128-bit prefixes as integers orders versions correctly whenever they differ; a
// code longer than 128 bits is cut there and marked incomplete.
class OrderKeyWriter {
public:
    // Writes the low `width` bits of `value` (1 <= width <= 64, value < 2^width).
    void put(std::uint64_t value, int width) noexcept {
        const int room = 128 - used_;
        if (width > room) {
            complete_ = false;
            if (room == 0) {
                return;
            }
            value >>= width - room;
            width = room;
        }
        used_ += width;
        code_ |= static_cast<Code>(value) << (128 - used_);
    }
    void bit(bool b) noexcept { put(b ? 1 : 0, 1); }
    // A number in one of four size classes: 2 bits of class, then 5, 12, 32 or 64 bits of value.
    // Every value of a class is above every value of the classes before it.
    void number(std::uint64_t n) noexcept {
        if (n < (std::uint64_t{1} << 5)) {
            put(n, 7); // class 0, then the value
        } else if (n < (std::uint64_t{1} << 12)) {
            put((std::uint64_t{1} << 12) | n, 14);
        } else if (n < (std::uint64_t{1} << 32)) {
            put((std::uint64_t{2} << 32) | n, 34);
        } else {
            put(3, 2);
            put(n, 64);
        }
    }
    // Fills every remaining bit with ones: the value written last stands for "this or more", so
    // everything after it is unknown and the key only bounds the version from below.
    void saturate() noexcept {
        if (used_ < 128) {
            code_ |= used_ == 0 ? ~Code{0} : (static_cast<Code>(1) << (128 - used_)) - 1;
            used_ = 128;
        }
        complete_ = false;
    }
    std::uint64_t high() const noexcept { return static_cast<std::uint64_t>(code_ >> 64); }
    std::uint64_t low() const noexcept { return static_cast<std::uint64_t>(code_); }
    bool complete() const noexcept { return complete_; }

private:
    __extension__ using Code = unsigned __int128; // GCC and Clang both have it
    Code code_ = 0;
    int used_ = 0;
    bool complete_ = true;
};

// Codes one local segment the way compare_local orders it. Numbers (all digits): 1, the length,
// then 4 bits a digit (compare_local orders numbers by length, then digit by digit). Words: 0,
// then 6 bits a byte, in byte order, ending with 0; a byte outside [0-9a-z] (never in a parsed
// label) writes the code of its range and saturates.
void put_local_segment(OrderKeyWriter& key, std::string_view segment) noexcept {
    if (std::all_of(segment.begin(), segment.end(), is_ascii_digit)) {
        key.bit(true);
        key.number(segment.size());
        for (char c : segment) {
            key.put(static_cast<std::uint64_t>(c - '0'), 4);
        }
        return;
    }
    key.bit(false);
    for (char c : segment) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= '0' && byte <= '9') {
            key.put(2 + (byte - '0'), 6);
        } else if (byte >= 'a' && byte <= 'z') {
            key.put(13 + (byte - 'a'), 6);
        } else {
            key.put(byte < '0' ? 1 : byte < 'a' ? 12 : 39, 6);
            key.saturate();
            return;
        }
    }
    key.put(0, 6);
}

} // namespace

void Version::refresh_order_prefix() noexcept {
    // The code, field by field in sort-key order: epoch; each release number up to the last
    // nonzero one, each after a 1 bit, then a 0 bit (so 2.1 == 2.1.0 < 2.1.0.1); the pre rank
    // (dev-only, pre, none) with the pre kind and number; post (absent lowest); dev (absent
    // highest); local (absent lowest, then each segment, and a bit saying whether another one
    // follows). Torch-like versions take 30 to 110 bits, so the key is usually complete, and then
    // equal keys mean equal versions.
    OrderKeyWriter key;
    key.number(epoch_);
    const std::span<const std::uint64_t> release = release_.as_span();
    std::size_t significant = release.size();
    while (significant > 0 && release[significant - 1] == 0) {
        --significant;
    }
    for (std::size_t i = 0; i < significant; ++i) {
        key.bit(true);
        key.number(release[i]);
    }
    key.bit(false);
    key.put(static_cast<std::uint64_t>(pre_rank(*this)), 2);
    if (has_pre_) {
        key.put(static_cast<std::uint64_t>(pre_kind_), 2);
        key.number(pre_number_);
    }
    key.bit(has_post_);
    if (has_post_) {
        key.number(post_);
    }
    key.bit(!has_dev_);
    if (has_dev_) {
        key.number(dev_);
    }
    key.bit(!local_.empty());
    std::string_view rest = local_;
    while (!rest.empty()) {
        const std::string_view segment = rest.substr(0, rest.find('.'));
        put_local_segment(key, segment);
        rest.remove_prefix(std::min(rest.size(), segment.size() + 1));
        key.bit(!rest.empty());
    }
    order_prefix_high_ = key.high();
    order_prefix_low_ = key.low();
    order_prefix_exact_ = key.complete();
}

Expected<Version> Version::parse(std::string_view text) {
    VersionParts parts;
    if (auto failure = VersionParser(text).run(parts)) {
        return ParseError{"invalid version: " + failure->message, failure->position,
                          std::string(text)};
    }
    Version version;
    version.assign_parts(parts.epoch, std::move(parts.release), parts.pre, parts.post, parts.dev,
                         std::move(parts.local));
    return version;
}

Version Version::from(std::string_view text) {
    VersionParts parts;
    if (VersionParser(text).run(parts)) {
        return parse(text).value(); // throws the same ParseFailure as parse would report
    }
    Version version; // returned in place: no move of a whole Version
    version.assign_parts(parts.epoch, std::move(parts.release), parts.pre, parts.post, parts.dev,
                         std::move(parts.local));
    return version;
}

Version Version::public_version() const {
    return with_local({});
}

Version Version::base_version() const {
    return Version(release_, epoch_);
}

Version Version::with_pre(std::optional<PreRelease> pre) const {
    Version v = *this;
    v.set_pre(pre);
    v.refresh_order_prefix();
    return v;
}

Version Version::with_post(std::optional<std::uint64_t> post) const {
    Version v = *this;
    v.set_post(post);
    v.refresh_order_prefix();
    return v;
}

Version Version::with_dev(std::optional<std::uint64_t> dev) const {
    Version v = *this;
    v.set_dev(dev);
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
    if (has_pre_) {
        static constexpr const char* letters[] = {"a", "b", "rc"};
        out += letters[static_cast<int>(pre_kind_)];
        append_number(out, pre_number_);
    }
    if (has_post_) {
        out += ".post";
        append_number(out, post_);
    }
    if (has_dev_) {
        out += ".dev";
        append_number(out, dev_);
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

std::strong_ordering Version::compare_parts(const Version& a, const Version& b) noexcept {
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
    mix(has_pre_ ? (static_cast<std::size_t>(pre_kind_) + 1) * 31 + pre_number_ : 0);
    mix(has_post_ ? post_ + 1 : 0);
    mix(has_dev_ ? dev_ + 1 : 0);
    mix(std::hash<std::string>{}(local_));
    return h;
}

} // namespace torchpin
