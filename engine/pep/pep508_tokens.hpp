// The token rules of PEP 508 dependency specifiers, matched as pypa/packaging's tokenizer does.
#pragma once

#include <cstddef>
#include <string_view>

// Each function returns the length of its token at offset `at` of `text`, or 0 when the token
// is not there. Like packaging's regular expressions they match greedily and never look past the
// token, except that \b word boundaries look at one character on either side. Word characters are
// ASCII letters, digits and '_', and (unlike Python, which asks Unicode) every non-ASCII byte;
// that choice never changes what is accepted, only where some errors are reported.
namespace torchpin::pep508 {

// Spaces and tabs: "[ \t]+".
std::size_t whitespace_length(std::string_view text, std::size_t at) noexcept;

// A name or extra: "\b[a-zA-Z0-9][a-zA-Z0-9._-]*\b", so "foo-bar" in "foo-bar>=1" and "foo" in
// "foo-=1".
std::size_t identifier_length(std::string_view text, std::size_t at) noexcept;

// `word` as a whole word: "\bword\b" ("and", "or", "in", "not").
std::size_t keyword_length(std::string_view text, std::size_t at, std::string_view word) noexcept;

// A marker variable, including the legacy spellings packaging accepts: "os.name",
// "python_implementation", "extras", "dependency_groups".
std::size_t variable_length(std::string_view text, std::size_t at) noexcept;

// A quoted string, "'...'" or "\"...\"", with no escape processing: it ends at the next quote
// of its kind.
std::size_t quoted_string_length(std::string_view text, std::size_t at) noexcept;

// One version specifier as packaging's Specifier regular expression finds it at the start of the
// rest: ">= 2.1" of ">= 2.1, <3", "==2.1" of "==2.1.org1", "===anything" up to a space, ';' or ')'.
std::size_t specifier_length(std::string_view text, std::size_t at) noexcept;

// The ".*" that packaging reports when it follows a specifier that cannot take it.
std::size_t prefix_trail_length(std::string_view text, std::size_t at) noexcept;

// The "+local" label that packaging reports after an ordering specifier:
// "\+[a-z0-9]+([-_.][a-z0-9]+)*".
std::size_t local_label_trail_length(std::string_view text, std::size_t at) noexcept;

// A URL after '@': everything up to a space or tab.
std::size_t url_length(std::string_view text, std::size_t at) noexcept;

} // namespace torchpin::pep508
