// Requirement parsing (packaging's _parse_requirement, rule for rule) and canonical printing.
#include "engine/pep/requirement.hpp"

#include "engine/pep/marker_parser.hpp"
#include "engine/pep/pep508_tokens.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// The parts of a requirement as the grammar finds them, before the specifiers are interpreted.
struct RequirementParts {
    PackageName name;
    std::vector<PackageName> extras;
    // The specifier tokens and commas, joined without the spaces between them (as packaging joins
    // them), and for each byte its offset in the input, plus one for the end.
    std::string specifiers;
    std::vector<std::size_t> specifier_offsets;
    std::optional<std::string> url;
    std::optional<MarkerGroup> marker;
};

class RequirementParser {
public:
    explicit RequirementParser(std::string_view text)
        : text_(text) {}

    // requirement = WS? name WS? extras? WS? (url_part | specifier_part) END
    Expected<RequirementParts> parse() {
        RequirementParts parts;
        skip_whitespace();
        auto name = identifier("expected a package name at the start of the requirement");
        if (!name) {
            return name.error();
        }
        parts.name = std::move(*name);
        skip_whitespace();
        if (peek('[')) {
            auto extras = extras_list();
            if (!extras) {
                return extras.error();
            }
            parts.extras = std::move(*extras);
        }
        skip_whitespace();
        auto details = peek('@') ? url_part(parts) : specifier_part(parts);
        if (!details) {
            return details.error();
        }
        if (pos_ != text_.size()) {
            return error("expected the end of the requirement");
        }
        return parts;
    }

private:
    // A name or extra: packaging's IDENTIFIER, which must also be a valid PEP 508 name.
    Expected<PackageName> identifier(const std::string& missing) {
        const std::size_t length = pep508::identifier_length(text_, pos_);
        if (length == 0) {
            return error(missing);
        }
        auto name = PackageName::parse(text_.substr(pos_, length));
        if (!name) {
            return ParseError{"a name must start and end with a letter or digit",
                              pos_ + name.error().position, std::string(text_)};
        }
        pos_ += length;
        return name;
    }

    // extras = "[" WS? (name (WS? "," WS? name)*)? WS? "]"
    Expected<std::vector<PackageName>> extras_list() {
        const std::size_t open = pos_++;
        skip_whitespace();
        std::vector<PackageName> extras;
        if (pep508::identifier_length(text_, pos_) > 0) {
            while (true) {
                auto extra = identifier("expected an extra name after the comma");
                if (!extra) {
                    return extra.error();
                }
                extras.push_back(std::move(*extra));
                skip_whitespace();
                if (pep508::identifier_length(text_, pos_) > 0) {
                    return error("expected a comma between extra names");
                }
                if (!accept(',')) {
                    break;
                }
                skip_whitespace();
            }
        }
        skip_whitespace();
        if (!accept(']')) {
            return error("expected ']' to close the '[' at " + std::to_string(open) +
                         ", after the extras");
        }
        std::sort(extras.begin(), extras.end(), [](const PackageName& a, const PackageName& b) {
            return a.written() < b.written();
        });
        extras.erase(std::unique(extras.begin(), extras.end(),
                                 [](const PackageName& a, const PackageName& b) {
                                     return a.written() == b.written();
                                 }),
                     extras.end());
        return extras;
    }

    // url_part = "@" WS? URL (WS (";" marker)?)?
    Expected<bool> url_part(RequirementParts& parts) {
        ++pos_;
        skip_whitespace();
        const std::size_t length = pep508::url_length(text_, pos_);
        if (length == 0) {
            return error("expected a URL after '@'");
        }
        parts.url = std::string(text_.substr(pos_, length));
        pos_ += length;
        skip_whitespace(); // a URL runs to a space or tab, so one is here unless the text ended
        if (pos_ == text_.size()) {
            return true;
        }
        return marker_part(parts, "expected ';' (after the URL and a space) or the end");
    }

    // specifier_part = ("(" WS? specifiers WS? ")" | WS? specifiers) WS? (";" marker)?
    Expected<bool> specifier_part(RequirementParts& parts) {
        const bool parenthesized = peek('(');
        const std::size_t open = pos_;
        pos_ += parenthesized ? 1 : 0;
        skip_whitespace();
        auto specifiers = specifier_list(parts);
        if (!specifiers) {
            return specifiers.error();
        }
        skip_whitespace();
        if (parenthesized && !accept(')')) {
            return error("expected ')' to close the '(' at " + std::to_string(open) +
                         ", after the version specifier");
        }
        skip_whitespace();
        if (pos_ == text_.size()) {
            return true;
        }
        return marker_part(parts, parts.specifiers.empty()
                                      ? "expected a version specifier, ';' (before a marker) "
                                        "or the end after the name"
                                      : "expected ',' (between version specifiers), ';' "
                                        "(before a marker) or the end");
    }

    // specifiers = (SPECIFIER (WS? "," WS? SPECIFIER)*)?, a trailing comma allowed
    Expected<bool> specifier_list(RequirementParts& parts) {
        while (const std::size_t length = pep508::specifier_length(text_, pos_)) {
            const std::string_view token = text_.substr(pos_, length);
            append_specifier_text(parts, token);
            if (pep508::prefix_trail_length(text_, pos_) > 0) {
                ++pos_; // packaging points at the '*'
                const bool equality = token.starts_with("==") || token.starts_with("!=");
                return error(equality ? "'.*' can only follow a release number such as 2.1 "
                                        "(not a pre-, post-, dev-release or local label)"
                                      : "'.*' can only be used with == or !=");
            }
            if (pep508::local_label_trail_length(text_, pos_) > 0) {
                return error("a local label ('+...') can only be used with == or !=");
            }
            skip_whitespace();
            if (!peek(',')) {
                break;
            }
            append_specifier_text(parts, ",");
            skip_whitespace();
        }
        return true;
    }

    // Appends `piece`, which starts at pos_, and moves past it.
    void append_specifier_text(RequirementParts& parts, std::string_view piece) {
        for (std::size_t i = 0; i < piece.size(); ++i) {
            parts.specifier_offsets.push_back(pos_ + i);
        }
        parts.specifiers += piece;
        pos_ += piece.size();
    }

    // marker_part = ";" marker WS?
    Expected<bool> marker_part(RequirementParts& parts, const std::string& expected) {
        if (!accept(';')) {
            return error(expected);
        }
        auto marker = parse_marker_expression(text_, pos_);
        if (!marker) {
            return marker.error();
        }
        parts.marker = std::move(*marker);
        skip_whitespace();
        return true;
    }

    bool peek(char c) const noexcept { return pos_ < text_.size() && text_[pos_] == c; }
    bool accept(char c) noexcept {
        const bool found = peek(c);
        pos_ += found ? 1 : 0;
        return found;
    }
    void skip_whitespace() noexcept { pos_ += pep508::whitespace_length(text_, pos_); }

    ParseError error(std::string message) const {
        return ParseError{std::move(message), pos_, std::string(text_)};
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

// packaging's Specifier equality: same operator and the same version, trailing ".0"s aside
// (except for ~=); "===" and ".*" specifiers compare as written.
bool same_specifier(const Specifier& a, const Specifier& b) {
    if (a.op() != b.op()) {
        return false;
    }
    if (a.op() == Operator::Identity || a.has_wildcard() || b.has_wildcard()) {
        return a.to_string() == b.to_string();
    }
    if (a.op() == Operator::Compatible) {
        return a.version()->to_string() == b.version()->to_string();
    }
    return *a.version() == *b.version();
}

// packaging's str(SpecifierSet): sorted by text, the first of equal specifiers kept.
std::string canonical_specifiers(const SpecifierSet& set) {
    std::vector<const Specifier*> sorted;
    for (const Specifier& specifier : set.specifiers()) {
        sorted.push_back(&specifier);
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const Specifier* a, const Specifier* b) {
        return a->to_string() < b->to_string();
    });
    std::vector<const Specifier*> kept;
    for (const Specifier* specifier : sorted) {
        const bool repeated = std::any_of(kept.begin(), kept.end(), [&](const Specifier* other) {
            return same_specifier(*specifier, *other);
        });
        if (!repeated) {
            kept.push_back(specifier);
        }
    }
    std::string out;
    for (const Specifier* specifier : kept) {
        out += (out.empty() ? "" : ",") + specifier->to_string();
    }
    return out;
}

ParseError with_prefix(ParseError error) {
    error.message = "invalid requirement: " + error.message;
    return error;
}

} // namespace

Expected<Requirement> Requirement::parse(std::string_view text) {
    auto parts = RequirementParser(text).parse();
    if (!parts) {
        return with_prefix(parts.error());
    }
    auto specifier = SpecifierSet::parse(parts->specifiers);
    if (!specifier) {
        // Point into the input: the offset of the byte the error names, or just past the last.
        ParseError error = specifier.error();
        const auto& offsets = parts->specifier_offsets;
        error.position =
            error.position < offsets.size() ? offsets[error.position] : offsets.back() + 1;
        error.input = std::string(text);
        return with_prefix(std::move(error));
    }
    Requirement requirement;
    requirement.name_ = std::move(parts->name);
    requirement.extras_ = std::move(parts->extras);
    requirement.specifier_ = std::move(*specifier);
    requirement.url_ = std::move(parts->url);
    if (parts->marker) {
        requirement.marker_ = Marker(std::move(*parts->marker));
    }
    return requirement;
}

Requirement Requirement::from(std::string_view text) {
    return parse(text).value();
}

MarkerResult Requirement::applies_to(const MarkerEnvironment& environment,
                                     const std::vector<std::string>& requested_extras) const {
    if (!marker_) {
        return true;
    }
    MarkerEnvironment with_extra = environment;
    const std::vector<std::string> none{""};
    for (const std::string& extra : requested_extras.empty() ? none : requested_extras) {
        with_extra.extra = extra;
        MarkerResult result = marker_->evaluate(with_extra);
        if (!result.has_value() || result.value()) {
            return result; // like pip's any(): the first true, or the first error before it
        }
    }
    return false;
}

std::string Requirement::to_string() const {
    std::string out = name_.written();
    if (!extras_.empty()) {
        out += "[";
        for (std::size_t i = 0; i < extras_.size(); ++i) {
            out += (i > 0 ? "," : "") + extras_[i].written();
        }
        out += "]";
    }
    out += canonical_specifiers(specifier_);
    if (url_) {
        out += " @ " + *url_ + (marker_ ? " " : "");
    }
    if (marker_) {
        out += "; " + marker_->to_string();
    }
    return out;
}

} // namespace torchpin
