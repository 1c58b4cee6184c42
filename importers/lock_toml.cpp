// LockToml: toml++ parsing and typed, located key access for the lockfile readers.
#include "importers/lock_toml.hpp"

#include "engine/diagnostic.hpp"
#include "engine/package_name.hpp"

#include <algorithm>

namespace torchpin {

namespace {

Diagnostic diagnostic_at_region(const TextInput& input, const toml::source_position& begin,
                                std::string message) {
    const std::size_t line = begin.line;
    std::string source;
    if (line >= 1 && line <= input.lines().size()) {
        source = std::string(input.lines()[line - 1].text);
    }
    return Diagnostic{input.origin(), line, begin.column, std::move(message), std::move(source)};
}

toml::table parse_document(const TextInput& input) {
    try {
        return toml::parse(input.content(), input.origin());
    } catch (const toml::parse_error& e) {
        throw InputError(diagnostic_at_region(input, e.source().begin,
                                              "invalid TOML: " + std::string(e.description())));
    }
}

} // namespace

LockToml::LockToml(const TextInput& input)
    : input_(input)
    , document_(parse_document(input)) {}

SourceLocation LockToml::where(const toml::node& node) const {
    return SourceLocation{input_.origin(), node.source().begin.line, node.source().begin.column};
}

void LockToml::reject(const toml::node& node, const std::string& message) const {
    throw InputError(diagnostic_at_region(input_, node.source().begin, message));
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

void add_index(std::vector<IndexReference>& indexes, const std::string& url,
               const SourceLocation& where) {
    const bool known = std::any_of(indexes.begin(), indexes.end(),
                                   [&](const IndexReference& index) { return index.url == url; });
    if (!known) {
        indexes.push_back(IndexReference{IndexReference::Kind::Primary, url, where});
    }
}

} // namespace torchpin
