// read_dataset_table_file: TOML through toml++, every row checked against its TableSpec.
#include "importers/dataset/dataset_table_file.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/sha256.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "importers/input/text_input.hpp"

#include <algorithm>
#include <map>

#include <toml++/toml.h>

namespace torchpin {

namespace {

class TableFileReader {
public:
    TableFileReader(const std::filesystem::path& path, const std::set<std::string>* citations)
        : input_(TextInput::read_file(path))
        , citations_(citations) {}

    const TextInput& input() const noexcept { return input_; }

    [[noreturn]] void reject(const toml::source_region& where, const std::string& message) const {
        reject_at(where, where.begin.column, message);
    }

    [[noreturn]] void reject_at(const toml::source_region& where, std::size_t column,
                                const std::string& message) const {
        const std::size_t line = where.begin.line;
        std::string source_line;
        if (line >= 1 && line <= input_.lines().size()) {
            source_line = std::string(input_.lines()[line - 1].text);
        }
        throw InputError(Diagnostic{input_.origin(), line, column, message, source_line});
    }

    toml::table parse() const {
        try {
            return toml::parse(input_.content(), input_.origin());
        } catch (const toml::parse_error& e) {
            reject(e.source(), std::string("invalid TOML: ") + std::string(e.description()));
        }
    }

    // One value as column text, checked against the column's engine type: strings as they are,
    // arrays of strings joined by the type's separator, booleans 1/0.
    std::string text_of(const toml::node& value, const TableSpec& spec,
                        const Column& column) const {
        if (is_stored_as_integer(column.type)) {
            if (const auto* flag = value.as_boolean()) {
                return flag->get() ? "1" : "0";
            }
            reject_type(value, spec, column, "");
        }
        if (const auto* text = value.as_string()) {
            for (const std::string_view item : items_of(column, text->get())) {
                check(value, spec, column, item);
            }
            return text->get();
        }
        const auto* list = value.as_array();
        if (list == nullptr || !is_list(column.type)) {
            reject_type(value, spec, column, "");
        }
        std::string joined;
        for (const toml::node& item : *list) {
            const auto* text = item.as_string();
            if (text == nullptr) {
                reject_type(item, spec, column, "an item is not a string");
            }
            if (text->get().empty()) {
                reject_type(item, spec, column, "an empty item");
            }
            check(item, spec, column, text->get());
            if (text->get().find(list_separator(column.type)) != std::string::npos) {
                reject_type(item, spec, column,
                            column.type == ValueType::Lines ? "an item of more than one line"
                                                            : "a space inside an item");
            }
            joined +=
                (joined.empty() ? "" : std::string(1, list_separator(column.type))) + text->get();
        }
        return joined;
    }

    // `column "X" of TABLE must be PHRASE[: DETAIL]`, at the value.
    [[noreturn]] void reject_type(const toml::node& value, const TableSpec& spec,
                                  const Column& column, const std::string& detail) const {
        reject(value.source(), type_message(spec, column, detail));
    }

    // Rejects `item` of `value` unless it is a value of the column's type, pointing at the
    // offending character where the item can be found in its source line.
    void check(const toml::node& value, const TableSpec& spec, const Column& column,
               std::string_view item) const {
        const std::optional<ParseError> error = check_value(column.type, column.allowed, item);
        if (error) {
            reject_at(value.source(), column_of(value.source(), item, error->position),
                      type_message(spec, column, error->message));
        }
    }

    void check_citations(const toml::node& value, const TableSpec& spec, const Column& column,
                         const std::string& cited) const {
        if (citations_ == nullptr) {
            return;
        }
        for (const std::string_view id : list_items(ValueType::Citations, cited)) {
            if (!citations_->contains(std::string(id))) {
                reject_at(value.source(), column_of(value.source(), id, 0),
                          type_message(spec, column,
                                       "unknown citation \"" + std::string(id) +
                                           "\" (cite an id from the citation table)"));
            }
        }
    }

    RowValues row_of(const toml::table& entry, const TableSpec& spec) const {
        for (const auto& [key, value] : entry) {
            const auto columns = spec.columns();
            const std::string_view name = key.str(); // clang 14 cannot capture a binding
            if (std::none_of(columns.begin(), columns.end(),
                             [&](const Column& c) { return c.name == name; })) {
                reject(key.source(),
                       "unknown column \"" + std::string(key.str()) + "\" in " + spec.name);
            }
        }
        RowValues row;
        for (const Column& column : spec.columns()) {
            const toml::node* value = entry.get(column.name);
            if (value == nullptr) {
                if (column.required) {
                    reject(entry.source(), spec.name + " entry lacks \"" + column.name + "\"");
                }
                row.emplace_back(std::nullopt);
                continue;
            }
            std::string text = text_of(*value, spec, column);
            if (column.type == ValueType::Citations) {
                if (text.empty()) {
                    reject(value->source(), "\"cites\" must name at least one source");
                }
                check_citations(*value, spec, column, text);
            }
            row.emplace_back(std::move(text));
        }
        return row;
    }

private:
    static std::string type_message(const TableSpec& spec, const Column& column,
                                    const std::string& detail) {
        return "column \"" + column.name + "\" of " + spec.name + " must be " +
               std::string(value_type_phrase(column.type)) + (detail.empty() ? "" : ": " + detail);
    }

    // A list column may also be written as one space-separated string.
    static std::vector<std::string_view> items_of(const Column& column, std::string_view text) {
        if (is_list(column.type)) {
            return list_items(column.type, text);
        }
        return {text};
    }

    // The 1-based column of byte `offset` of `item` in the value at `where`: the item is looked
    // up in the value's source line (escapes can make it unfindable: then the value's start).
    std::size_t column_of(const toml::source_region& where, std::string_view item,
                          std::size_t offset) const {
        const std::size_t line = where.begin.line;
        const std::size_t start = where.begin.column == 0 ? 0 : where.begin.column - 1;
        if (!item.empty() && line >= 1 && line <= input_.lines().size()) {
            const std::string_view text = input_.lines()[line - 1].text;
            if (const std::size_t at = text.find(item, start); at != std::string_view::npos) {
                return at + std::min(offset, item.size()) + 1;
            }
        }
        return where.begin.column;
    }

    TextInput input_;
    const std::set<std::string>* citations_;
};

} // namespace

std::vector<ListingImport> read_dataset_table_file(const std::filesystem::path& path,
                                                   const std::string& listing_name,
                                                   const SourceInfo& source,
                                                   const std::set<std::string>* known_citations) {
    const TableFileReader reader(path, known_citations);
    const toml::table document = reader.parse();
    SourceInfo sourced = source;
    sourced.digest = sha256_hex(reader.input().content());
    std::vector<ListingImport> listings;
    for (const auto& [name, value] : document) {
        const TableSpec* spec = find_dataset_table(name.str());
        if (spec == nullptr) {
            reader.reject(name.source(),
                          "unknown dataset table \"" + std::string(name.str()) + "\"");
        }
        const auto* entries = value.as_array();
        if (entries == nullptr || !entries->is_array_of_tables()) {
            reader.reject(value.source(), "\"" + spec->name + "\" must be an array of tables ([[" +
                                              spec->name + "]])");
        }
        ListingImport listing{spec, listing_name, sourced, {}};
        std::map<std::string, toml::source_region> keys;
        for (const toml::node& node : *entries) {
            const toml::table& entry = *node.as_table();
            RowValues row = reader.row_of(entry, *spec);
            std::string key;
            for (std::size_t i = 0; i < spec->key.size(); ++i) {
                key += row[i].value_or("") + '\t';
            }
            if (auto [it, fresh] = keys.emplace(key, entry.source()); !fresh) {
                reader.reject(entry.source(), "duplicate " + spec->name + " entry (first on line " +
                                                  std::to_string(it->second.begin.line) + ")");
            }
            listing.rows.push_back(std::move(row));
        }
        listings.push_back(std::move(listing));
    }
    return listings;
}

} // namespace torchpin
