// WinHTTP's status callback completes the pending call; the owner waits on a condition variable.
#include "net/winhttp/async_request.hpp"

#include <array>
#include <condition_variable>
#include <mutex>

namespace torchpin::net {

struct AsyncRequest::Completion {
    std::mutex mutex;
    std::condition_variable_any completed;
    bool done = false;
    DWORD error = NO_ERROR;
    DWORD bytes = 0;
    std::array<char, 64 * 1024> buffer{};

    void finish(DWORD result, DWORD length) {
        {
            const std::lock_guard lock(mutex);
            done = true;
            error = result;
            bytes = length;
        }
        completed.notify_all();
    }
};

namespace {

// The context WinHTTP passes to the callback: a reference to the shared state, released by the
// last callback of the handle (WINHTTP_CALLBACK_STATUS_HANDLE_CLOSING).
using CallbackContext = std::shared_ptr<AsyncRequest::Completion>;

void CALLBACK on_status(HINTERNET, DWORD_PTR context, DWORD status, LPVOID information,
                        DWORD length) {
    if (context == 0) {
        return;
    }
    auto* shared = reinterpret_cast<CallbackContext*>(context);
    switch (status) {
    case WINHTTP_CALLBACK_STATUS_SENDREQUEST_COMPLETE:
    case WINHTTP_CALLBACK_STATUS_HEADERS_AVAILABLE:
        (*shared)->finish(NO_ERROR, 0);
        break;
    case WINHTTP_CALLBACK_STATUS_READ_COMPLETE:
        (*shared)->finish(NO_ERROR, length);
        break;
    case WINHTTP_CALLBACK_STATUS_REQUEST_ERROR:
        (*shared)->finish(static_cast<const WINHTTP_ASYNC_RESULT*>(information)->dwError, 0);
        break;
    case WINHTTP_CALLBACK_STATUS_HANDLE_CLOSING:
        delete shared;
        break;
    default:
        break;
    }
}

} // namespace

AsyncRequest::AsyncRequest(HINTERNET connection, const std::wstring& path, bool secure,
                           std::stop_token stop, Clock::time_point deadline)
    : completion_(std::make_shared<Completion>())
    , stop_(std::move(stop))
    , deadline_(deadline) {
    auto context = std::make_unique<CallbackContext>(completion_);
    context_ = reinterpret_cast<DWORD_PTR>(context.get());
    HINTERNET opened =
        ::WinHttpOpenRequest(connection, L"GET", path.c_str(), nullptr, WINHTTP_NO_REFERER,
                             WINHTTP_DEFAULT_ACCEPT_TYPES, secure ? WINHTTP_FLAG_SECURE : 0);
    if (opened == nullptr) {
        return;
    }
    const DWORD notifications =
        WINHTTP_CALLBACK_FLAG_ALL_COMPLETIONS | WINHTTP_CALLBACK_FLAG_HANDLES;
    if (::WinHttpSetStatusCallback(opened, &on_status, notifications, 0) ==
            WINHTTP_INVALID_STATUS_CALLBACK ||
        !::WinHttpSetOption(opened, WINHTTP_OPTION_CONTEXT_VALUE, &context_, sizeof(context_))) {
        const DWORD error = ::GetLastError();
        ::WinHttpCloseHandle(opened); // without the context: `context` is still ours to free
        ::SetLastError(error);
        return;
    }
    context.release(); // WinHTTP's now: the callback deletes it when the handle closes
    handle_ = opened;
}

AsyncRequest::~AsyncRequest() {
    if (handle_ != nullptr) {
        ::WinHttpCloseHandle(handle_);
    }
}

DWORD AsyncRequest::send(const std::wstring& headers) {
    start_call();
    // The context again: WinHttpSendRequest sets it to the value it is given.
    if (!::WinHttpSendRequest(handle_, headers.c_str(), static_cast<DWORD>(headers.size()),
                              WINHTTP_NO_REQUEST_DATA, 0, 0, context_)) {
        return ::GetLastError();
    }
    return wait();
}

DWORD AsyncRequest::receive_response() {
    start_call();
    if (!::WinHttpReceiveResponse(handle_, nullptr)) {
        return ::GetLastError();
    }
    return wait();
}

DWORD AsyncRequest::read(std::string& body) {
    start_call();
    // Asynchronous mode: the byte count comes with the callback, never through the last argument.
    if (!::WinHttpReadData(handle_, completion_->buffer.data(),
                           static_cast<DWORD>(completion_->buffer.size()), nullptr)) {
        return ::GetLastError();
    }
    const DWORD error = wait();
    if (error == NO_ERROR) {
        body.append(completion_->buffer.data(), completion_->bytes);
    }
    return error;
}

void AsyncRequest::start_call() {
    const std::lock_guard lock(completion_->mutex);
    completion_->done = false;
}

DWORD AsyncRequest::wait() {
    std::unique_lock lock(completion_->mutex);
    if (!completion_->completed.wait_until(lock, stop_, deadline_,
                                           [this] { return completion_->done; })) {
        return stop_.stop_requested() ? ERROR_WINHTTP_OPERATION_CANCELLED : ERROR_WINHTTP_TIMEOUT;
    }
    return completion_->error;
}

} // namespace torchpin::net
