// What the TOML lockfile readers (uv.lock, pylock.toml) share: parsing with located errors,
// typed access to keys that names the file, line and column of a wrong or missing value.
// Internal to importers/ (it includes toml++, which only this module links).
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "importers/input/text_input.hpp"
#include "importers/lock/unread_arrays.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <toml++/toml.h>

namespace torchpin {

class LockToml {
public:
    // Parses the whole input; a TOML syntax error is an InputError at toml++'s position. The
    // `unread` arrays are empty in the document where their items are as uv writes them
    // (without_unread_items): they are checked, not parsed.
    explicit LockToml(const TextInput& input, UnreadArrays unread = {});
    // Parses lines [first_line, end_line) of the input (1-based) as a document of their own;
    // every position, of a value or of a syntax error, is still the file's.
    LockToml(const TextInput& input, std::size_t first_line, std::size_t end_line,
             UnreadArrays unread = {});

    const toml::table& document() const noexcept { return document_; }
    const TextInput& input() const noexcept { return input_; }

    SourceLocation where(const toml::node& node) const;
    [[noreturn]] void reject(const toml::node& node, const std::string& message) const;

    // The value of `key` in `table`, or nullptr when it is absent; an InputError at the value
    // when it has another type: `"version" must be a string`.
    const std::string* optional_string(const toml::table& table, std::string_view key) const;
    const toml::table* optional_table(const toml::table& table, std::string_view key) const;
    const toml::array* optional_array(const toml::table& table, std::string_view key) const;
    // The same, and an InputError at `table` (its header line) when the key is missing.
    const std::string& required_string(const toml::table& table, std::string_view key,
                                       std::string_view table_name) const;

    // Each item of `array` as a table, or an InputError at the item.
    const toml::table& table_item(const toml::node& item, std::string_view array_name) const;

    // A PEP 503 normalized project name, or an InputError at the value.
    std::string project_name(const toml::table& table, std::string_view key,
                             std::string_view table_name) const;
    // A PEP 440 version, nothing when the key is absent, or an InputError at the value.
    std::optional<Version> optional_version(const toml::table& table, std::string_view key) const;

    // Whether `[[key]]` tables that follow this document in the file would extend its `key`: it
    // is absent, or an array opened by a `[[key]]` header (not a `key = [...]` value).
    bool extended_by_headers(std::string_view key) const;

private:
    const TextInput& input_;
    std::size_t lines_before_ = 0; // the lines of the file before the parsed text
    toml::table document_;
};

// The number of the first line after the middle of the input (by bytes) that is exactly
// `text` ("[[package]]"), or nothing.
std::optional<std::size_t> line_after_middle(const TextInput& input, std::string_view text);

// Adds `url` to `indexes` (as an index packages come from) unless it is already there.
void add_index(std::vector<IndexReference>& indexes, const std::string& url,
               const SourceLocation& where);

} // namespace torchpin
