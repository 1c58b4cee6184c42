// Releases from index listings and pairings from wheel metadata, added to a loaded matrix.
#include "engine/matrix/index_releases.hpp"

#include "engine/matrix/dataset_tables.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

namespace torchpin {

namespace {

bool is_final(const Version& v) {
    return !v.is_prerelease() && !v.is_postrelease() && !v.has_local();
}

// Sorts the positions, then moves each release once: a release is large to swap (sorting the
// releases themselves cost 0.2 M instructions more per embedded resolve).
void sort_newest_first(std::vector<ReleaseFact>& releases) {
    std::vector<std::size_t> order(releases.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::ranges::sort(order, [&releases](std::size_t a, std::size_t b) {
        return releases[b].torch < releases[a].torch;
    });
    std::vector<ReleaseFact> sorted;
    sorted.reserve(releases.size());
    for (std::size_t i : order) {
        sorted.push_back(std::move(releases[i]));
    }
    releases = std::move(sorted);
}

// What one companion release's metadata says, over the files read of it (one per backend).
struct StatedPairing {
    std::optional<SpecifierSet> torch; // the first file's, labels dropped
    std::string url;                   // that file
};

// Pairs `release` with the companion `version` its metadata pins to it, unless the curated data
// pairs it (an exact release or a series); among learned ones the last given (the newest) wins.
void pair_by_metadata(ReleaseFact& release, bool vision, const Version& version,
                      const std::string& url) {
    auto& paired = vision ? release.torchvision : release.torchaudio;
    auto& learned_from = vision ? release.torchvision_metadata_of : release.torchaudio_metadata_of;
    const auto& series = vision ? release.torchvision_series : release.torchaudio_series;
    if (!series && (!paired || !learned_from.empty())) {
        paired = version;
        learned_from = url;
    }
}

} // namespace

std::optional<Version> exact_pin(const SpecifierSet& set) {
    const auto& clauses = set.specifiers();
    if (clauses.size() != 1 || clauses.front().op() != Operator::Equal ||
        clauses.front().has_wildcard() || !clauses.front().version()) {
        return std::nullopt;
    }
    return clauses.front().version();
}

SpecifierSet without_local_labels(const SpecifierSet& set) {
    std::vector<Specifier> clauses;
    for (const Specifier& clause : set.specifiers()) {
        const auto& version = clause.version();
        if (version && version->has_local() && clause.op() != Operator::Identity) {
            clauses.push_back(Specifier::from(std::string(operator_symbol(clause.op())) +
                                              version->public_version().to_string()));
        } else {
            clauses.push_back(clause);
        }
    }
    return SpecifierSet(std::move(clauses));
}

void add_releases_shown_by_files(sqlite::Database& db, std::int64_t revision,
                                 const TagEnvironment* machine, CompatMatrix& m) {
    const std::vector<IndexBuilds> shown =
        read_rows(db, dataset_columns::index_build_union, revision);
    for (const IndexBuilds& builds : shown) {
        if (is_final(builds.torch) && m.release(builds.torch) == nullptr) {
            ReleaseFact learned{.torch = builds.torch};
            learned.from_index = true;
            m.releases.push_back(std::move(learned));
        }
    }
    sort_newest_first(m.releases);
    std::map<std::tuple<Version, Backend, OperatingSystem, CpuArch>, std::size_t> known;
    for (std::size_t i = 0; i < m.published.size(); ++i) {
        const PublishedBackend& p = m.published[i];
        known.emplace(std::tuple(p.torch, p.backend, p.os, p.arch), i);
    }
    for (const IndexBuilds& builds : shown) {
        if (m.release(builds.torch) == nullptr ||
            (machine != nullptr && (builds.os != machine->os || builds.arch != machine->arch))) {
            continue;
        }
        for (const Backend& backend : builds.backends) {
            const auto [it, fresh] = known.emplace(
                std::tuple(builds.torch, backend, builds.os, builds.arch), m.published.size());
            if (fresh) {
                m.published.push_back(
                    PublishedBackend{builds.torch, backend, builds.os, builds.arch});
            } else {
                m.published[it->second].projection = Projection::None; // seen, no longer expected
            }
        }
    }
}

void add_pairings_from_metadata(sqlite::Database& db, std::int64_t revision, CompatMatrix& m) {
    std::map<std::pair<std::string, Version>, StatedPairing> stated; // (package, public version)
    for (const WheelMetadataFact& fact : read_rows(db, dataset_columns::wheel_metadata, revision)) {
        if (fact.package != "torchvision" && fact.package != "torchaudio") {
            continue;
        }
        const std::optional<SpecifierSet> torch =
            fact.requires_torch ? std::optional(without_local_labels(*fact.requires_torch))
                                : std::nullopt;
        stated.try_emplace({fact.package, fact.version.public_version()},
                           StatedPairing{torch, fact.url});
    }
    const auto curated = [&](const std::string& package, const Version& version) {
        return std::any_of(m.companion_ranges.begin(), m.companion_ranges.end(),
                           [&](const CompanionRange& r) {
                               return r.package == package && r.version == version;
                           }) ||
               std::any_of(m.releases.begin(), m.releases.end(), [&](const ReleaseFact& r) {
                   return (package == "torchvision" ? r.torchvision : r.torchaudio) == version;
               });
    };
    std::vector<CompanionRange> learned;
    for (const auto& [key, pairing] : stated) { // oldest companion first: the newest pairs last
        const auto& [package, version] = key;
        if (!pairing.torch || curated(package, version)) {
            continue; // no torch declared (torchaudio 2.11.0): nothing to pair by
        }
        const bool vision = package == "torchvision";
        if (const auto pinned = exact_pin(*pairing.torch)) {
            const auto release =
                std::find_if(m.releases.begin(), m.releases.end(),
                             [&](const ReleaseFact& r) { return r.torch == *pinned; });
            if (release != m.releases.end()) {
                pair_by_metadata(*release, vision, version, pairing.url);
            }
            continue;
        }
        const auto& accepted = *pairing.torch; // not the binding: clang 14 captures none
        const auto oldest =
            std::find_if(m.releases.rbegin(), m.releases.rend(),
                         [&](const ReleaseFact& r) { return accepted.contains(r.torch, true); });
        if (oldest != m.releases.rend()) {
            learned.push_back(
                CompanionRange{package, version, *pairing.torch, oldest->torch, pairing.url});
        }
    }
    m.companion_ranges.insert(m.companion_ranges.end(), learned.begin(), learned.end());
}

} // namespace torchpin
