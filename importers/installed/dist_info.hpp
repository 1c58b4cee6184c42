// One installed distribution, read from its *.dist-info folder (or a legacy *.egg-info).
#pragma once

#include "engine/pep/requirement.hpp"
#include "engine/pep/version.hpp"
#include "importers/installed/direct_url.hpp"
#include "importers/installed/record_file.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// Where the metadata came from: a wheel install (*.dist-info with METADATA) or setuptools'
// legacy `setup.py install`/`develop` (*.egg-info, a folder with PKG-INFO or a PKG-INFO file).
enum class MetadataFormat { DistInfo, EggInfo };

struct InstalledDistribution {
    std::filesystem::path dist_info; // the *.dist-info folder (or *.egg-info folder or file)
    MetadataFormat format = MetadataFormat::DistInfo;
    std::string name;                       // METADATA Name, as written: "Torch"
    std::string normalized_name;            // PEP 503: "torch"
    Version version;                        // METADATA Version, local label included (2.1.2+cu121)
    std::vector<Requirement> requires_dist; // every Requires-Dist, markers kept (extras too)
    std::optional<std::string> requires_python;
    std::vector<std::string> wheel_tags;  // WHEEL Tag lines ("cp312-cp312-win_amd64")
    std::optional<std::string> installer; // INSTALLER's first line ("pip", "uv")
    bool requested = false;               // REQUESTED exists: the user asked for it by name
    std::optional<DirectUrl> direct_url;
    std::vector<RecordEntry> record;
};

// Reads one *.dist-info folder: METADATA (required), WHEEL, INSTALLER, REQUESTED, RECORD and
// direct_url.json (each optional); an *.egg-info reads PKG-INFO instead of METADATA and has none
// of the others. Malformed files throw InputError naming the file, line and column (with the line
// and a caret): a METADATA without Name or Version, an invalid name, version or Requires-Dist, a
// broken header block, RECORD or JSON. A missing METADATA throws InputError naming that file.
InstalledDistribution read_dist_info(const std::filesystem::path& dist_info);

// Where the files of `distribution` came from, when the environment records it, in words:
// "an editable install of file:///src/vision", "a URL install from https://…/torch-….whl",
// "a git install from https://github.com/pytorch/vision (commit …)", or, for a PyTorch build
// label, "local label +cu121: a build from PyTorch's cu121 index". pip and uv do not record the
// index of an ordinary install, so a distribution without direct_url.json and without a local
// label has no hint (nullopt); a local label says which variant was built, not which server
// served it (a mirror or a --find-links folder can hold the same file).
std::optional<std::string> index_hint(const InstalledDistribution& distribution);

} // namespace torchpin
