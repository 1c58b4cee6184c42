// One attempt at one request through WinHTTP, on a worker thread of fetch_all.
#pragma once

#include "net/http_client.hpp"

#include <atomic>
#include <cstddef>
#include <stop_token>

#include <windows.h>

#include <winhttp.h>

namespace torchpin::net {

struct AttemptOutcome {
    HttpResponse response; // attempts not set: the caller counts them
    bool worth_retrying = false;
};

// GETs request.url through `session` as FetchSettings says: timeouts, User-Agent (the session's),
// Accept, gzip and deflate decoded, redirects followed, If-None-Match / If-Modified-Since from the
// request's validators, at most max_body_bytes of body. A stop request ends it at once.
// `received` counts body bytes across all attempts, for progress. A 5xx or 429 status, a timeout,
// a failed or dropped connection and a body shorter than its Content-Length are worth retrying.
AttemptOutcome fetch_once(HINTERNET session, const HttpRequest& request,
                          const FetchSettings& settings, std::stop_token stop,
                          std::atomic<std::size_t>& received);

} // namespace torchpin::net
