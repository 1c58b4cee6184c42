// Lists of real wheel files in JSON (wheels a lockfile or a Nix hash file pins) as observed rows.
#pragma once

#include "engine/matrix/matrix_store.hpp"
#include "importers/index/index_listing.hpp"
#include "importers/input/text_input.hpp"

#include <string>
#include <vector>

namespace torchpin {

struct WheelListImport {
    ListingImport listing;         // one listing of the wheel_file table, named as asked
    std::vector<IndexFile> files;  // the same rows, typed, in file order
    std::vector<LinkIssue> issues; // label/directory mismatches (the label wins)
};

// Reads a wheel list: a JSON object whose "wheels" array holds one object per file,
//
//     {"url": "https://download-r2.pytorch.org/whl/cu128/torch-2.7.1%2Bcu128-…-win_amd64.whl",
//      "sha256": "2bb8…" or null, "upload_time": "2025-06-03T18:31:46Z",
//      "registry": "https://download.pytorch.org/whl/cu128", "wheel_filename": "torch-2.7.1+…"}
//
// Only "url" is required. Each entry becomes one observed wheel row of listing `listing_name`
// (the list itself: two lists may pin files of the same index page, and a listing has one
// source), with nothing the entry does not state: no requires-python, no yanked flag, no
// upload time unless given. The backend is the local label's, else the variant directory of the
// URL, else of "registry" (the index the file was resolved from). Cross-checks, each an
// InputError at the entry: the URL must name a valid wheel; "wheel_filename", "package" and
// "version" must agree with it; "sha256" must be 64 hex digits and "sri" ("sha256-<base64>")
// the same digest; "core_metadata" is "true" or "sha256=<hex>"; a URL may appear once. Where the
// entry's file was seen becomes the row's seen_in: "source" (text, or {"repo", "path", "commit"}
// written "repo path @commit"), else "quoted_from". Keys that only describe the entry ("size",
// "nix_platform_key", "version_attr") are ignored; any other key is an error, so a misspelt
// "sha265" is not lost.
WheelListImport import_wheel_list(const TextInput& input, const std::string& listing_name,
                                  SourceInfo source);

} // namespace torchpin
