// LockToml: toml++ parsing and typed, located key access for the lockfile readers.
#include "importers/lock/lock_toml.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/pep/package_name.hpp"

#include <algorithm>
#include <future>
#include <thread>

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

toml::table parse_whole(const TextInput& input) {
    try {
        return toml::parse(input.content(), input.origin());
    } catch (const toml::parse_error& e) {
        throw InputError(diagnostic_at_region(input, e.source().begin,
                                              "invalid TOML: " + std::string(e.description())));
    }
}

// Where the second half starts: the line "[[package]]" nearest after the middle, or npos.
std::size_t middle_package_header(std::string_view text) {
    constexpr std::string_view header = "\n[[package]]";
    for (std::size_t at = text.find(header, text.size() / 2); at != std::string_view::npos;
         at = text.find(header, at + 1)) {
        const std::string_view rest = text.substr(at + header.size());
        if (rest.starts_with('\n') || rest.starts_with("\r\n")) {
            return at + 1;
        }
    }
    return std::string_view::npos;
}

// Whether `packages` came from [[package]] headers, which a later [[package]] extends, rather
// than from a `package = [...]` value, which it may not: a header's table starts at column 1 of
// a line that opens with "[[".
bool from_package_headers(const toml::node& packages, const TextInput& input) {
    const toml::array* array = packages.as_array();
    if (array == nullptr || array->empty() || !array->front().is_table()) {
        return false;
    }
    const toml::source_position begin = array->front().source().begin;
    return begin.column == 1 && begin.line >= 1 && begin.line <= input.lines().size() &&
           input.lines()[begin.line - 1].text.starts_with("[[");
}

// Moves the second half's top-level keys into the first; false on a key both define other than
// the [[package]] array (a table continued across the split, or a real conflict).
bool merge_halves(toml::table& first, toml::table& second, const TextInput& input) {
    for (auto&& [key, node] : second) {
        const toml::node* mine = first.get(key.str());
        if (mine == nullptr) {
            continue;
        }
        if (key.str() != "package" || !from_package_headers(*mine, input) || !node.is_array()) {
            return false;
        }
    }
    for (auto&& [key, node] : second) {
        if (toml::array* packages = first.get_as<toml::array>(key.str())) {
            for (toml::node& package : *node.as_array()) {
                packages->push_back(std::move(package));
            }
        } else {
            first.insert(key, std::move(node));
        }
    }
    return true;
}

// Lockfiles run to megabytes of [[package]] tables (InvokeAI's uv.lock: 1.8 MB, 35 ms of toml++
// on the development machine), so a large one is parsed as two halves on two threads, split at
// the [[package]] header nearest its middle. The second half is preceded by as many newlines as
// precede it in the file, so every position stays the file's. A split inside a multi-line
// string or array leaves the first half unterminated, a parse error: then, as for any error or
// any key both halves define, the whole file is parsed in one piece, which is what decides.
std::optional<toml::table> parse_in_halves(const TextInput& input) {
    constexpr std::size_t worth_splitting = 256u << 10;
    const std::string_view text = input.content();
    if (text.size() < worth_splitting || std::thread::hardware_concurrency() < 2) {
        return std::nullopt;
    }
    const std::size_t split = middle_package_header(text);
    if (split == std::string_view::npos) {
        return std::nullopt;
    }
    std::string second_text(
        static_cast<std::size_t>(
            std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(split), '\n')),
        '\n');
    second_text.append(text.substr(split));
    auto second_half = std::async(std::launch::async, [&] {
        return toml::parse(std::string_view(second_text), std::string_view(input.origin()));
    });
    try {
        toml::table first = toml::parse(text.substr(0, split), std::string_view(input.origin()));
        toml::table second = second_half.get();
        if (!merge_halves(first, second, input)) {
            return std::nullopt;
        }
        return first;
    } catch (const toml::parse_error&) {
        return std::nullopt; // the other half's thread is joined when its future goes
    }
}

toml::table parse_document(const TextInput& input) {
    if (auto halves = parse_in_halves(input)) {
        return std::move(*halves);
    }
    return parse_whole(input);
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
