// Every distribution of one site-packages folder, and what a broken install or uninstall left.
#pragma once

#include "engine/base/diagnostic.hpp"
#include "importers/installed/dist_info.hpp"

#include <filesystem>
#include <string_view>
#include <vector>

namespace torchpin {

// A *.dist-info or *.egg-info that could not be read, with the reason ("METADATA: missing",
// "METADATA:3:10: invalid version …"): doctor reports it and goes on with the others.
struct UnreadableDistribution {
    std::filesystem::path path;
    Diagnostic diagnostic;
};

struct SitePackages {
    std::filesystem::path folder;
    std::vector<InstalledDistribution> distributions; // sorted by normalized name, then version
    std::vector<UnreadableDistribution> unreadable;   // sorted by path
    // Entries whose name starts with '~' ("~orch", "~orch-2.1.2.dist-info"): pip renames what it
    // uninstalls so, and an interrupted uninstall or upgrade leaves them (pip then warns "Ignoring
    // invalid distribution ~orch"). Sorted by path.
    std::vector<std::filesystem::path> uninstall_leftovers;

    // The distributions named `normalized_name` (PEP 503 form): several when a broken uninstall
    // left two dist-infos of one project.
    std::vector<const InstalledDistribution*> find(std::string_view normalized_name) const;
    // The leftovers that pip's renaming of `normalized_name` could have produced: "~orch" and
    // "~orch-2.1.2.dist-info" for "torch".
    std::vector<std::filesystem::path> leftovers_of(std::string_view normalized_name) const;
};

// Reads every *.dist-info and *.egg-info of `folder` (not recursing) and lists the '~' leftovers.
// A distribution that does not read lands in `unreadable`; a folder that cannot be listed throws
// InputError naming it.
SitePackages scan_site_packages(const std::filesystem::path& folder);

// Whether `entry_name` ("~orch", "~-rch-2.1.2.dist-info") is what pip's AdjacentTempDirectory
// makes of a file or folder named after `normalized_name` ("torch"): the same length, '~' and
// then characters of "-~.=%0123456789" in place of the first characters, the rest unchanged.
// Compared case-insensitively with '-', '_' and '.' alike, as project names are.
bool is_uninstall_leftover_of(std::string_view entry_name, std::string_view normalized_name);

} // namespace torchpin
