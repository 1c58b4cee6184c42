// A WinHTTP request in asynchronous mode, driven one call at a time by the thread that owns it.
#pragma once

#include <chrono>
#include <memory>
#include <stop_token>
#include <string>

#include <windows.h>

#include <winhttp.h>

namespace torchpin::net {

// Each call starts WinHTTP's asynchronous operation and waits for its completion callback, for
// the deadline or for a stop request, whichever comes first. Only this object's thread touches
// the handle: closing it from another thread during a call is a race that WinHTTP's authors
// warn against, while closing it here cancels a pending operation as documented. What a callback
// may still write to (the read buffer) lives until WinHTTP's last callback for the handle.
class AsyncRequest {
public:
    using Clock = std::chrono::steady_clock;

    // A GET of `path` (with its query) on `connection`; if !opened(), GetLastError() says why.
    AsyncRequest(HINTERNET connection, const std::wstring& path, bool secure, std::stop_token stop,
                 Clock::time_point deadline);
    AsyncRequest(const AsyncRequest&) = delete;
    AsyncRequest& operator=(const AsyncRequest&) = delete;
    ~AsyncRequest(); // closes the handle, cancelling a pending operation

    bool opened() const noexcept { return handle_ != nullptr; }
    HINTERNET handle() const noexcept { return handle_; }

    // Each returns NO_ERROR when the operation completed, else its WinHTTP error code:
    // ERROR_WINHTTP_TIMEOUT once the deadline has passed, ERROR_WINHTTP_OPERATION_CANCELLED once
    // a stop is requested.
    DWORD send(const std::wstring& headers);
    DWORD receive_response();
    // Appends the next part of the decoded body to `body`; nothing at the end of the body.
    DWORD read(std::string& body);

    struct Completion; // what the status callback and this thread share

private:
    void start_call();
    DWORD wait();

    std::shared_ptr<Completion> completion_;
    HINTERNET handle_ = nullptr;
    DWORD_PTR context_ = 0; // the callback's reference to completion_
    std::stop_token stop_;
    Clock::time_point deadline_;
};

} // namespace torchpin::net
