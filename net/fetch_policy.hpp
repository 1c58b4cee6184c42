// What every fetch_all implementation shares: when to retry, how long to wait, what waits for a
// retry, progress pacing.
#pragma once

#include "net/http_client.hpp"

#include <chrono>
#include <cstddef>
#include <string>

namespace torchpin::net {

using RetryClock = std::chrono::steady_clock;

// A request waiting for its next attempt, which may not start before `not_before`.
struct Waiting {
    std::size_t index; // in fetch_all's requests
    int attempt;       // 1-based
    RetryClock::time_point not_before;
};

// fetch_all reports progress at least this often while transfers run.
inline constexpr std::chrono::milliseconds progress_interval{100};

// The wait before the next attempt after `failed_attempts` (1-based) failures: first_backoff,
// then doubled each time (500 ms, 1 s, 2 s … with the default settings).
std::chrono::milliseconds backoff(const FetchSettings& settings, int failed_attempts);

// Whether a complete answer with this status may be better on another attempt: 5xx and 429.
bool status_worth_retrying(long status) noexcept;

// The transport_error of a body over max_body_bytes: "the page is larger than 512 MiB".
std::string body_too_large_error(std::size_t max_body_bytes);

} // namespace torchpin::net
