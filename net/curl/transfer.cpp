// An easy handle per attempt: request options, body and header callbacks, and the final answer.
#include "net/curl/transfer.hpp"

#include "net/fetch_policy.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace torchpin::net {

namespace {

std::string_view trimmed(std::string_view text) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && is_space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && is_space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

} // namespace

Transfer::Transfer(const CurlLibrary& curl, const HttpRequest& request,
                   const FetchSettings& settings, std::size_t& received)
    : curl_(curl)
    , handle_(curl.easy_init())
    , received_(received)
    , max_body_bytes_(settings.max_body_bytes) {
    if (handle_ == nullptr) {
        throw std::runtime_error("libcurl could not create a transfer (curl_easy_init)");
    }
    set(CURLOPT_URL, request.url.c_str());
    set(CURLOPT_NOSIGNAL, 1L);
    set(CURLOPT_FOLLOWLOCATION, 1L);
    set(CURLOPT_MAXREDIRS, 10L);
    set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(settings.connect_timeout.count()));
    set(CURLOPT_TIMEOUT_MS, static_cast<long>(settings.total_timeout.count()));
    set(CURLOPT_USERAGENT, settings.user_agent.c_str());
    set(CURLOPT_ACCEPT_ENCODING, ""); // every encoding this libcurl decodes, gzip included
    set(CURLOPT_ERRORBUFFER, error_);
    set(CURLOPT_WRITEFUNCTION, &Transfer::on_body);
    set(CURLOPT_WRITEDATA, static_cast<void*>(this));
    set(CURLOPT_HEADERFUNCTION, &Transfer::on_header);
    set(CURLOPT_HEADERDATA, static_cast<void*>(this));
    std::vector<std::string> lines{"Accept: " + settings.accept};
    if (request.etag) {
        lines.push_back("If-None-Match: " + *request.etag);
    }
    if (request.last_modified) {
        lines.push_back("If-Modified-Since: " + *request.last_modified);
    }
    for (const std::string& line : lines) {
        headers_ = curl_.slist_append(headers_, line.c_str()); // copies the text
    }
    set(CURLOPT_HTTPHEADER, headers_);
}

Transfer::~Transfer() {
    curl_.easy_cleanup(handle_);
    curl_.slist_free_all(headers_);
}

template <typename Value>
void Transfer::set(CURLoption option, Value value) {
    const CURLcode result = curl_.easy_setopt(handle_, option, value);
    if (result != CURLE_OK) {
        throw std::runtime_error("libcurl rejected option " +
                                 std::to_string(static_cast<int>(option)) + ": " +
                                 curl_.easy_strerror(result));
    }
}

std::size_t Transfer::on_body(char* data, std::size_t size, std::size_t count, void* self) {
    auto& transfer = *static_cast<Transfer*>(self);
    const std::size_t bytes = size * count;
    if (transfer.response_.body.size() + bytes > transfer.max_body_bytes_) {
        transfer.body_too_large_ = true;
        return 0; // libcurl stops the transfer with CURLE_WRITE_ERROR
    }
    transfer.response_.body.append(data, bytes);
    transfer.received_ += bytes;
    return bytes;
}

std::size_t Transfer::on_header(char* data, std::size_t size, std::size_t count, void* self) {
    auto& response = static_cast<Transfer*>(self)->response_;
    const std::string_view line(data, size * count);
    if (line.starts_with("HTTP/")) { // a new response (after a redirect or a 100): start over
        response.content_type.clear();
        response.etag.reset();
        response.last_modified.reset();
        return line.size();
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
        return line.size();
    }
    const std::string_view name = trimmed(line.substr(0, colon));
    const std::string value(trimmed(line.substr(colon + 1)));
    if (same_name(name, "Content-Type")) {
        response.content_type = value;
    } else if (same_name(name, "ETag")) {
        response.etag = value;
    } else if (same_name(name, "Last-Modified")) {
        response.last_modified = value;
    }
    return line.size();
}

HttpResponse Transfer::finish(CURLcode result, int attempt) {
    HttpResponse response = std::move(response_);
    response.attempts = attempt;
    long status = 0;
    curl_.easy_getinfo(handle_, CURLINFO_RESPONSE_CODE, &status);
    response.status = status;
    if (result != CURLE_OK) {
        response.transport_error = body_too_large_     ? body_too_large_error(max_body_bytes_)
                                   : error_[0] != '\0' ? std::string(error_)
                                                       : std::string(curl_.easy_strerror(result));
    }
    return response;
}

bool Transfer::worth_retrying(const HttpResponse& response, CURLcode result) noexcept {
    switch (result) {
    case CURLE_OK:
        return status_worth_retrying(response.status);
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
    case CURLE_BAD_CONTENT_ENCODING:
        return true;
    default:
        return false;
    }
}

} // namespace torchpin::net
