// One attempt at one request: a libcurl easy handle with torchpin's options, collecting the answer.
#pragma once

#include "net/curl/curl_library.hpp"
#include "net/http_client.hpp"

#include <cstddef>
#include <string>

namespace torchpin::net {

class Transfer {
public:
    // Prepares the handle: URL, timeouts, User-Agent, Accept, every encoding libcurl decodes,
    // redirects, and If-None-Match / If-Modified-Since from the request's validators.
    // `received` counts body bytes across all transfers, for progress.
    Transfer(const CurlLibrary& curl, const HttpRequest& request, const FetchSettings& settings,
             std::size_t& received);
    Transfer(const Transfer&) = delete;
    Transfer& operator=(const Transfer&) = delete;
    ~Transfer();

    CURL* handle() const noexcept { return handle_; }

    // The answer once libcurl reports the transfer done with `result`; `attempt` is 1-based.
    HttpResponse finish(CURLcode result, int attempt);

    // Whether another attempt may get a better answer: a 5xx or 429 status, a timeout, a failed
    // or dropped connection, a body cut short.
    static bool worth_retrying(const HttpResponse& response, CURLcode result) noexcept;

private:
    static std::size_t on_body(char* data, std::size_t size, std::size_t count, void* self);
    static std::size_t on_header(char* data, std::size_t size, std::size_t count, void* self);
    template <typename Value>
    void set(CURLoption option, Value value);

    const CurlLibrary& curl_;
    CURL* handle_ = nullptr;
    curl_slist* headers_ = nullptr;
    std::size_t& received_;
    std::size_t max_body_bytes_;
    bool body_too_large_ = false;
    HttpResponse response_;
    char error_[CURL_ERROR_SIZE] = {};
};

} // namespace torchpin::net
