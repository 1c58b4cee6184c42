// UTF-8 ⇄ UTF-16 for WinHTTP's wide strings (net may not use engine/base's conversions).
#pragma once

#include <string>
#include <string_view>

namespace torchpin::net {

// to_utf16("https://pypi.org/simple/") == L"https://pypi.org/simple/"
std::wstring to_utf16(std::string_view text);
std::string to_utf8(std::wstring_view text);

} // namespace torchpin::net
