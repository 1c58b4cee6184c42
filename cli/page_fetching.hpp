// Index pages over HTTP, shared by `update` and `import URL`: the client's settings, content
// negotiation, failures as diagnostics that name the URL, and the parser a response calls for.
#pragma once

#include "cli/progress_line.hpp"
#include "engine/base/diagnostic.hpp"
#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"
#include "net/http_client.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace torchpin::cli {

// The Accept header of every index request: PEP 691 JSON preferred, then PEP 503 HTML.
inline constexpr std::string_view index_accept =
    "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, "
    "text/html;q=0.1";

// The client's defaults with User-Agent "torchpin/<version>" and index_accept.
net::FetchSettings index_fetch_settings();

// net::fetch_all, drawing `progress` as pages arrive. A missing libcurl is a UsageError (exit 2)
// that names the package to install.
std::vector<net::HttpResponse> fetch_index_pages(const std::vector<net::HttpRequest>& requests,
                                                 const net::FetchSettings& settings,
                                                 ProgressLine& progress);

// Whether the response carries a page: a 2xx status and a complete body.
bool is_page(const net::HttpResponse& response);

// Whether the response says the page does not exist: 404 or 410, or 403, which S3 (and so
// download.pytorch.org) answers for a key it does not have.
bool is_not_found(const net::HttpResponse& response);

// The error for a response that is no page, located at its URL:
// "https://…/whl/cu121/torch/: error: the index answered HTTP 500 (4 attempts); nothing was
// written" with `consequence` "nothing was written".
InputError fetch_failure(const std::string& url, const net::HttpResponse& response,
                         std::string_view consequence);

// How to parse a response: `options` as given, with kind SimpleJson when no kind is forced and
// the Content-Type is PEP 691 JSON (…+json, application/json); HTML and anything else is told
// apart by its content.
PageOptions page_options_for(const net::HttpResponse& response, PageOptions options);

// The response body as text named by its URL, checked as a file would be (UTF-8, no NUL byte).
TextInput page_text(const std::string& url, net::HttpResponse response);

} // namespace torchpin::cli
