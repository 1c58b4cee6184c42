// A revisioned table declared once: its columns, each with its engine type, whether it is part of
// the key, whether it may be empty, the schema version that added it, and the member of a C++ row
// it decodes into. The TOML reader, the SQLite schema, the row decoder and `db coverage` all read
// this one declaration (docs/architecture.md, "Dataset tables").
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/base/shared_text.hpp"
#include "engine/base/text_hash.hpp"
#include "engine/matrix/revisioned_table.hpp"
#include "engine/matrix/sqlite.hpp"
#include "engine/matrix/value_type.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace torchpin {

// A nullable column may decode into a plain member of these types (NULL reads as empty); every
// other nullable column decodes into a std::optional.
template <class T>
inline constexpr bool empty_means_unknown =
    std::is_same_v<T, std::string> || std::is_same_v<T, bool> ||
    std::is_same_v<T, std::vector<std::string>> || std::is_same_v<T, std::vector<ArchTarget>> ||
    std::is_same_v<T, std::vector<PciId>>;

// The row a decode starts from before every decoded column is assigned: Row{} unless the row
// holds a value type without a default (Backend, CudaVersion); dataset_tables.hpp specializes it
// for those, with placeholders that every required column overwrites.
template <class Row>
struct RowSeed {
    static Row make() { return Row{}; }
};

namespace table_columns {

// `Member Row::*`, or nullptr_t for a column no row type decodes (Member void).
template <class Row, class Member>
struct MemberPointer {
    using Type = Member Row::*;
};
template <class Row>
struct MemberPointer<Row, void> {
    using Type = std::nullptr_t;
};

template <class Convert>
struct Converter {
    using Type = Convert;
};
template <>
struct Converter<void> {
    using Type = std::nullptr_t;
};

template <class Member, class Value, bool required>
constexpr void check_member() {
    if constexpr (std::is_same_v<Member, SharedText>) {
        static_assert(std::is_same_v<Value, std::string> && required,
                      "a SharedText member holds a required text column");
    } else if constexpr (!std::is_same_v<Member, Value>) {
        static_assert(std::is_same_v<Member, std::optional<Value>>,
                      "a column decodes into its value type or a std::optional of it");
        static_assert(!required, "a required column decodes into its value type");
    } else if constexpr (!required) {
        static_assert(empty_means_unknown<Member>,
                      "a nullable column of this type needs a std::optional member");
    }
}

} // namespace table_columns

// A column and the member of `Row` it decodes into (none: `Member` is void, the column is only
// stored). `Convert` turns the column's value into the member where the two differ (the words of
// `evidence` into `projected`); void: the member is the value itself.
template <class Row, ValueType Type, class Member, class Convert = void>
struct ColumnDeclaration {
    using Value = typename ValueOf<Type>::Type;
    using MemberType = Member;
    static constexpr ValueType type = Type;
    static constexpr bool decoded = !std::is_void_v<Member>;
    static constexpr bool converts = !std::is_void_v<Convert>;

    std::string_view name;
    typename table_columns::MemberPointer<Row, Member>::Type member{};
    bool key = false;
    bool required = true;
    int since = 0; // 0: the table's own
    std::string_view allowed = {};
    typename table_columns::Converter<Convert>::Type convert{};

    // The schema version that added the column to an existing table.
    constexpr ColumnDeclaration added_in(int version) const {
        ColumnDeclaration copy = *this;
        copy.since = version;
        return copy;
    }
    // The words an Enum or EnumList column allows, space-separated.
    constexpr ColumnDeclaration of(std::string_view words) const {
        ColumnDeclaration copy = *this;
        copy.allowed = words;
        return copy;
    }

    Column column(int table_since) const {
        return Column{std::string(name), Type, required, since == 0 ? table_since : since,
                      std::string(allowed)};
    }
};

namespace table_columns {

// The builders: key<ValueType::Version>("torch", &ReleaseFact::torch),
// optional<ValueType::Text>("note", &Fact::note), stored<ValueType::Citations>("cites").
template <ValueType Type, class Row, class Member>
constexpr ColumnDeclaration<Row, Type, Member> key(std::string_view name, Member Row::*member) {
    table_columns::check_member<Member, typename ValueOf<Type>::Type, true>();
    return {name, member, true, true};
}
template <ValueType Type, class Row, class Member>
constexpr ColumnDeclaration<Row, Type, Member> optional_key(std::string_view name,
                                                            Member Row::*member) {
    table_columns::check_member<Member, typename ValueOf<Type>::Type, false>();
    return {name, member, true, false};
}
template <ValueType Type, class Row, class Member>
constexpr ColumnDeclaration<Row, Type, Member> required(std::string_view name,
                                                        Member Row::*member) {
    table_columns::check_member<Member, typename ValueOf<Type>::Type, true>();
    return {name, member, false, true};
}
template <ValueType Type, class Row, class Member>
constexpr ColumnDeclaration<Row, Type, Member> optional(std::string_view name,
                                                        Member Row::*member) {
    table_columns::check_member<Member, typename ValueOf<Type>::Type, false>();
    return {name, member, false, false};
}
// A required column decoded through `convert` (its value -> the member).
template <ValueType Type, class Row, class Member, class Convert>
constexpr ColumnDeclaration<Row, Type, Member, Convert>
converted(std::string_view name, Member Row::*member, Convert convert) {
    return {name, member, false, true, 0, {}, convert};
}
// A column the table stores (and data files must or may give) that no row type decodes.
template <ValueType Type>
constexpr ColumnDeclaration<void, Type, void> stored(std::string_view name, bool required = true) {
    return {name, nullptr, false, required};
}

} // namespace table_columns

// The values one read has parsed, by text: the tables repeat a few hundred version, backend and
// specifier texts thousands of times (every release_backend row names its torch), and a few
// dozen arch lists, backend lists, Python lists and evidence lists hundreds of times; each is
// parsed once per read.
class ParsedValues {
public:
    static constexpr bool kept(ValueType type) noexcept {
        return type == ValueType::Version || type == ValueType::Backend ||
               type == ValueType::Specifier || type == ValueType::ArchList ||
               type == ValueType::BackendList || type == ValueType::PythonList ||
               type == ValueType::EnumList || type == ValueType::BuildList;
    }

    // The values parsed as `type` so far, by text; null when this read parsed that type under
    // other allowed words (two EnumList columns of different words), which it then parses anew.
    template <ValueType type>
    auto* of(std::string_view allowed) {
        auto& cache = std::get<Cache<type>>(caches_);
        if (!cache.allowed) {
            cache.allowed = allowed;
        }
        return *cache.allowed == allowed ? &cache.values : nullptr;
    }

    // `text` as the SharedText every row of this read that holds it shares (a wheel group's
    // tags, hundreds of bytes that a few dozen texts repeat hundreds of times).
    SharedText shared(std::string_view text) {
        if (const auto it = shared_.find(text); it != shared_.end()) {
            return *it;
        }
        return *shared_.emplace(std::string(text)).first;
    }

private:
    template <ValueType type>
    struct Cache {
        std::optional<std::string_view> allowed;      // the words of the values parsed
        TextMap<typename ValueOf<type>::Type> values; // by text, looked up without a copy
    };
    std::tuple<Cache<ValueType::Version>, Cache<ValueType::Backend>, Cache<ValueType::Specifier>,
               Cache<ValueType::ArchList>, Cache<ValueType::BackendList>,
               Cache<ValueType::PythonList>, Cache<ValueType::EnumList>,
               Cache<ValueType::BuildList>>
        caches_;
    std::unordered_set<SharedText, TextEndsHash, std::equal_to<>> shared_;
};

// One table: its name, the schema version that created it, and its columns in order (keys
// first). `Row` is the C++ type a row decodes into.
template <class Row, class... Columns>
class TableDeclaration {
public:
    constexpr TableDeclaration(std::string_view name, int since, Columns... columns)
        : name_(name)
        , since_(since)
        , columns_(columns...) {}

    std::string_view name() const noexcept { return name_; }

    // The runtime view the generic code reads (schema, TOML reader, listing replacement).
    TableSpec spec() const {
        TableSpec spec{std::string(name_), {}, {}, since_};
        std::apply(
            [&](const auto&... column) {
                ((column.key ? spec.key : spec.values).push_back(column.column(since_)), ...);
            },
            columns_);
        return spec;
    }

    // "a, b, c": the decoded columns, in the order decode() reads them.
    std::string decoded_columns() const {
        std::string list;
        const auto add = [&](const auto& column) {
            if (column.decoded) {
                list += (list.empty() ? "" : ", ") + std::string(column.name);
            }
        };
        std::apply([&](const auto&... column) { (add(column), ...); }, columns_);
        return list;
    }

    // The row the statement is on, its decoded columns read from `first` on in decoded_columns()
    // order; `parsed` (optional) keeps parsed values across the rows of one read. A value that
    // does not parse throws InputError naming the table and column (a database written by
    // something other than `db build` or `import`).
    Row decode(const sqlite::Statement& statement, int first = 0,
               ParsedValues* parsed = nullptr) const {
        Row row = RowSeed<Row>::make();
        int index = first;
        std::apply(
            [&](const auto&... column) { (read(statement, index, column, row, parsed), ...); },
            columns_);
        return row;
    }

private:
    template <class Column>
    void read(const sqlite::Statement& statement, int& index, const Column& column, Row& row,
              ParsedValues* parsed) const {
        if constexpr (Column::decoded) {
            const int at = index++;
            if constexpr (is_stored_as_integer(Column::type)) {
                read_flag(statement, at, column, row);
                return;
            }
            const std::optional<std::string_view> stored = statement.optional_text_view(at);
            if (!stored) {
                null_read(column);
                return; // the member keeps its empty value
            }
            const std::string_view text = *stored; // valid until the next step
            if constexpr (Column::type == ValueType::Text && !Column::converts) {
                // Any text is a Text value; a SharedText member shares each text of the read.
                if constexpr (std::is_same_v<typename Column::MemberType, SharedText>) {
                    row.*column.member =
                        parsed != nullptr ? parsed->shared(text) : SharedText(std::string(text));
                } else {
                    row.*column.member = text;
                }
                return;
            }
            if constexpr (ParsedValues::kept(Column::type)) {
                auto* seen =
                    parsed != nullptr ? parsed->template of<Column::type>(column.allowed) : nullptr;
                if (seen != nullptr) {
                    auto found = seen->find(text);
                    if (found == seen->end()) {
                        found = seen->emplace(std::string(text), parse(column, text)).first;
                    }
                    assign(row, column, found->second);
                    return;
                }
            }
            assign(row, column, parse(column, text));
        }
    }

    // A Flag column: SQLite's INTEGER 0 or 1, read as such (no text between).
    template <class Column>
    void read_flag(const sqlite::Statement& statement, int at, const Column& column,
                   Row& row) const {
        if (statement.is_null(at)) {
            null_read(column);
            return;
        }
        const std::int64_t stored = statement.integer(at);
        if (stored != 0 && stored != 1) {
            fail(column.name, "expected true or false in \"" + std::to_string(stored) + "\"");
        }
        assign(row, column, stored == 1);
    }

    // A NULL in `column`: an error where the column needs a value; else the member keeps its
    // empty value.
    template <class Column>
    void null_read(const Column& column) const {
        if (column.required) {
            fail(column.name, "NULL in a column that needs a value");
        }
    }

    template <class Column>
    typename ValueOf<Column::type>::Type parse(const Column& column, std::string_view text) const {
        auto value = parse_value<Column::type>(text, column.allowed);
        if (!value) {
            fail(column.name, value.error().message + " in \"" + value.error().input + "\"");
        }
        return *std::move(value);
    }

    template <class Column, class Value>
    static void assign(Row& row, const Column& column, Value&& value) {
        if constexpr (Column::converts) {
            row.*column.member = column.convert(std::forward<Value>(value));
        } else {
            row.*column.member = std::forward<Value>(value);
        }
    }

    [[noreturn]] void fail(std::string_view column, const std::string& message) const {
        throw InputError(Diagnostic{"matrix table " + std::string(name_), 0, 0,
                                    "column " + std::string(column) + ": " + message, ""});
    }

    std::string_view name_;
    int since_;
    std::tuple<Columns...> columns_;
};

// The SQL that selects `table`'s decoded columns of the rows valid at revision ?1 for which the
// SQL condition `where` holds, in rowid order.
std::string select_rows_sql(std::string_view table, const std::string& decoded_columns,
                            std::string_view where);

// The rows of a declared table valid at `revision` for which `where` holds, decoded, in rowid
// order.
template <class Declaration>
auto read_rows(sqlite::Database& db, const Declaration& table, std::int64_t revision,
               std::string_view where = "1") {
    using Row = decltype(table.decode(std::declval<const sqlite::Statement&>()));
    auto select = db.prepare(select_rows_sql(table.name(), table.decoded_columns(), where));
    select.bind(1, revision);
    std::vector<Row> rows;
    ParsedValues parsed;
    while (select.step()) {
        rows.push_back(table.decode(select, 0, &parsed));
    }
    return rows;
}

template <class Row, class... Columns>
constexpr TableDeclaration<Row, Columns...> table(std::string_view name, int since,
                                                  Columns... columns) {
    return TableDeclaration<Row, Columns...>(name, since, columns...);
}

} // namespace torchpin
