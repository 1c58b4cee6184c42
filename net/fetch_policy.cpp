// Retry backoff, retryable statuses and the body size message, for both HTTP implementations.
#include "net/fetch_policy.hpp"

#include <algorithm>

namespace torchpin::net {

std::chrono::milliseconds backoff(const FetchSettings& settings, int failed_attempts) {
    return settings.first_backoff * (1 << std::clamp(failed_attempts - 1, 0, 16));
}

bool status_worth_retrying(long status) noexcept {
    return status >= 500 || status == 429;
}

std::string body_too_large_error(std::size_t max_body_bytes) {
    return "the page is larger than " + std::to_string(max_body_bytes >> 20) + " MiB";
}

} // namespace torchpin::net
