// MessagePattern: a pattern is a small automaton over its tokens, run over the prepared message
// with one set of states, after a plain search for its longest literal run rules most messages
// out.
#include "engine/diagnosis/message_pattern.hpp"

#include <algorithm>

namespace torchpin {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_quote(char c) {
    return c == '\'' || c == '"' || c == '`';
}

// A character of a `{name}` part: letters, digits and ".+-_" (lowered, as in a prepared message),
// and braces, so that a message written with its variable parts as `{x}` (data/known_issues.toml's
// `error`) matches its own pattern.
bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-' ||
           c == '_' || c == '{' || c == '}';
}

// The name of a `{name}` part starting at text[at], or empty when there is none there.
std::string_view word_name(std::string_view text, std::size_t at) {
    const auto close = text.find('}', at);
    if (text[at] != '{' || close == std::string_view::npos || close == at + 1) {
        return {};
    }
    const std::string_view name = text.substr(at + 1, close - at - 1);
    const bool valid = std::all_of(name.begin(), name.end(),
                                   [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
    return valid ? name : std::string_view{};
}

// Where two ways through a pattern meet, the one whose first differing `{name}` part starts
// earlier, or at the same place runs longer, is kept: "version: {v} ..." reads all of "118".
template <typename Spans>
bool reads_more(const Spans& a, const Spans& b) {
    for (std::size_t k = 0; k < a.words.size(); ++k) {
        if (a.words[k].first != b.words[k].first) {
            return a.words[k].first < b.words[k].first;
        }
        if (a.words[k].second != b.words[k].second) {
            return a.words[k].second > b.words[k].second;
        }
    }
    return false;
}

char lowered(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

} // namespace

PreparedMessage::PreparedMessage(std::string_view message) {
    text_.reserve(message.size());
    for (std::size_t i = 0; i < message.size();) {
        if (!is_space(message[i])) {
            text_ += lowered(message[i++]);
            continue;
        }
        bool line_break = false;
        for (; i < message.size() && is_space(message[i]); ++i) {
            line_break = line_break || message[i] == '\n' || message[i] == '\r';
        }
        text_ += line_break ? '\n' : ' ';
    }
}

MessagePattern::MessagePattern(std::string text, std::vector<Token> tokens,
                               std::vector<std::string> names, std::string anchor)
    : text_(std::move(text))
    , tokens_(std::move(tokens))
    , names_(std::move(names))
    , anchor_(std::move(anchor)) {}

Expected<MessagePattern> MessagePattern::parse(std::string_view text) {
    std::vector<Token> tokens;
    std::vector<std::string> names;
    std::string anchor;
    std::string run;
    const auto end_run = [&] {
        if (run.size() > anchor.size()) {
            anchor = run;
        }
        run.clear();
    };
    for (std::size_t i = 0; i < text.size();) {
        if (text.substr(i, 3) == "...") {
            end_run(); // the gap takes in the white space around it
            if (!tokens.empty() && tokens.back().kind == Kind::Space) {
                tokens.pop_back();
            }
            if (tokens.empty() || tokens.back().kind != Kind::Gap) {
                tokens.push_back({Kind::Gap, 0});
            }
            for (i += 3; i < text.size() && is_space(text[i]); ++i) {
            }
        } else if (const std::string_view name = word_name(text, i); !name.empty()) {
            end_run();
            tokens.push_back({Kind::Word, 0});
            names.emplace_back(name);
            i += name.size() + 2;
        } else if (is_space(text[i])) {
            end_run();
            while (i < text.size() && is_space(text[i])) {
                ++i;
            }
            tokens.push_back({Kind::Space, 0});
        } else if (is_quote(text[i])) {
            end_run();
            tokens.push_back({Kind::Quote, 0});
            ++i;
        } else {
            run += lowered(text[i]);
            tokens.push_back({Kind::Letter, lowered(text[i])});
            ++i;
        }
    }
    end_run();
    if (anchor.empty()) {
        return ParseError{"a message pattern needs text to find, not only white space, quotes and "
                          "'...'",
                          0, std::string(text)};
    }
    return MessagePattern(std::string(text), std::move(tokens), std::move(names),
                          std::move(anchor));
}

// The position of the Word token `token` among the pattern's `{name}` parts.
std::size_t MessagePattern::word_index(std::size_t token) const {
    return static_cast<std::size_t>(
        std::count_if(tokens_.begin(), tokens_.begin() + static_cast<std::ptrdiff_t>(token),
                      [](const Token& t) { return t.kind == Kind::Word; }));
}

// Adds the states reachable without reading: past a quote that is absent, past a gap that is
// empty.
void MessagePattern::close(States& states) const {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Kind kind = tokens_[i].kind;
        if (states[i] && !states[i + 1] && (kind == Kind::Quote || kind == Kind::Gap)) {
            states[i + 1] = states[i];
        }
    }
}

// Reads the character at `at`: states[i] is a way through which tokens [0, i) have matched (for a
// Word token, also: its part has begun). Where two ways meet, reads_more() chooses. Returns whether
// every token has matched.
bool MessagePattern::steps_to_end(States& states, char c, std::size_t at) const {
    for (std::size_t i = tokens_.size(); i-- > 0;) {
        if (!states[i]) {
            continue;
        }
        const Token& token = tokens_[i];
        Spans way = std::move(*states[i]);
        states[i].reset();
        bool advances = false;
        switch (token.kind) {
        case Kind::Letter:
            advances = token.letter == c;
            break;
        case Kind::Space:
            advances = c == ' ' || c == '\n';
            break;
        case Kind::Quote:
            advances = is_quote(c);
            break;
        case Kind::Gap:
            if (c != '\n') {
                states[i] = way; // it stays; passing it is close()'s
            }
            break;
        case Kind::Word:
            if (is_word_char(c)) {
                auto& span = way.words[word_index(i)];
                span.first = span.first == std::string::npos ? at : span.first;
                span.second = at + 1;
                states[i] = way; // the part may go on
                advances = true;
            }
            break;
        }
        if (advances && (!states[i + 1] || reads_more(way, *states[i + 1]))) {
            states[i + 1] = std::move(way);
        }
    }
    if (!states[0]) { // a match may start at any character
        states[0] = Spans{std::vector<std::pair<std::size_t, std::size_t>>(
            names_.size(), {std::string::npos, std::string::npos})};
    }
    close(states);
    return states[tokens_.size()].has_value();
}

std::optional<std::vector<MessagePattern::Reading>>
MessagePattern::match(const PreparedMessage& message) const {
    const std::string& text = message.text();
    if (text.find(anchor_) == std::string::npos) {
        return std::nullopt;
    }
    States states(tokens_.size() + 1);
    states[0] = Spans{std::vector<std::pair<std::size_t, std::size_t>>(
        names_.size(), {std::string::npos, std::string::npos})};
    close(states);
    for (std::size_t at = 0; at < text.size(); ++at) {
        if (steps_to_end(states, text[at], at)) {
            std::vector<Reading> readings;
            const Spans& way = *states[tokens_.size()];
            for (std::size_t k = 0; k < names_.size(); ++k) {
                const auto [begin, end] = way.words[k];
                readings.push_back({names_[k], text.substr(begin, end - begin)});
            }
            if (tokens_.back().kind == Kind::Word) { // a last part takes the whole word
                for (std::size_t end = at + 1; end < text.size() && is_word_char(text[end]);
                     ++end) {
                    readings.back().value += text[end];
                }
            }
            for (Reading& reading : readings) { // the full stop of a sentence is no part
                while (reading.value.size() > 1 && reading.value.back() == '.') {
                    reading.value.pop_back();
                }
            }
            return readings;
        }
    }
    return std::nullopt;
}

} // namespace torchpin
