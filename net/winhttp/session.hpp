// The WinHTTP session that all of one fetch_all's requests share.
#pragma once

#include "net/winhttp/internet_handle.hpp"

#include <string>

namespace torchpin::net {

// An asynchronous session (for AsyncRequest) sending `user_agent` through the system's proxy
// settings; throws NetworkUnavailable when WinHTTP cannot start: open_session("torchpin/0.1.0").
InternetHandle open_session(const std::string& user_agent);

} // namespace torchpin::net
