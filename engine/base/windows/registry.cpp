// The real registry through RegOpenKeyExW (64-bit view), RegQueryValueExW and RegEnumKeyExW.
#include "engine/base/registry.hpp"

#include "engine/base/windows/wide_text.hpp"

#include <algorithm>
#include <cstring>

#include <windows.h>

namespace torchpin {

namespace {

struct Hive {
    std::string_view name;
    HKEY key;
};

const Hive hives[] = {{"HKLM", HKEY_LOCAL_MACHINE}, {"HKEY_LOCAL_MACHINE", HKEY_LOCAL_MACHINE},
                      {"HKCU", HKEY_CURRENT_USER},  {"HKEY_CURRENT_USER", HKEY_CURRENT_USER},
                      {"HKCR", HKEY_CLASSES_ROOT},  {"HKEY_CLASSES_ROOT", HKEY_CLASSES_ROOT},
                      {"HKU", HKEY_USERS},          {"HKEY_USERS", HKEY_USERS}};

bool same_text(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return (x >= 'a' && x <= 'z' ? x - 32 : x) == (y >= 'a' && y <= 'z' ? y - 32 : y);
    });
}

// An open key, closed on scope exit; null when the key is missing or unreadable.
class OpenKey {
public:
    explicit OpenKey(std::string_view path) {
        const std::size_t slash = path.find('\\');
        const std::string_view hive_name = path.substr(0, slash);
        const auto hive = std::ranges::find_if(
            hives, [&](const Hive& candidate) { return same_text(candidate.name, hive_name); });
        if (hive == std::end(hives)) {
            return;
        }
        const std::wstring subkey =
            windows::wide(slash == std::string_view::npos ? "" : path.substr(slash + 1));
        if (::RegOpenKeyExW(hive->key, subkey.c_str(), 0, KEY_READ | KEY_WOW64_64KEY, &key_) !=
            ERROR_SUCCESS) {
            key_ = nullptr;
        }
    }
    OpenKey(const OpenKey&) = delete;
    OpenKey& operator=(const OpenKey&) = delete;
    ~OpenKey() {
        if (key_ != nullptr) {
            ::RegCloseKey(key_);
        }
    }
    HKEY get() const noexcept { return key_; }

private:
    HKEY key_ = nullptr;
};

class SystemRegistry final : public Registry {
public:
    std::optional<RegistryValue> value(std::string_view key, std::string_view name) const override {
        const OpenKey open(key);
        if (open.get() == nullptr) {
            return std::nullopt;
        }
        const std::wstring wide_name = windows::wide(name);
        DWORD type = 0;
        DWORD size = 0;
        if (::RegQueryValueExW(open.get(), wide_name.c_str(), nullptr, &type, nullptr, &size) !=
            ERROR_SUCCESS) {
            return std::nullopt;
        }
        std::wstring buffer(size / sizeof(wchar_t) + 1, L'\0');
        if (::RegQueryValueExW(open.get(), wide_name.c_str(), nullptr, &type,
                               reinterpret_cast<BYTE*>(buffer.data()), &size) != ERROR_SUCCESS) {
            return std::nullopt;
        }
        if (type == REG_DWORD && size == sizeof(DWORD)) {
            DWORD number = 0;
            std::memcpy(&number, buffer.data(), sizeof number);
            return RegistryValue(static_cast<std::uint32_t>(number));
        }
        if (type == REG_SZ || type == REG_EXPAND_SZ) {
            buffer.resize(size / sizeof(wchar_t));
            while (!buffer.empty() && buffer.back() == L'\0') {
                buffer.pop_back();
            }
            return RegistryValue(windows::narrow(buffer));
        }
        return std::nullopt;
    }

    std::vector<std::string> subkeys(std::string_view key) const override {
        const OpenKey open(key);
        std::vector<std::string> names;
        if (open.get() == nullptr) {
            return names;
        }
        wchar_t name[256]; // the longest key name Windows allows is 255 characters
        for (DWORD index = 0;; ++index) {
            DWORD length = std::size(name);
            const LONG status = ::RegEnumKeyExW(open.get(), index, name, &length, nullptr, nullptr,
                                                nullptr, nullptr);
            if (status != ERROR_SUCCESS) {
                break;
            }
            names.push_back(windows::narrow(std::wstring_view(name, length)));
        }
        std::ranges::sort(names);
        return names;
    }
};

} // namespace

const Registry& system_registry() {
    static const SystemRegistry registry;
    return registry;
}

} // namespace torchpin
