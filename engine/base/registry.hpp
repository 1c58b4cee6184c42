// Reading the Windows registry through an interface, so that detection can be tested with a fake.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace torchpin {

// A registry value as detection needs it: REG_SZ/REG_EXPAND_SZ text (UTF-8) or a REG_DWORD.
using RegistryValue = std::variant<std::string, std::uint32_t>;

// Keys are named with their hive, backslash-separated, case-insensitively as Windows does:
// "HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64". The default value of a key is
// the value named "".
class Registry {
public:
    virtual ~Registry() = default;
    virtual std::optional<RegistryValue> value(std::string_view key,
                                               std::string_view name) const = 0;
    // The names of the subkeys of `key`, sorted; empty when the key is missing.
    virtual std::vector<std::string> subkeys(std::string_view key) const = 0;

    std::optional<std::string> text(std::string_view key, std::string_view name) const;
    std::optional<std::uint32_t> number(std::string_view key, std::string_view name) const;
};

// The registry of this machine: the real one on Windows (64-bit view), an empty one elsewhere.
const Registry& system_registry();

// A registry held in memory: tests and machines without a registry.
class MemoryRegistry final : public Registry {
public:
    void set(std::string_view key, std::string_view name, RegistryValue value);
    std::optional<RegistryValue> value(std::string_view key, std::string_view name) const override;
    std::vector<std::string> subkeys(std::string_view key) const override;

private:
    // Lower-cased key -> lower-cased value name -> value; keys also hold their subkeys' names.
    std::map<std::string, std::map<std::string, RegistryValue>> values_;
    std::map<std::string, std::map<std::string, std::string>> children_; // lower -> spelled
};

} // namespace torchpin
