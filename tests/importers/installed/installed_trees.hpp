// Site-packages trees for the installed-metadata tests, made from the real METADATA files under
// tests/data/installed (see its SOURCES.md for what is real and what the tests change).
#pragma once

#include "tests/support/scratch_directory.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace torchpin::test {

// The files of one *.dist-info folder; empty or absent ones are not written.
struct DistInfoFiles {
    DistInfoFiles(std::string metadata_text, std::string wheel_text = "")
        : metadata(std::move(metadata_text))
        , wheel(std::move(wheel_text)) {}

    std::string metadata;
    std::string wheel;
    std::string installer = "pip\n";
    bool requested = false;
    std::optional<std::string> direct_url;
    std::string record;
};

// Writes `folder_name` ("torch-2.1.2+cu121.dist-info") under the scratch folder.
std::filesystem::path write_dist_info(const ScratchDirectory& site, const std::string& folder_name,
                                      const DistInfoFiles& files);

// A real file of tests/data/installed.
std::string installed_data(const std::string& name);

// torch 2.2.2's real METADATA header block with its Version line set to `version`.
std::string torch_metadata(std::string_view version);
// torchvision 0.12's real metadata with Version set to `version` and "Requires-Dist: torch"
// pinned as "torch (==<torch_pin>)", the spelling torchvision's wheels used up to 0.16.
std::string torchvision_metadata(std::string_view version, std::string_view torch_pin);
// A WHEEL file as bdist_wheel writes it, with one Tag line.
std::string wheel_file(std::string_view tag);

// torch 2.1.2+cu121, torchvision 0.16.2+cu121 and torchaudio 2.1.2+cu121 installed by pip.
void write_cu121_family(const ScratchDirectory& site);

} // namespace torchpin::test
