// The message patterns of known issues (data/known_issues.toml, `patterns`): how a pasted error
// or traceback is recognised without regular expressions.
#pragma once

#include "engine/base/expected.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// A pasted message prepared once for every pattern: ASCII letters lowered, each run of white
// space one ' ', or one '\n' where the run holds a line break.
class PreparedMessage {
public:
    explicit PreparedMessage(std::string_view message);
    const std::string& text() const noexcept { return text_; }

private:
    std::string text_;
};

// "[WinError 126] ... fbgemm.dll": text matched anywhere in a message, ignoring ASCII case, where
// `...` (with the white space around it) is any text within one line, so it matches
// "[WinError 126] The specified module ... \torch\lib\fbgemm.dll"; a space is any run of white
// space (line breaks included) and
// a quote (' " `) is any quote or none, so "version 'GLIBCXX_...' not found" matches
// "version `GLIBCXX_3.4.30' not found". Matching is linear in the message.
//
// Rejected: ECMAScript regular expressions (std::regex). Patterns written as data would need
// escaping for every '.', '[' and '(' of a DLL name, and libstdc++'s matcher recurses once per
// character, so a pasted traceback of a few hundred kilobytes overflows the stack.
class MessagePattern {
public:
    // Fails for a pattern without text to find (empty, white space, quotes and `...` only).
    static Expected<MessagePattern> parse(std::string_view text);

    bool matches(const PreparedMessage& message) const;
    const std::string& text() const noexcept { return text_; }

private:
    enum class Kind : char { Letter, Space, Quote, Gap };
    struct Token {
        Kind kind;
        char letter; // lowered; for Letter only
    };

    MessagePattern(std::string text, std::vector<Token> tokens, std::string anchor);
    bool steps_to_end(std::vector<char>& states, char c) const;
    void close(std::vector<char>& states) const;

    std::string text_;
    std::vector<Token> tokens_;
    std::string anchor_; // the longest run of letters: a message without it cannot match
};

} // namespace torchpin
