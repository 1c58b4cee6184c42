// Invariants every index page parser keeps whatever the bytes, shared by the page fuzz targets.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "engine/pep/wheel_filename.hpp"
#include "fuzz/fuzz_target.hpp"
#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin::fuzz {

inline constexpr std::string_view fuzz_page_url = "https://download.pytorch.org/whl/cu121/torch/";

inline void check_diagnostic(const Diagnostic& diagnostic, const TextInput& page) {
    FUZZ_CHECK(diagnostic.line >= 1);
    FUZZ_CHECK(diagnostic.line <= std::max<std::size_t>(page.lines().size(), 1));
    FUZZ_CHECK(diagnostic.column >= 1);
    FUZZ_CHECK(!render(diagnostic).empty());
}

inline void check_listing(const IndexListing& listing, const TextInput& page) {
    FUZZ_CHECK(listing.page_url == fuzz_page_url);
    for (const IndexFile& row : listing.wheels) {
        FUZZ_CHECK(row.listing == fuzz_page_url);
        FUZZ_CHECK(row.url.find('#') == std::string::npos);
        const auto again = WheelFilename::parse(row.wheel.to_string());
        FUZZ_CHECK(again.has_value() && *again == row.wheel);
        if (row.sha256) {
            FUZZ_CHECK(row.sha256->size() == 64);
            FUZZ_CHECK(std::all_of(row.sha256->begin(), row.sha256->end(), [](char c) {
                return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
            }));
        }
        FUZZ_CHECK(row.yanked || row.yanked_reason.empty());
    }
    for (const LinkIssue& issue : listing.issues) {
        check_diagnostic(issue.diagnostic, page);
    }
}

// Parses the page strictly and with skip_invalid: a strict parse succeeds exactly when the
// lenient one does and reports no invalid link, and then both give the same rows.
template <class Parse>
void check_index_page(const std::uint8_t* data, std::size_t size, Parse parse) {
    std::optional<TextInput> page;
    try {
        page.emplace(TextInput::from_string(std::string(reinterpret_cast<const char*>(data), size),
                                            "fuzz-page"));
    } catch (const InputError&) {
        return; // binary or not UTF-8: refused before any parser sees it
    }
    std::optional<IndexListing> strict;
    std::optional<IndexListing> lenient;
    try {
        strict = parse(*page, PageOptions{.kind = {}, .skip_invalid = false});
    } catch (const InputError& error) {
        check_diagnostic(error.diagnostic(), *page);
    }
    try {
        lenient = parse(*page, PageOptions{.kind = {}, .skip_invalid = true});
    } catch (const InputError& error) {
        check_diagnostic(error.diagnostic(), *page);
        FUZZ_CHECK(!strict);
        return;
    }
    check_listing(*lenient, *page);
    const bool skipped =
        std::any_of(lenient->issues.begin(), lenient->issues.end(),
                    [](const LinkIssue& i) { return i.kind == LinkIssueKind::InvalidLink; });
    FUZZ_CHECK(strict.has_value() == !skipped);
    if (strict) {
        FUZZ_CHECK(strict->wheels == lenient->wheels);
        FUZZ_CHECK(strict->issues.size() == lenient->issues.size());
    }
}

} // namespace torchpin::fuzz
