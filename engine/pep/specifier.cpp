// Specifier and SpecifierSet: parsing by packaging's grammar, and PEP 440's matching rules.
#include "engine/pep/specifier.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>

namespace torchpin {

namespace {

struct OperatorSpelling {
    std::string_view symbol;
    Operator op;
};

// Longest spellings first, so "===" is not read as "==" followed by "=".
constexpr OperatorSpelling operator_spellings[] = {
    {"===", Operator::Identity}, {"~=", Operator::Compatible}, {"==", Operator::Equal},
    {"!=", Operator::NotEqual},  {"<=", Operator::LessEqual},  {">=", Operator::GreaterEqual},
    {"<", Operator::Less},       {">", Operator::Greater},
};

ParseError error_at(std::string message, std::size_t position, std::string_view text) {
    return ParseError{"invalid specifier: " + std::move(message), position, std::string(text)};
}

// "==2.1.*" prefix matching: epochs equal and the candidate's release, zero-padded, starts with
// `prefix`. Pre/post/dev parts of the candidate do not matter (2.1rc1 matches ==2.1.*).
bool matches_prefix(const Version& candidate, std::uint64_t epoch,
                    std::span<const std::uint64_t> prefix) {
    if (candidate.epoch() != epoch) {
        return false;
    }
    const auto& release = candidate.release();
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if ((i < release.size() ? release[i] : 0) != prefix[i]) {
            return false;
        }
    }
    return true;
}

// The version a post-release belongs to: 1.0.post1 -> 1.0, 1.0a1.post0.dev1 -> 1.0a1.
Version post_base(const Version& v) {
    return v.with_post({}).with_dev({}).with_local({});
}

// The earliest pre-release of v: 1.2 -> 1.2.dev0, 1.2.post1 -> 1.2.post1.dev0.
Version earliest_prerelease(const Version& v) {
    return v.with_dev(0).with_local({});
}

std::optional<std::size_t> find_space(std::string_view text) {
    const auto space = std::find_if(text.begin(), text.end(), is_ascii_space);
    if (space == text.end()) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(space - text.begin());
}

} // namespace

std::string_view operator_symbol(Operator op) noexcept {
    for (const auto& spelling : operator_spellings) {
        if (spelling.op == op) {
            return spelling.symbol;
        }
    }
    return "?";
}

Expected<Specifier> Specifier::parse(std::string_view text) {
    const std::string_view body = trim_whitespace(text);
    TextScanner scan(text, static_cast<std::size_t>(body.data() - text.data()));
    const std::size_t op_at = scan.position();
    Specifier spec;
    bool found = false;
    for (const auto& spelling : operator_spellings) {
        if (scan.accept_word(spelling.symbol)) {
            spec.op_ = spelling.op;
            found = true;
            break;
        }
    }
    if (!found) {
        return error_at("expected an operator (==, !=, <=, >=, <, >, ~= or ===)", op_at, text);
    }
    scan.skip_spaces();
    const std::size_t version_at = scan.position();
    std::string_view written = trim_whitespace(scan.rest());
    if (written.empty()) {
        return error_at("expected a version after '" + std::string(operator_symbol(spec.op_)) + "'",
                        version_at, text);
    }
    if (auto space = find_space(written)) {
        return error_at("unexpected space inside the version", version_at + *space, text);
    }
    if (spec.op_ == Operator::Identity) {
        if (auto bad = written.find_first_of(";)"); bad != std::string_view::npos) {
            return error_at(
                std::string("unexpected '") + written[bad] + "' after ===", version_at + bad, text);
        }
        spec.text_ = std::string(written);
        if (auto v = Version::parse(written)) {
            spec.version_ = *v;
        }
        return spec;
    }
    if (written.size() >= 2 && written.substr(written.size() - 2) == ".*") {
        spec.wildcard_ = true;
        written.remove_suffix(2);
    }
    auto parsed = Version::parse(written);
    if (!parsed) {
        const ParseError& error = parsed.error();
        const std::string message = error.message.substr(error.message.find(": ") + 2);
        return error_at(written.empty() ? "expected a version before '.*'" : message,
                        version_at + error.position, text);
    }
    const Version& v = *parsed;
    const bool equality = spec.op_ == Operator::Equal || spec.op_ == Operator::NotEqual;
    if (spec.wildcard_ && !equality) {
        return error_at("'.*' is only allowed with == and !=", version_at + written.size(), text);
    }
    if (spec.wildcard_ && (v.pre() || v.post() || v.dev() || v.has_local())) {
        return error_at("'.*' can only follow a release number (like ==2.1.*)",
                        version_at + written.size(), text);
    }
    if (v.has_local() && !equality) {
        return error_at("a local label ('+...') is only allowed with == and !=",
                        version_at + written.find('+'), text);
    }
    if (spec.op_ == Operator::Compatible && v.release().size() < 2) {
        return error_at("~= needs at least two release numbers (like ~=2.1)", version_at, text);
    }
    spec.text_ = std::string(written);
    spec.version_ = v;
    return spec;
}

Specifier Specifier::from(std::string_view text) {
    return parse(text).value();
}

bool Specifier::allows_prereleases() const noexcept {
    if (op_ == Operator::NotEqual || wildcard_ || !version_) {
        return false;
    }
    return version_->is_prerelease();
}

bool Specifier::matches(const Version& v) const {
    if (op_ == Operator::Identity) {
        return iequals(v.to_string(), text_);
    }
    const Version& spec = *version_;
    switch (op_) {
    case Operator::Equal:
    case Operator::NotEqual: {
        bool equal = false;
        if (wildcard_) {
            equal = matches_prefix(v, spec.epoch(), spec.release());
        } else if (spec.has_local()) {
            equal = v == spec;
        } else {
            equal = v.public_version() == spec;
        }
        return equal == (op_ == Operator::Equal);
    }
    case Operator::LessEqual:
        return v.public_version() <= spec;
    case Operator::GreaterEqual:
        return v.public_version() >= spec;
    case Operator::Less:
        // "<2.1" admits none of 2.1's own pre-releases unless it names a pre-release itself.
        return v < spec &&
               !(!spec.is_prerelease() && v.is_prerelease() && v >= earliest_prerelease(spec));
    case Operator::Greater:
        // ">2.1" admits neither 2.1's post-releases (unless it names one) nor 2.1+local.
        if (!(v > spec)) {
            return false;
        }
        if (!spec.is_postrelease() && v.is_postrelease() && post_base(v) == spec) {
            return false;
        }
        return !(v.has_local() && v.public_version() == spec);
    case Operator::Compatible: {
        const auto prefix = spec.release().first(spec.release().size() - 1);
        return v.public_version() >= spec && matches_prefix(v, spec.epoch(), prefix);
    }
    case Operator::Identity:
        break;
    }
    return false;
}

std::string Specifier::to_string() const {
    return std::string(operator_symbol(op_)) + text_ + (wildcard_ ? ".*" : "");
}

SpecifierSet::SpecifierSet(std::vector<Specifier> specifiers)
    : specifiers_(std::move(specifiers)) {}

Expected<SpecifierSet> SpecifierSet::parse(std::string_view text) {
    // As in packaging, empty clauses (">=2.1,,<3", a trailing comma) are skipped.
    std::vector<Specifier> specifiers;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view piece = text.substr(start, comma - start);
        if (!trim_whitespace(piece).empty()) {
            auto spec = Specifier::parse(piece);
            if (!spec) {
                ParseError error = spec.error();
                error.position += start;
                error.input = std::string(text);
                return error;
            }
            specifiers.push_back(*spec);
        }
        start = comma + 1;
    }
    return SpecifierSet(std::move(specifiers));
}

SpecifierSet SpecifierSet::from(std::string_view text) {
    return parse(text).value();
}

bool SpecifierSet::names_prerelease() const noexcept {
    return std::any_of(specifiers_.begin(), specifiers_.end(),
                       [](const Specifier& s) { return s.allows_prereleases(); });
}

bool SpecifierSet::contains(const Version& v, std::optional<bool> prereleases) const {
    if (prereleases == false && v.is_prerelease()) {
        return false;
    }
    return std::all_of(specifiers_.begin(), specifiers_.end(),
                       [&](const Specifier& s) { return s.matches(v); });
}

std::vector<std::size_t> SpecifierSet::filter(const std::vector<Version>& candidates,
                                              std::optional<bool> prereleases) const {
    if (!prereleases && names_prerelease()) {
        prereleases = true;
    }
    std::vector<std::size_t> finals;
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (!contains(candidates[i], prereleases)) {
            continue;
        }
        all.push_back(i);
        if (!candidates[i].is_prerelease()) {
            finals.push_back(i);
        }
    }
    // PEP 440: pre-releases count when asked for, or when nothing else satisfies the set.
    if (prereleases || finals.empty()) {
        return all;
    }
    return finals;
}

SpecifierSet SpecifierSet::operator&(const SpecifierSet& other) const {
    std::vector<Specifier> all = specifiers_;
    all.insert(all.end(), other.specifiers_.begin(), other.specifiers_.end());
    return SpecifierSet(std::move(all));
}

std::string SpecifierSet::to_string() const {
    std::string out;
    for (const Specifier& s : specifiers_) {
        out += out.empty() ? "" : ",";
        out += s.to_string();
    }
    return out;
}

} // namespace torchpin
