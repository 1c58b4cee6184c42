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
        std::vector<std::uint64_t> release;
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

        Version v(std::move(release), epoch);
        v = v.with_pre(pre_release());
        v = v.with_post(post_release());
        v = v.with_dev(dev_release());
        if (failure_) {
            return *failure_;
        }
        if (scan_.peek() == '+' && scan_.position() < end) {
            scan_.advance();
            auto local = local_label(end);
            if (failure_) {
                return *failure_;
            }
            v = v.with_local(std::move(local));
        }
        if (scan_.position() != end) {
            return Failure{unexpected_message(), scan_.position()};
        }
        return v;
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

    std::optional<PreRelease> pre_release() {
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
        static constexpr std::string_view words[] = {"post", "rev", "r"};
        scan_.accept_any_of(separators);
        if (!scan_.accept_one_of(words)) {
            scan_.reset(start);
            return std::nullopt;
        }
        return implicit_number();
    }

    std::optional<std::uint64_t> dev_release() {
        const std::size_t start = scan_.position();
        scan_.accept_any_of(separators);
        if (!scan_.accept_word("dev")) {
            scan_.reset(start);
            return std::nullopt;
        }
        return implicit_number();
    }

    std::vector<LocalSegment> local_label(std::size_t end) {
        std::vector<LocalSegment> segments;
        while (true) {
            const std::size_t at = scan_.position();
            std::string segment;
            while (scan_.position() < end && is_ascii_alnum(scan_.peek())) {
                segment += ascii_lower(scan_.peek());
                scan_.advance();
            }
            if (segment.empty()) {
                failure_ = Failure{segments.empty() ? "a local label after '+' must not be empty"
                                                    : "empty part in local label",
                                   at};
                return segments;
            }
            if (std::all_of(segment.begin(), segment.end(), is_ascii_digit)) {
                TextScanner digits(segment);
                bool overflow = false;
                const auto value = digits.read_number(overflow);
                if (overflow) {
                    failure_ = Failure{"number too large in local label", at};
                    return segments;
                }
                segments.emplace_back(*value);
            } else {
                segments.emplace_back(std::move(segment));
            }
            if (scan_.position() >= end ||
                separators.find(scan_.peek()) == std::string_view::npos) {
                return segments;
            }
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
std::strong_ordering compare_release(const std::vector<std::uint64_t>& a,
                                     const std::vector<std::uint64_t>& b) noexcept {
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

Version::Version(std::vector<std::uint64_t> release, std::uint64_t epoch)
    : epoch_(epoch)
    , release_(release.empty() ? std::vector<std::uint64_t>{0} : std::move(release)) {}

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

std::string Version::local_label() const {
    std::string out;
    for (const auto& segment : local_) {
        if (!out.empty()) {
            out += '.';
        }
        if (const auto* n = std::get_if<std::uint64_t>(&segment)) {
            append_number(out, *n);
        } else {
            out += std::get<std::string>(segment);
        }
    }
    return out;
}

Version Version::with_pre(std::optional<PreRelease> pre) const {
    Version v = *this;
    v.pre_ = pre;
    return v;
}

Version Version::with_post(std::optional<std::uint64_t> post) const {
    Version v = *this;
    v.post_ = post;
    return v;
}

Version Version::with_dev(std::optional<std::uint64_t> dev) const {
    Version v = *this;
    v.dev_ = dev;
    return v;
}

Version Version::with_local(std::vector<LocalSegment> local) const {
    Version v = *this;
    v.local_ = std::move(local);
    return v;
}

std::string Version::to_string() const {
    std::string out;
    if (epoch_ != 0) {
        append_number(out, epoch_);
        out += '!';
    }
    for (std::size_t i = 0; i < release_.size(); ++i) {
        if (i > 0) {
            out += '.';
        }
        append_number(out, release_[i]);
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
        out += local_label();
    }
    return out;
}

std::strong_ordering compare_local(const std::vector<LocalSegment>& a,
                                   const std::vector<LocalSegment>& b) noexcept {
    if (a.empty() || b.empty()) {
        return !a.empty() <=> !b.empty();
    }
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const auto* x = std::get_if<std::uint64_t>(&a[i]);
        const auto* y = std::get_if<std::uint64_t>(&b[i]);
        std::strong_ordering c = std::strong_ordering::equal;
        if (x && y) {
            c = *x <=> *y;
        } else if (x || y) {
            c = x ? std::strong_ordering::greater : std::strong_ordering::less; // numbers win
        } else {
            c = std::get<std::string>(a[i]).compare(std::get<std::string>(b[i])) <=> 0;
        }
        if (c != 0) {
            return c;
        }
    }
    return a.size() <=> b.size();
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
    if (auto c = compare_key_prefix(a, b, VersionKeyPart::DevRelease); c != 0) {
        return c;
    }
    return compare_local(a.local_, b.local_);
}

std::size_t Version::hash() const noexcept {
    std::size_t h = std::hash<std::uint64_t>{}(epoch_);
    auto mix = [&h](std::size_t x) { h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    std::size_t significant = release_.size();
    while (significant > 1 && release_[significant - 1] == 0) {
        --significant;
    }
    for (std::size_t i = 0; i < significant; ++i) {
        mix(release_[i]);
    }
    mix(pre_ ? (static_cast<std::size_t>(pre_->kind) + 1) * 31 + pre_->number : 0);
    mix(post_ ? *post_ + 1 : 0);
    mix(dev_ ? *dev_ + 1 : 0);
    for (const auto& segment : local_) {
        mix(std::visit([](const auto& s) { return std::hash<std::decay_t<decltype(s)>>{}(s); },
                       segment));
    }
    return h;
}

} // namespace torchpin
