// What every fetch_all implementation shares: when to retry, how long to wait, progress pacing.
#pragma once

#include "net/http_client.hpp"

#include <chrono>
#include <cstddef>
#include <string>

namespace torchpin::net {

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
