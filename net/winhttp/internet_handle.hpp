// A WinHTTP session or connection handle that closes itself.
#pragma once

#include <windows.h>

#include <winhttp.h>

namespace torchpin::net {

class InternetHandle {
public:
    explicit InternetHandle(HINTERNET handle) noexcept
        : handle_(handle) {}
    InternetHandle(const InternetHandle&) = delete;
    InternetHandle& operator=(const InternetHandle&) = delete;
    ~InternetHandle() {
        if (handle_ != nullptr) {
            ::WinHttpCloseHandle(handle_);
        }
    }

    HINTERNET get() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

private:
    HINTERNET handle_;
};

} // namespace torchpin::net
