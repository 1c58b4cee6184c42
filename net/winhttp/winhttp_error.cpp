// FormatMessageW with winhttp.dll's message table, then the system's.
#include "net/winhttp/winhttp_error.hpp"

#include "net/winhttp/utf16.hpp"

#include <array>

namespace torchpin::net {

std::string winhttp_error_text(DWORD code) {
    std::array<wchar_t, 512> text{};
    const DWORD flags =
        FORMAT_MESSAGE_FROM_HMODULE | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS;
    DWORD length = ::FormatMessageW(flags, ::GetModuleHandleW(L"winhttp.dll"), code, 0, text.data(),
                                    static_cast<DWORD>(text.size()), nullptr);
    while (length > 0 && (text[length - 1] == L'\r' || text[length - 1] == L'\n' ||
                          text[length - 1] == L' ' || text[length - 1] == L'.')) {
        --length;
    }
    const std::string number = "WinHTTP error " + std::to_string(code);
    if (length == 0) {
        return number;
    }
    return to_utf8(std::wstring_view(text.data(), length)) + " (" + number + ")";
}

} // namespace torchpin::net
