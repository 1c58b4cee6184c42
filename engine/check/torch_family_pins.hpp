// The torch, torchvision and torchaudio entries of a requirements file or lockfile, with what each
// pins (version, the build its label names, the build its index serves): what the check rules read.
#pragma once

#include "engine/check/locked_requirements.hpp"
#include "engine/hardware/backend.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/pep/marker.hpp"

#include <optional>
#include <string>
#include <vector>

namespace torchpin {

struct FamilyPin {
    const LockedPackage* package = nullptr;
    std::optional<Version> version; // exact: an `==V` pin, a lock entry, the wheel a URL names
    std::optional<Backend> label;   // the build its local label names: +cu121
    std::optional<Backend> index;   // the build of the variant index it comes from, when known
    std::optional<Marker> marker;   // none without a marker (or with one that does not parse)
    bool from_pypi = false;         // unlabelled, and PyPI is the only index it can come from

    const std::string& name() const noexcept { return package->name; }
    bool is_torch() const noexcept { return package->name == "torch"; }
    // The build it installs: its label, else its index's variant.
    std::optional<Backend> build() const { return label ? label : index; }
    // Whether it is installed in `environment`: no marker, a true one, or one without a value.
    bool applies_to(const MarkerEnvironment& environment) const;
    // "torch 2.4.0+cu121", "torchvision>=0.18", "torchaudio"
    std::string text() const;
};

// "download.pytorch.org" from "https://download.pytorch.org/whl/cu121", lower-cased.
std::string url_host(const std::string& url);

// Whether the URL is on PyPI (pypi.org, files.pythonhosted.org), which serves no labelled builds.
bool is_pypi_url(const std::string& url);

// The torch family's entries, in file order. Editable and local-path entries are left out
// (recorded, not checked); so are entries of a constraints file that pin nothing.
std::vector<FamilyPin> torch_family_pins(const LockedRequirements& file);

// "line 3" when `where` is in `file`, else "base.txt:3": how a message names the other side.
std::string line_reference(const SourceLocation& where, const std::string& file);

// Whether `version` of companion `package` is the release paired with torch `release`: true or
// false when the matrix says, nullopt when it does not know the pair.
std::optional<bool> is_paired(const ReleaseFact& release, const std::string& package,
                              const Version& version);

// The companion's pair for `release` as a pin: "0.16.2" or "0.23.*"; nullopt when unknown.
std::optional<std::string> paired_version_text(const ReleaseFact& release,
                                               const std::string& package);

// The torch entry `companion` goes with, among `torches`: the one of its build that it pairs
// with, else one it pairs with, else one of its build, else one with its marker, else the first.
// nullptr when `torches` is empty.
const FamilyPin* partner_torch(const FamilyPin& companion,
                               const std::vector<const FamilyPin*>& torches,
                               const CompatMatrix& matrix);

} // namespace torchpin
