// WinHttpOpen in asynchronous mode, with the automatic proxy of Windows 8.1+, else the default.
#include "net/winhttp/session.hpp"

#include "net/http_client.hpp"
#include "net/winhttp/utf16.hpp"
#include "net/winhttp/winhttp_error.hpp"

#include <array>

namespace torchpin::net {

InternetHandle open_session(const std::string& user_agent) {
    const std::wstring agent = to_utf16(user_agent);
    // WINHTTP_ACCESS_TYPE_AUTOMATIC_PROXY (Windows 8.1 and later) follows the system's proxy
    // settings, auto-detection and PAC scripts included; older versions reject it, and
    // WINHTTP_ACCESS_TYPE_DEFAULT_PROXY reads WinHTTP's own setting (netsh winhttp set proxy).
    for (const DWORD access : std::array<DWORD, 2>{WINHTTP_ACCESS_TYPE_AUTOMATIC_PROXY,
                                                   WINHTTP_ACCESS_TYPE_DEFAULT_PROXY}) {
        if (HINTERNET session = ::WinHttpOpen(agent.c_str(), access, WINHTTP_NO_PROXY_NAME,
                                              WINHTTP_NO_PROXY_BYPASS, WINHTTP_FLAG_ASYNC)) {
            return InternetHandle(session);
        }
    }
    throw NetworkUnavailable("WinHTTP could not start (WinHttpOpen): " +
                             winhttp_error_text(::GetLastError()));
}

} // namespace torchpin::net
