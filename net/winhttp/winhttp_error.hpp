// WinHTTP's error codes as text for HttpResponse::transport_error.
#pragma once

#include <string>

#include <windows.h>

namespace torchpin::net {

// The message winhttp.dll (or Windows) has for a GetLastError() code, with the code:
// "A connection with the server could not be established (WinHTTP error 12029)";
// "WinHTTP error 12029" when there is no message.
std::string winhttp_error_text(DWORD code);

} // namespace torchpin::net
