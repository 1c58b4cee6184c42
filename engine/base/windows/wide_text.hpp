// UTF-8 ⇄ UTF-16 for the Win32 calls of the platform layer, and Win32 errors as text.
#pragma once

#include <string>
#include <string_view>

namespace torchpin::windows {

std::wstring wide(std::string_view utf8);
std::string narrow(std::wstring_view utf16);
// FormatMessageW's text for a GetLastError() code, without the trailing line break.
std::string error_text(unsigned long code);

} // namespace torchpin::windows
