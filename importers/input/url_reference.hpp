// URL references on index pages (RFC 3986): resolution against the page URL, fragments, file names.
#pragma once

#include <string>
#include <string_view>

namespace torchpin {

// RFC 3986 section 5.2 resolution of `reference` against `base`:
// resolve_url("https://download.pytorch.org/whl/cu121/torch/", "/whl/cu121/x.whl") is
// "https://download.pytorch.org/whl/cu121/x.whl"; "../x.whl" and "x.whl" resolve relative to the
// base's directory, and an absolute reference ("https://…") replaces the base. A base without a
// scheme (a file path such as "pages/torch_stable.html") resolves the same way.
std::string resolve_url(std::string_view base, std::string_view reference);

// A reference and the text after its '#':
// split_fragment("x.whl#sha256=ab") is {"x.whl", "sha256=ab"}; without '#' the fragment is "".
struct UrlAndFragment {
    std::string_view url;
    std::string_view fragment;
};
UrlAndFragment split_fragment(std::string_view reference) noexcept;

// The last segment of the URL's path, percent-decoded (query and fragment ignored):
// url_file_name("https://x/whl/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl?a=b") is
// "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl"; "" when the path ends with '/'.
std::string url_file_name(std::string_view url);

// A relative-path reference (RFC 3986 section 4.2): no scheme, no "//" authority and no leading
// '/'. is_relative_path("cu111/torch-1.8.0%2Bcu111-….whl") is true; "/whl/x.whl" and "https://…"
// are not.
bool is_relative_path(std::string_view reference) noexcept;

// The URL up to and including the last '/' of its path, without query and fragment:
// url_directory("https://x/whl/cu121/torch/index.html?a") is "https://x/whl/cu121/torch/".
std::string_view url_directory(std::string_view url) noexcept;

} // namespace torchpin
