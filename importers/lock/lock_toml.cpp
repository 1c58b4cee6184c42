// LockToml: toml++ parsing and typed, located key access for the lockfile readers.
#include "importers/lock/lock_toml.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/pep/package_name.hpp"

#include <algorithm>
#include <functional>
#include <span>

namespace torchpin {

namespace {

Diagnostic diagnostic_at_line(const TextInput& input, std::size_t line, std::size_t column,
                              std::string message) {
    std::string source;
    if (line >= 1 && line <= input.lines().size()) {
        source = std::string(input.lines()[line - 1].text);
    }
    return Diagnostic{input.origin(), line, column, std::move(message), std::move(source)};
}

// The text of lines [first_line, end_line): for line 1, from the file's first byte, so that
// toml++ sees (and skips) a byte order mark as it does in the whole file.
std::string_view text_of_lines(const TextInput& input, std::size_t first_line,
                               std::size_t end_line) {
    const std::string_view content = input.content();
    const auto offset_of = [&](std::size_t line) -> std::size_t {
        if (line <= 1) {
            return 0;
        }
        if (line > input.lines().size()) {
            return content.size();
        }
        return static_cast<std::size_t>(input.lines()[line - 1].text.data() - content.data());
    };
    const std::size_t begin = offset_of(first_line);
    return content.substr(begin, offset_of(end_line) - begin);
}

// A position toml++ gives in a text that starts after `lines_before` lines of the file, as a
// line of the file; 0 (unknown) stays 0.
std::size_t file_line(std::size_t line, std::size_t lines_before) {
    return line == 0 ? 0 : line + lines_before;
}

toml::table parse_lines(const TextInput& input, std::size_t first_line, std::size_t end_line,
                        UnreadArrays unread) {
    const std::string_view text = text_of_lines(input, first_line, end_line);
    const std::optional<std::string> kept = without_unread_items(
        text, std::span(input.lines()).subspan(first_line - 1, end_line - first_line), unread);
    try {
        return toml::parse(kept ? std::string_view(*kept) : text, std::string_view(input.origin()));
    } catch (const toml::parse_error& e) {
        const toml::source_position at = e.source().begin;
        throw InputError(diagnostic_at_line(input, file_line(at.line, first_line - 1), at.column,
                                            "invalid TOML: " + std::string(e.description())));
    }
}

} // namespace

LockToml::LockToml(const TextInput& input, UnreadArrays unread)
    : LockToml(input, 1, input.lines().size() + 1, unread) {}

LockToml::LockToml(const TextInput& input, std::size_t first_line, std::size_t end_line,
                   UnreadArrays unread)
    : input_(input)
    , lines_before_(first_line - 1)
    , document_(parse_lines(input, first_line, end_line, unread)) {}

SourceLocation LockToml::where(const toml::node& node) const {
    const toml::source_position begin = node.source().begin;
    return SourceLocation{input_.origin(), file_line(begin.line, lines_before_), begin.column};
}

void LockToml::reject(const toml::node& node, const std::string& message) const {
    const toml::source_position begin = node.source().begin;
    throw InputError(
        diagnostic_at_line(input_, file_line(begin.line, lines_before_), begin.column, message));
}

const std::string* LockToml::optional_string(const toml::table& table, std::string_view key) const {
    const toml::node* value = table.get(key);
    if (value == nullptr) {
        return nullptr;
    }
    if (const auto* text = value->as_string()) {
        return &text->get();
    }
    reject(*value, "\"" + std::string(key) + "\" must be a string");
}

const toml::table* LockToml::optional_table(const toml::table& table, std::string_view key) const {
    const toml::node* value = table.get(key);
    if (value != nullptr && !value->is_table()) {
        reject(*value, "\"" + std::string(key) + "\" must be a table");
    }
    return value == nullptr ? nullptr : value->as_table();
}

const toml::array* LockToml::optional_array(const toml::table& table, std::string_view key) const {
    const toml::node* value = table.get(key);
    if (value != nullptr && !value->is_array()) {
        reject(*value, "\"" + std::string(key) + "\" must be an array");
    }
    return value == nullptr ? nullptr : value->as_array();
}

const std::string& LockToml::required_string(const toml::table& table, std::string_view key,
                                             std::string_view table_name) const {
    if (const std::string* text = optional_string(table, key)) {
        return *text;
    }
    reject(table, std::string(table_name) + " has no \"" + std::string(key) + "\"");
}

const toml::table& LockToml::table_item(const toml::node& item, std::string_view array_name) const {
    if (const auto* table = item.as_table()) {
        return *table;
    }
    reject(item, "each item of \"" + std::string(array_name) + "\" must be a table");
}

std::string LockToml::project_name(const toml::table& table, std::string_view key,
                                   std::string_view table_name) const {
    const std::string& text = required_string(table, key, table_name);
    auto name = PackageName::parse(text);
    if (!name) {
        reject(*table.get(key), "invalid project name \"" + text + "\": " + name.error().message);
    }
    return name->normalized();
}

std::optional<Version> LockToml::optional_version(const toml::table& table,
                                                  std::string_view key) const {
    const std::string* text = optional_string(table, key);
    if (text == nullptr) {
        return std::nullopt;
    }
    auto version = Version::parse(*text);
    if (!version) {
        reject(*table.get(key), "invalid version \"" + *text + "\": " + version.error().message);
    }
    return *version;
}

bool LockToml::extended_by_headers(std::string_view key) const {
    const toml::node* value = document_.get(key);
    if (value == nullptr) {
        return true;
    }
    const toml::array* array = value->as_array();
    if (array == nullptr || array->empty() || !array->front().is_table()) {
        return false;
    }
    // A header's table starts at column 1 of a line that opens with "[[".
    const toml::source_position begin = array->front().source().begin;
    const std::size_t line = file_line(begin.line, lines_before_);
    return begin.column == 1 && line >= 1 && line <= input_.lines().size() &&
           input_.lines()[line - 1].text.starts_with("[[");
}

std::optional<std::size_t> line_after_middle(const TextInput& input, std::string_view text) {
    const std::vector<TextLine>& lines = input.lines();
    const char* middle = input.content().data() + input.content().size() / 2;
    auto line = std::ranges::upper_bound(lines, middle, std::less<>{},
                                         [](const TextLine& each) { return each.text.data(); });
    for (; line != lines.end(); ++line) {
        if (line->text == text) {
            return line->number;
        }
    }
    return std::nullopt;
}

void add_index(std::vector<IndexReference>& indexes, const std::string& url,
               const SourceLocation& where) {
    const bool known = std::any_of(indexes.begin(), indexes.end(),
                                   [&](const IndexReference& index) { return index.url == url; });
    if (!known) {
        indexes.push_back(IndexReference{IndexReference::Kind::Primary, url, where});
    }
}

} // namespace torchpin
