// The torch family as installed in a site-packages folder: one distribution per package, and the
// findings of a broken install (two torch dist-infos, pip's '~' leftovers, unreadable metadata,
// no torch at all).
#pragma once

#include "doctor/doctor_report.hpp"
#include "doctor/library_findings.hpp"
#include "importers/installed/site_packages.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace torchpin {

// The packages doctor reports and whose native libraries it reads, in load order.
inline constexpr std::array<std::string_view, 6> torch_family{"torch",  "torchvision", "torchaudio",
                                                              "triton", "xformers",    "torchao"};

struct InstalledFamily {
    std::vector<const InstalledDistribution*> distributions; // one per installed package
    std::vector<InstalledPackage> packages;                  // the same, for the report
    std::vector<DoctorFinding> findings;

    const InstalledDistribution* find(std::string_view normalized_name) const;
};

InstalledFamily installed_family(const SitePackages& site, const FindingContext& context);

} // namespace torchpin
