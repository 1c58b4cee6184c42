// Fetching many URLs at once over HTTP(S): parallel transfers, timeouts, retries with backoff,
// conditional requests and content negotiation; libcurl (net/curl/) or WinHTTP (net/winhttp/).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace torchpin::net {

// The system's HTTP client cannot be used (libcurl not installed or too old, WinHTTP not
// starting): the message says what to install.
class NetworkUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One GET. With validators from an earlier response the request is conditional
// (If-None-Match, If-Modified-Since) and an unchanged page answers 304 with no body:
// {"https://download.pytorch.org/whl/cu121/torch/", "\"5d41402a\"", std::nullopt}.
struct HttpRequest {
    std::string url;
    std::optional<std::string> etag;
    std::optional<std::string> last_modified;
};

// The final answer to one request, after redirects and retries.
struct HttpResponse {
    long status = 0;          // 200, 304, 404, 500…; 0 when no HTTP answer came at all
    std::string body;         // decoded: gzip and deflate (with libcurl, all it knows)
    std::string content_type; // "text/html; charset=utf-8"; "" when the server sent none
    std::optional<std::string> etag;
    std::optional<std::string> last_modified;
    std::string transport_error; // why no complete answer came: "Operation timed out after …"
    int attempts = 0;

    bool complete() const noexcept { return transport_error.empty() && status != 0; }
};

struct FetchSettings {
    std::string user_agent;                              // "torchpin/0.1.0"
    std::string accept;                                  // the Accept header
    std::size_t parallel = 8;                            // transfers at once
    std::chrono::milliseconds connect_timeout{10'000};   // per attempt
    std::chrono::milliseconds total_timeout{60'000};     // per attempt, the whole transfer
    int retries = 3;                                     // extra attempts after the first
    std::chrono::milliseconds first_backoff{500};        // then doubled for each retry
    std::size_t max_body_bytes = std::size_t{512} << 20; // larger bodies fail the transfer
};

// How far fetch_all has come: called after each finished transfer and every ~100 ms.
struct FetchProgress {
    std::size_t done = 0;
    std::size_t total = 0;
    std::size_t bytes = 0; // body bytes received so far (after decoding)
};
using ProgressCallback = std::function<void(const FetchProgress&)>;

// Fetches every request, at most settings.parallel at a time, and returns the responses in
// request order. A 5xx (or 429) status, a timeout, a refused or dropped connection and a body
// cut short are retried after first_backoff, 2 x first_backoff, …; a 404 and other answers are
// final. Proxies: with libcurl the variables http_proxy, https_proxy and no_proxy as libcurl reads
// them; with WinHTTP the system's proxy settings.
// fetch_all({{"https://download.pytorch.org/whl/"}}, settings)[0].status is 200.
// Throws NetworkUnavailable when libcurl cannot be loaded or WinHTTP cannot start, and whatever
// `progress` throws, once every transfer has stopped.
std::vector<HttpResponse> fetch_all(const std::vector<HttpRequest>& requests,
                                    const FetchSettings& settings,
                                    const ProgressCallback& progress = {});

} // namespace torchpin::net
