// What leaving unread arrays' items out of a TOML text may change: one parse of the text as it is
// against one through LockToml, which the fuzz target and the unit tests both hold.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "importers/lock/lock_toml.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <toml++/toml.h>

namespace torchpin::unread_oracle {

// Whether two leaves hold the same value (NaN equals NaN: the texts were the same).
inline bool same_leaf(const toml::node& whole, const toml::node& kept) {
    if (const auto* a = whole.as_floating_point()) {
        const double x = a->get();
        const double y = kept.as_floating_point()->get();
        return x == y || (std::isnan(x) && std::isnan(y));
    }
    bool same = false;
    whole.visit([&](const auto& a) {
        using Node = std::remove_cvref_t<decltype(a)>;
        if constexpr (!toml::is_table<Node> && !toml::is_array<Node>) {
            same = a.get() == kept.as<typename Node::value_type>()->get();
        }
    });
    return same;
}

// Whether `kept` is `whole` but for arrays at an unread key, which may be empty in `kept`: the
// same types, values, keys and positions (of every node and key).
inline bool same_but_unread(const toml::node& whole, const toml::node& kept, UnreadArrays keys,
                            bool at_unread_key = false) {
    if (whole.type() != kept.type() || whole.source().begin != kept.source().begin) {
        return false;
    }
    if (const toml::table* table = whole.as_table()) {
        const toml::table& other = *kept.as_table();
        if (table->size() != other.size()) {
            return false;
        }
        return std::ranges::all_of(*table, [&](const auto& entry) {
            const auto found = other.find(entry.first.str());
            return found != other.end() &&
                   found->first.source().begin == entry.first.source().begin &&
                   same_but_unread(entry.second, found->second, keys,
                                   std::ranges::find(keys, entry.first.str()) != keys.end());
        });
    }
    if (const toml::array* array = whole.as_array()) {
        const toml::array& other = *kept.as_array();
        if (at_unread_key && other.empty()) {
            return true;
        }
        if (array->size() != other.size()) {
            return false;
        }
        for (std::size_t i = 0; i < array->size(); ++i) {
            if (!same_but_unread(*array->get(i), *other.get(i), keys)) {
                return false;
            }
        }
        return true;
    }
    return same_leaf(whole, kept);
}

// The document LockToml parses from `input` with `unread`, or its error rendered.
struct Parsed {
    std::optional<LockToml> lock;
    std::string error;
};

inline Parsed parsed(const TextInput& input, UnreadArrays unread) {
    Parsed parsed;
    try {
        parsed.lock.emplace(input, unread);
    } catch (const InputError& e) {
        parsed.error = render(e.diagnostic());
    }
    return parsed;
}

// Whether LockToml with `unread` fails where it fails without, with the same message, or parses
// the same document but for unread arrays, which may be empty.
inline bool holds(const TextInput& input, UnreadArrays unread) {
    const Parsed whole = parsed(input, {});
    const Parsed kept = parsed(input, unread);
    if (whole.lock.has_value() != kept.lock.has_value()) {
        return false;
    }
    if (!whole.lock) {
        return whole.error == kept.error;
    }
    return same_but_unread(whole.lock->document(), kept.lock->document(), unread);
}

} // namespace torchpin::unread_oracle
