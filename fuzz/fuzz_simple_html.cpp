// Fuzz target: PEP 503 HTML and find-links pages; each row's file name is its URL's last segment.
#include "fuzz/fuzz_target.hpp"
#include "fuzz/index_page_checks.hpp"
#include "importers/index/html_index_page.hpp"
#include "importers/input/url_reference.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    torchpin::fuzz::check_index_page(
        data, size, [](const torchpin::TextInput& page, const torchpin::PageOptions& options) {
            auto listing = torchpin::parse_html_page(page, torchpin::fuzz::fuzz_page_url, options);
            for (const auto& row : listing.wheels) {
                FUZZ_CHECK(torchpin::url_file_name(row.url) == row.wheel.to_string());
            }
            return listing;
        });
    return 0;
}
