// Fuzz target: PEP 691 JSON pages; every listing is of kind simple-json.
#include "fuzz/fuzz_target.hpp"
#include "fuzz/index_page_checks.hpp"
#include "importers/index/json_index_page.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    torchpin::fuzz::check_index_page(
        data, size, [](const torchpin::TextInput& page, const torchpin::PageOptions& options) {
            auto listing = torchpin::parse_json_page(page, torchpin::fuzz::fuzz_page_url, options);
            FUZZ_CHECK(listing.kind == torchpin::PageKind::SimpleJson);
            return listing;
        });
    return 0;
}
