// One file listed on a package index page (PEP 503 HTML, PEP 691 JSON or a find-links page),
// with everything the page says about it: the unit the matrix stores and revisions.
#pragma once

#include "engine/hardware/backend.hpp"
#include "engine/pep/wheel_filename.hpp"

#include <optional>
#include <string>

namespace torchpin {

// Where a row's facts come from: a real index page or lockfile ("observed"), or the documented
// generator that expands the build matrix where no page survives ("derived").
enum class Provenance : std::uint8_t { Observed, Derived };

std::string_view name(Provenance provenance) noexcept; // "observed", "derived"
std::optional<Provenance> parse_provenance(std::string_view text) noexcept;

// A wheel as an index lists it. Identity within the matrix: (listing, url), since one page can
// list the same file name in several variant directories (torch_stable.html's cpu/ and cu100/);
// everything else can change between revisions (a new hash, a yank) and `db diff` reports it.
struct IndexFile {
    std::string
        listing; // the page that lists the file: "https://download.pytorch.org/whl/cu121/torch/"
    WheelFilename wheel; // parsed from the decoded file name
    std::optional<Backend>
        backend;     // from the local label, else the index path; none for plain PyPI-style wheels
    std::string url; // absolute download URL, without the #hash fragment
    std::optional<std::string> sha256;          // lowercase hex, when the page gives one
    std::optional<std::string> requires_python; // the unescaped data-requires-python value
    bool yanked = false;
    std::string yanked_reason;                // "" when yanked without a reason
    std::optional<std::string> core_metadata; // "sha256=<hex>" or "true" (PEP 658/714)
    std::optional<std::string> upload_time;   // ISO 8601 as the page gives it
    Provenance provenance = Provenance::Observed;
    // Where this file was seen, when its listing gathers files from several places (a wheel
    // list's per-entry source: "NixOS/nixpkgs …/binary-hashes.nix @e92ca437"); none for an index
    // page, which is its own source.
    std::optional<std::string> seen_in;

    friend bool operator==(const IndexFile&, const IndexFile&) = default;
};

// A file's tags as wheel_file stores them, the '.'-joined components of its name
// ("cp311", "cp311", "manylinux_2_28_x86_64"), with its version, label included: what finds the
// file's row through the wheel_file_release index.
struct WheelTagColumns {
    std::string version;
    std::string interpreters;
    std::string abis;
    std::string platforms;

    auto operator<=>(const WheelTagColumns&) const = default;
};

WheelTagColumns tag_columns(const WheelFilename& wheel);
WheelTagColumns tag_columns(const IndexFile& file);

} // namespace torchpin
