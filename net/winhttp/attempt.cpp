// One GET: URL split, request options and headers, the answer's status, validators and body.
#include "net/winhttp/attempt.hpp"

#include "net/fetch_policy.hpp"
#include "net/winhttp/async_request.hpp"
#include "net/winhttp/internet_handle.hpp"
#include "net/winhttp/utf16.hpp"
#include "net/winhttp/winhttp_error.hpp"

#include <chrono>
#include <optional>
#include <string_view>

namespace torchpin::net {

namespace {

using Clock = AsyncRequest::Clock;

// What WinHttpConnect and WinHttpOpenRequest take from an http:// or https:// URL.
struct UrlParts {
    std::wstring host;
    INTERNET_PORT port = 0;
    std::wstring path; // with the query, without the fragment: L"/simple/torch/?format=json"
    bool secure = false;
};

std::optional<UrlParts> split_url(const std::wstring& url) {
    URL_COMPONENTS parts{};
    parts.dwStructSize = sizeof(parts);
    parts.dwSchemeLength = static_cast<DWORD>(-1); // -1: point into `url` instead of copying
    parts.dwHostNameLength = static_cast<DWORD>(-1);
    parts.dwUrlPathLength = static_cast<DWORD>(-1);
    parts.dwExtraInfoLength = static_cast<DWORD>(-1);
    if (!::WinHttpCrackUrl(url.c_str(), static_cast<DWORD>(url.size()), 0, &parts) ||
        (parts.nScheme != INTERNET_SCHEME_HTTP && parts.nScheme != INTERNET_SCHEME_HTTPS)) {
        return std::nullopt;
    }
    UrlParts split;
    split.host.assign(parts.lpszHostName, parts.dwHostNameLength);
    split.port = parts.nPort;
    split.path.assign(parts.lpszUrlPath, parts.dwUrlPathLength);
    const std::wstring_view extra(parts.lpszExtraInfo, parts.dwExtraInfoLength);
    split.path += extra.substr(0, extra.find(L'#'));
    if (!split.path.starts_with(L'/')) {
        split.path.insert(0, 1, L'/');
    }
    split.secure = parts.nScheme == INTERNET_SCHEME_HTTPS;
    return split;
}

// Accept, then the validators that make the request conditional, as WinHttpSendRequest takes.
std::wstring request_headers(const HttpRequest& request, const FetchSettings& settings) {
    std::string headers;
    if (!settings.accept.empty()) {
        headers += "Accept: " + settings.accept + "\r\n";
    }
    if (request.etag) {
        headers += "If-None-Match: " + *request.etag + "\r\n";
    }
    if (request.last_modified) {
        headers += "If-Modified-Since: " + *request.last_modified + "\r\n";
    }
    return to_utf16(headers);
}

void set_number_option(HINTERNET request, DWORD option, DWORD value) {
    ::WinHttpSetOption(request, option, &value, sizeof(value));
}

// A response header's value, or nullopt when the answer has none.
std::optional<std::string> header(HINTERNET request, DWORD query) {
    DWORD size = 0;
    ::WinHttpQueryHeaders(request, query, WINHTTP_HEADER_NAME_BY_INDEX, WINHTTP_NO_OUTPUT_BUFFER,
                          &size, WINHTTP_NO_HEADER_INDEX);
    if (::GetLastError() != ERROR_INSUFFICIENT_BUFFER) {
        return std::nullopt;
    }
    std::wstring value(size / sizeof(wchar_t), L'\0');
    if (!::WinHttpQueryHeaders(request, query, WINHTTP_HEADER_NAME_BY_INDEX, value.data(), &size,
                               WINHTTP_NO_HEADER_INDEX)) {
        return std::nullopt;
    }
    value.resize(size / sizeof(wchar_t));
    return to_utf8(value);
}

std::optional<DWORD> number_header(HINTERNET request, DWORD query) {
    DWORD value = 0;
    DWORD size = sizeof(value);
    if (!::WinHttpQueryHeaders(request, query | WINHTTP_QUERY_FLAG_NUMBER,
                               WINHTTP_HEADER_NAME_BY_INDEX, &value, &size,
                               WINHTTP_NO_HEADER_INDEX)) {
        return std::nullopt;
    }
    return value;
}

// Failures that another attempt may well not meet: timeouts, names not resolved, connections
// refused, reset or closed early, answers that are not HTTP (or do not decode), a TLS handshake cut
// short.
bool worth_retrying(DWORD code) noexcept {
    switch (code) {
    case ERROR_WINHTTP_TIMEOUT:
    case ERROR_WINHTTP_NAME_NOT_RESOLVED:
    case ERROR_WINHTTP_CANNOT_CONNECT:
    case ERROR_WINHTTP_CONNECTION_ERROR:
    case ERROR_WINHTTP_RESEND_REQUEST:
    case ERROR_WINHTTP_INVALID_SERVER_RESPONSE:
    case ERROR_WINHTTP_SECURE_CHANNEL_ERROR:
        return true;
    default:
        return false;
    }
}

// One attempt's clock, answer so far and outcome.
class Attempt {
public:
    Attempt(const FetchSettings& settings, std::atomic<std::size_t>& received)
        : settings_(settings)
        , received_(received)
        , deadline_(started_ + settings.total_timeout) {}

    AttemptOutcome run(HINTERNET session, const HttpRequest& request, std::stop_token stop);

private:
    void configure(HINTERNET request) const;
    AttemptOutcome read_body(AsyncRequest& request);
    AttemptOutcome failed(DWORD code);
    AttemptOutcome failed(std::string message, bool retry);
    AttemptOutcome timed_out();

    const FetchSettings& settings_;
    std::atomic<std::size_t>& received_;
    const Clock::time_point started_ = Clock::now();
    const Clock::time_point deadline_;
    HttpResponse response_;
};

AttemptOutcome Attempt::run(HINTERNET session, const HttpRequest& request, std::stop_token stop) {
    const std::optional<UrlParts> url = split_url(to_utf16(request.url));
    if (!url) {
        return failed("not an http:// or https:// URL", false);
    }
    const InternetHandle connection(::WinHttpConnect(session, url->host.c_str(), url->port, 0));
    if (!connection) {
        return failed(::GetLastError());
    }
    AsyncRequest exchange(connection.get(), url->path, url->secure, std::move(stop), deadline_);
    if (!exchange.opened()) {
        return failed(::GetLastError());
    }
    configure(exchange.handle());
    if (const DWORD error = exchange.send(request_headers(request, settings_))) {
        return failed(error);
    }
    if (const DWORD error = exchange.receive_response()) {
        return failed(error);
    }
    const HINTERNET handle = exchange.handle();
    response_.status = number_header(handle, WINHTTP_QUERY_STATUS_CODE).value_or(0);
    response_.content_type = header(handle, WINHTTP_QUERY_CONTENT_TYPE).value_or("");
    response_.etag = header(handle, WINHTTP_QUERY_ETAG);
    response_.last_modified = header(handle, WINHTTP_QUERY_LAST_MODIFIED);
    return read_body(exchange);
}

// Timeouts, decoding, cookies; redirects keep WinHTTP's defaults: at most 10, never from https://
// down to http://.
void Attempt::configure(HINTERNET request) const {
    // WinHTTP has no deadline for a whole transfer: its send and receive timeouts bound each wait
    // for the network, so a slow server can keep a transfer going far beyond total_timeout. The
    // AsyncRequest's own deadline (started_ + total_timeout) ends each attempt on time.
    const auto connect = static_cast<int>(settings_.connect_timeout.count());
    const auto total = static_cast<int>(settings_.total_timeout.count());
    ::WinHttpSetTimeouts(request, connect, connect, total, total);
    set_number_option(request, WINHTTP_OPTION_RECEIVE_RESPONSE_TIMEOUT, static_cast<DWORD>(total));
    // Sends Accept-Encoding: gzip, deflate and decodes the body. Windows before 8.1 (and wine 8)
    // refuse the option; then no encoding is asked for and bodies come as they are.
    set_number_option(request, WINHTTP_OPTION_DECOMPRESSION, WINHTTP_DECOMPRESSION_FLAG_ALL);
    set_number_option(request, WINHTTP_OPTION_DISABLE_FEATURE, WINHTTP_DISABLE_COOKIES);
}

AttemptOutcome Attempt::read_body(AsyncRequest& request) {
    std::string& body = response_.body;
    for (;;) {
        const std::size_t before = body.size();
        if (const DWORD error = request.read(body)) {
            return failed(error);
        }
        if (body.size() == before) {
            break;
        }
        if (body.size() > settings_.max_body_bytes) {
            return failed(body_too_large_error(settings_.max_body_bytes), false);
        }
        received_ += body.size() - before;
    }
    // A connection closed before Content-Length bytes ends the body without an error. Encoded
    // bodies are skipped: their Content-Length counts the bytes before decoding.
    const HINTERNET handle = request.handle();
    const std::optional<DWORD> length = number_header(handle, WINHTTP_QUERY_CONTENT_LENGTH);
    if (length && body.size() < *length && response_.status != 204 && response_.status != 304 &&
        !header(handle, WINHTTP_QUERY_CONTENT_ENCODING)) {
        return failed("the body was cut short: " + std::to_string(body.size()) + " of " +
                          std::to_string(*length) + " bytes",
                      true);
    }
    const bool retry = status_worth_retrying(response_.status);
    return {std::move(response_), retry};
}

AttemptOutcome Attempt::failed(DWORD code) {
    if (code == ERROR_WINHTTP_TIMEOUT) {
        return timed_out();
    }
    return failed(winhttp_error_text(code), worth_retrying(code));
}

AttemptOutcome Attempt::failed(std::string message, bool retry) {
    response_.transport_error = std::move(message);
    return {std::move(response_), retry};
}

AttemptOutcome Attempt::timed_out() {
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_);
    return failed("Operation timed out after " + std::to_string(elapsed.count()) +
                      " milliseconds with " + std::to_string(response_.body.size()) +
                      " bytes received",
                  true);
}

} // namespace

AttemptOutcome fetch_once(HINTERNET session, const HttpRequest& request,
                          const FetchSettings& settings, std::stop_token stop,
                          std::atomic<std::size_t>& received) {
    return Attempt(settings, received).run(session, request, std::move(stop));
}

} // namespace torchpin::net
