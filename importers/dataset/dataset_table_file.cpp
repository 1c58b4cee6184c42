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
        const std::size_t line = where.begin.line;
        const std::size_t column = where.begin.column;
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

    // One value as column text: strings as they are, arrays of strings space-separated (one per
    // line for a Lines column).
    std::string text_of(const toml::node& value, const Column& column) const {
        if (column.type == ColumnType::Integer) {
            if (const auto* number = value.as_integer()) {
                return std::to_string(number->get());
            }
            if (const auto* flag = value.as_boolean()) {
                return flag->get() ? "1" : "0";
            }
            reject(value.source(), "\"" + column.name + "\" must be an integer or a boolean");
        }
        if (const auto* text = value.as_string()) {
            return text->get();
        }
        if (const auto* list = value.as_array()) {
            const bool lines = column.type == ColumnType::Lines;
            const char separator = lines ? '\n' : ' ';
            std::string joined;
            for (const toml::node& item : *list) {
                const auto* text = item.as_string();
                if (text == nullptr || text->get().empty() ||
                    text->get().find(separator) != std::string::npos) {
                    reject(item.source(), "\"" + column.name + "\" must list non-empty strings " +
                                              (lines ? "of one line" : "without spaces"));
                }
                joined += (joined.empty() ? "" : std::string(1, separator)) + text->get();
            }
            return joined;
        }
        reject(value.source(), "\"" + column.name + "\" must be a string or a list of strings");
    }

    void check_citations(const toml::node& value, const std::string& cited) const {
        if (citations_ == nullptr) {
            return;
        }
        std::size_t start = 0;
        while (start <= cited.size()) {
            const std::size_t end = std::min(cited.find(' ', start), cited.size());
            const std::string id = cited.substr(start, end - start);
            if (!id.empty() && !citations_->contains(id)) {
                reject(value.source(),
                       "unknown citation \"" + id + "\" (cite an id from the citation table)");
            }
            start = end + 1;
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
            std::string text = text_of(*value, column);
            if (column.name == "cites") {
                if (text.empty()) {
                    reject(value->source(), "\"cites\" must name at least one source");
                }
                check_citations(*value, text);
            }
            row.emplace_back(std::move(text));
        }
        return row;
    }

private:
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
