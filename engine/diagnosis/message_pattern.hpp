// The message patterns of known issues (data/known_issues.toml, `patterns`): how a pasted error
// or traceback is recognised without regular expressions.
#pragma once

#include "engine/base/expected.hpp"

#include <optional>
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
// "version `GLIBCXX_3.4.30' not found". `{name}` reads out a variable part: one or more letters,
// digits and `.+-_{}` (a version such as 2.5.1+cu121, or a `{x}` placeholder), so "PyTorch
// {built_for} with CUDA" reads built_for = "2.5.1+cu121" from "PyTorch 2.5.1+cu121 with CUDA 1201".
// Matching is linear in the message.
//
// Rejected: ECMAScript regular expressions (std::regex). Patterns written as data would need
// escaping for every '.', '[' and '(' of a DLL name, and libstdc++'s matcher recurses once per
// character, so a pasted traceback of a few hundred kilobytes overflows the stack.
class MessagePattern {
public:
    struct Reading {
        std::string name;  // "built_for"
        std::string value; // "2.5.1+cu121"
    };

    // Fails for a pattern without text to find (empty, white space, quotes and `...` only).
    static Expected<MessagePattern> parse(std::string_view text);

    bool matches(const PreparedMessage& message) const { return match(message).has_value(); }
    // The `{name}` parts of the first match, in the pattern's order (lowered, as the prepared
    // message is), or nullopt when the message does not match.
    std::optional<std::vector<Reading>> match(const PreparedMessage& message) const;
    const std::string& text() const noexcept { return text_; }

private:
    enum class Kind : char { Letter, Space, Quote, Gap, Word };
    struct Token {
        Kind kind;
        char letter; // lowered; for Letter only
    };
    // One way through the pattern: where each `{name}` part begins and ends in the message.
    struct Spans {
        std::vector<std::pair<std::size_t, std::size_t>> words;
    };
    using States = std::vector<std::optional<Spans>>; // [i]: tokens [0, i) have matched

    MessagePattern(std::string text, std::vector<Token> tokens, std::vector<std::string> names,
                   std::string anchor);
    bool steps_to_end(States& states, char c, std::size_t at) const;
    void close(States& states) const;
    std::size_t word_index(std::size_t token) const;

    std::string text_;
    std::vector<Token> tokens_;
    std::vector<std::string> names_; // of the Word tokens, in order
    std::string anchor_; // the longest run of letters: a message without it cannot match
};

} // namespace torchpin
