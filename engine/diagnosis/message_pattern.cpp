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

MessagePattern::MessagePattern(std::string text, std::vector<Token> tokens, std::string anchor)
    : text_(std::move(text))
    , tokens_(std::move(tokens))
    , anchor_(std::move(anchor)) {}

Expected<MessagePattern> MessagePattern::parse(std::string_view text) {
    std::vector<Token> tokens;
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
    return MessagePattern(std::string(text), std::move(tokens), std::move(anchor));
}

// Adds the states reachable without reading: past a quote that is absent, past a gap that is
// empty.
void MessagePattern::close(std::vector<char>& states) const {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Kind kind = tokens_[i].kind;
        if (states[i] && (kind == Kind::Quote || kind == Kind::Gap)) {
            states[i + 1] = 1;
        }
    }
}

// Reads one character: states[i] means tokens [0, i) have matched. Returns whether every token
// has.
bool MessagePattern::steps_to_end(std::vector<char>& states, char c) const {
    for (std::size_t i = tokens_.size(); i-- > 0;) {
        if (!states[i]) {
            continue;
        }
        const Token& token = tokens_[i];
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
            advances = false; // it stays (below) or was passed by close()
            break;
        }
        states[i] = token.kind == Kind::Gap && c != '\n';
        states[i + 1] = states[i + 1] || advances;
    }
    states[0] = 1; // a match may start at any character
    close(states);
    return states[tokens_.size()] != 0;
}

bool MessagePattern::matches(const PreparedMessage& message) const {
    const std::string& text = message.text();
    if (text.find(anchor_) == std::string::npos) {
        return false;
    }
    std::vector<char> states(tokens_.size() + 1, 0);
    states[0] = 1;
    close(states);
    return std::any_of(text.begin(), text.end(), [&](char c) { return steps_to_end(states, c); });
}

} // namespace torchpin
