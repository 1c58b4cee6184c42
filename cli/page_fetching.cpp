// Fetch settings, failure messages and Content-Type dispatch for index pages read over HTTP.
#include "cli/page_fetching.hpp"

#include "cli/global_options.hpp"
#include "engine/base/interrupt.hpp"

#include <algorithm>
#include <cctype>

namespace torchpin::cli {

namespace {

// "Application/JSON; charset=utf-8" -> "application/json"
std::string media_type(std::string_view content_type) {
    std::string_view type = content_type.substr(0, content_type.find(';'));
    while (!type.empty() && type.back() == ' ') {
        type.remove_suffix(1);
    }
    std::string lower(type);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

std::string attempts(const net::HttpResponse& response) {
    return response.attempts > 1 ? " (" + std::to_string(response.attempts) + " attempts)" : "";
}

} // namespace

net::FetchSettings index_fetch_settings() {
    net::FetchSettings settings;
    settings.user_agent = "torchpin/" TORCHPIN_VERSION;
    settings.accept = std::string(index_accept);
    return settings;
}

std::vector<net::HttpResponse> fetch_index_pages(const std::vector<net::HttpRequest>& requests,
                                                 const net::FetchSettings& settings,
                                                 ProgressLine& progress) {
    net::FetchProgress last{0, requests.size(), 0};
    try {
        auto responses = net::fetch_all(requests, settings, [&](const net::FetchProgress& now) {
            if (interrupt_requested()) {
                throw Interrupted(); // fetch_all frees its transfers; nothing was imported yet
            }
            last = now;
            progress.show(now);
        });
        progress.finish_batch(last);
        return responses;
    } catch (const net::NetworkUnavailable& e) {
        throw UsageError(e.what());
    }
}

bool is_page(const net::HttpResponse& response) {
    return response.complete() && response.status >= 200 && response.status < 300;
}

bool is_not_found(const net::HttpResponse& response) {
    return response.complete() &&
           (response.status == 404 || response.status == 410 || response.status == 403);
}

InputError fetch_failure(const std::string& url, const net::HttpResponse& response,
                         std::string_view consequence) {
    std::string message =
        !response.transport_error.empty()
            ? response.transport_error + attempts(response)
            : "the index answered HTTP " + std::to_string(response.status) + attempts(response);
    if (!consequence.empty()) {
        message += "; " + std::string(consequence);
    }
    return InputError(Diagnostic{url, 0, 0, message, ""});
}

PageOptions page_options_for(const net::HttpResponse& response, PageOptions options) {
    const std::string type = media_type(response.content_type);
    if (!options.kind && (type.ends_with("+json") || type == "application/json")) {
        options.kind = PageKind::SimpleJson;
    }
    return options;
}

TextInput page_text(const std::string& url, net::HttpResponse response) {
    return TextInput::from_string(std::move(response.body), url);
}

} // namespace torchpin::cli
