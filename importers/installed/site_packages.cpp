// scan_site_packages: one pass over a folder's entries, reading each distribution's metadata.
#include "importers/installed/site_packages.hpp"

#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <system_error>

namespace torchpin {

namespace {

namespace fs = std::filesystem;

bool is_distribution_entry(const fs::path& path) {
    return path.extension() == ".dist-info" || path.extension() == ".egg-info";
}

// The project part of a leftover's name: "~orch-2.1.2.dist-info" -> "~orch"; wheel file names
// escape '-' in names as '_', so the first '-' ends it. A package folder ("~orch") is all name.
std::string_view project_part(std::string_view entry_name) {
    if (entry_name.ends_with(".dist-info") || entry_name.ends_with(".egg-info")) {
        return entry_name.substr(0, entry_name.find('-'));
    }
    return entry_name;
}

char folded(char c) {
    if (c >= 'A' && c <= 'Z') {
        return static_cast<char>(c + ('a' - 'A'));
    }
    return c == '_' || c == '.' ? '-' : c;
}

} // namespace

bool is_uninstall_leftover_of(std::string_view entry_name, std::string_view normalized_name) {
    const std::string_view name = project_part(entry_name);
    if (name.size() != normalized_name.size() || name.size() < 2 || name.front() != '~') {
        return false;
    }
    constexpr std::string_view replacement_chars = "-~.=%0123456789";
    for (std::size_t kept = 1; kept < name.size(); ++kept) {
        const bool rest_equal =
            std::equal(name.begin() + kept, name.end(), normalized_name.begin() + kept,
                       [](char a, char b) { return folded(a) == folded(b); });
        if (rest_equal) {
            return true;
        }
        if (replacement_chars.find(name[kept]) == std::string_view::npos) {
            return false;
        }
    }
    return false;
}

std::vector<const InstalledDistribution*>
SitePackages::find(std::string_view normalized_name) const {
    std::vector<const InstalledDistribution*> found;
    for (const InstalledDistribution& distribution : distributions) {
        if (distribution.normalized_name == normalized_name) {
            found.push_back(&distribution);
        }
    }
    return found;
}

std::vector<fs::path> SitePackages::leftovers_of(std::string_view normalized_name) const {
    std::vector<fs::path> found;
    for (const fs::path& leftover : uninstall_leftovers) {
        if (is_uninstall_leftover_of(utf8_of(leftover.filename()), normalized_name)) {
            found.push_back(leftover);
        }
    }
    return found;
}

SitePackages scan_site_packages(const fs::path& folder) {
    SitePackages site;
    site.folder = folder;
    std::error_code ec;
    fs::directory_iterator entries(folder, ec);
    if (ec) {
        throw InputError(Diagnostic{utf8_of(folder), 0, 0,
                                    "cannot list the site-packages folder: " + ec.message(), ""});
    }
    for (const fs::directory_entry& entry : entries) {
        const fs::path& path = entry.path();
        if (utf8_of(path.filename()).starts_with("~")) {
            site.uninstall_leftovers.push_back(path);
        } else if (is_distribution_entry(path)) {
            try {
                site.distributions.push_back(read_dist_info(path));
            } catch (const InputError& error) {
                site.unreadable.push_back(UnreadableDistribution{path, error.diagnostic()});
            }
        }
    }
    std::sort(site.distributions.begin(), site.distributions.end(),
              [](const InstalledDistribution& a, const InstalledDistribution& b) {
                  if (a.normalized_name != b.normalized_name) {
                      return a.normalized_name < b.normalized_name;
                  }
                  return a.version < b.version;
              });
    const auto by_path = [](const auto& a, const auto& b) { return a.path < b.path; };
    std::sort(site.unreadable.begin(), site.unreadable.end(), by_path);
    std::sort(site.uninstall_leftovers.begin(), site.uninstall_leftovers.end());
    return site;
}

} // namespace torchpin
