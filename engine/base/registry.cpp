// The typed accessors of Registry and the in-memory registry.
#include "engine/base/registry.hpp"

#include <algorithm>
#include <cctype>

namespace torchpin {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    std::ranges::transform(out, out.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string_view trimmed_key(std::string_view key) {
    while (!key.empty() && key.back() == '\\') {
        key.remove_suffix(1);
    }
    return key;
}

} // namespace

std::optional<std::string> Registry::text(std::string_view key, std::string_view name) const {
    auto found = value(key, name);
    if (!found || !std::holds_alternative<std::string>(*found)) {
        return std::nullopt;
    }
    return std::get<std::string>(*found);
}

std::optional<std::uint32_t> Registry::number(std::string_view key, std::string_view name) const {
    auto found = value(key, name);
    if (!found || !std::holds_alternative<std::uint32_t>(*found)) {
        return std::nullopt;
    }
    return std::get<std::uint32_t>(*found);
}

void MemoryRegistry::set(std::string_view key, std::string_view name, RegistryValue value) {
    key = trimmed_key(key);
    values_[lowered(key)][lowered(name)] = std::move(value);
    // Every ancestor learns the name of its child, as spelled.
    for (std::size_t slash = key.rfind('\\'); slash != std::string_view::npos;
         slash = key.rfind('\\')) {
        const std::string_view parent = key.substr(0, slash);
        const std::string_view child = key.substr(slash + 1);
        children_[lowered(parent)].emplace(lowered(child), std::string(child));
        values_.try_emplace(lowered(parent));
        key = parent;
    }
}

std::optional<RegistryValue> MemoryRegistry::value(std::string_view key,
                                                   std::string_view name) const {
    const auto values = values_.find(lowered(trimmed_key(key)));
    if (values == values_.end()) {
        return std::nullopt;
    }
    const auto found = values->second.find(lowered(name));
    return found == values->second.end() ? std::nullopt : std::optional(found->second);
}

std::vector<std::string> MemoryRegistry::subkeys(std::string_view key) const {
    std::vector<std::string> names;
    if (const auto children = children_.find(lowered(trimmed_key(key)));
        children != children_.end()) {
        for (const auto& [lower, spelled] : children->second) {
            names.push_back(spelled);
        }
    }
    return names;
}

} // namespace torchpin
