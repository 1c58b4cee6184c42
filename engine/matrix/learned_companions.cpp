// Companion releases learned from the imported index: their files' folders and tags, and the torch
// requirement of the metadata `update` read.
#include "engine/matrix/learned_companions.hpp"

#include "engine/matrix/companion_label.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/index_releases.hpp"
#include "engine/matrix/wheel_rows.hpp"
#include "engine/pep/platform_tag.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace torchpin {

namespace {

// Every package with wheel rows, through the index on (package, version): a handful of steps
// however many rows the matrix holds.
std::vector<std::string> packages_with_files(sqlite::Database& db) {
    auto next = db.prepare("SELECT package FROM wheel_file WHERE package > ?1 ORDER BY package "
                           "LIMIT 1");
    std::vector<std::string> packages;
    std::string after;
    for (;;) {
        next.reset();
        next.bind(1, after);
        if (!next.step()) {
            return packages;
        }
        after = next.text(0);
        packages.push_back(after);
    }
}

// The observed, unyanked files at `revision` of the packages outside the torch family whose
// version carries a label of PyG's or flash-attn's form ("+pt212cu130", "+cu12torch2.8…"; the
// version column is normalized, so lower case): the candidates for a label that names the torch
// they fit. Other labelled files (torchcsprng's +cu121) are left unread, as every load runs this.
std::vector<IndexFile> labelled_companion_files(sqlite::Database& db, std::int64_t revision) {
    auto select = db.prepare(wheel_row_select() + " WHERE " + valid_at(1) +
                             " AND package = ?2 AND (instr(version, '+pt') > 0 OR "
                             "instr(version, 'torch') > 0) ORDER BY id");
    std::vector<IndexFile> files;
    for (const std::string& package : packages_with_files(db)) {
        if (is_torch_family(package)) {
            continue;
        }
        select.reset();
        select.bind(1, revision).bind(2, package);
        while (select.step()) {
            IndexFile file = wheel_row(select);
            if (file.provenance == Provenance::Observed && !file.yanked) {
                files.push_back(std::move(file));
            }
        }
    }
    return files;
}

// The observed files of the packages whose metadata was read, but the torch family's.
std::vector<IndexFile> companion_files(sqlite::Database& db, std::int64_t revision) {
    auto select =
        db.prepare(wheel_row_select() + " WHERE " + valid_at(1) +
                   " AND package IN (SELECT package FROM wheel_metadata WHERE " + valid_at(1) +
                   " AND package NOT IN ('torch', 'torchvision', 'torchaudio')) ORDER BY id");
    select.bind(1, revision);
    std::vector<IndexFile> files;
    while (select.step()) {
        files.push_back(wheel_row(select));
    }
    return files;
}

// The platform words of companion_fit ("linux_x86_64", "win_amd64", "macos_arm64", "any") a
// platform tag stands for; none for one it has no word for (win32, other systems).
std::vector<std::string> platform_words(const std::string& tag) {
    const PlatformTag platform = PlatformTag::parse(tag);
    const std::string& arch = platform.arch();
    switch (platform.family()) {
    case PlatformFamily::Any:
        return {"any"};
    case PlatformFamily::Linux:
    case PlatformFamily::Manylinux:
    case PlatformFamily::Musllinux:
        return {"linux_" + arch};
    case PlatformFamily::Windows:
        if (arch == "amd64" || arch == "arm64") {
            return {"win_" + arch};
        }
        return {};
    case PlatformFamily::Macos:
        if (arch == "universal2") {
            return {"macos_arm64", "macos_x86_64"};
        }
        if (arch == "arm64" || arch == "x86_64") {
            return {"macos_" + arch};
        }
        return arch == "intel" ? std::vector<std::string>{"macos_x86_64"}
                               : std::vector<std::string>{};
    case PlatformFamily::Other:
        break;
    }
    return {};
}

// "exact" for ==X, "floor" for lower bounds only, "range" for anything else the metadata says.
std::string pairing_of(const SpecifierSet& torch) {
    if (exact_pin(torch)) {
        return "exact";
    }
    const auto& clauses = torch.specifiers();
    const bool floor = !clauses.empty() && std::ranges::all_of(clauses, [](const Specifier& s) {
        return s.op() == Operator::GreaterEqual || s.op() == Operator::Greater;
    });
    return floor ? "floor" : "range";
}

// What the index shows of one release: its folders and platforms.
struct Shown {
    std::set<std::string> backends;
    std::set<std::string> platforms;
};

// What labelled files show of one release: the torch minors and variants their labels name, and
// whether they are PyG's (on find-links pages) or flash-attn's (release assets).
struct Labelled {
    std::set<Version> minors;
    std::set<std::string> backends; // "cu130", or a CUDA major's "cu12"
    std::set<std::string> platforms;
    LabelScheme scheme = LabelScheme::Pyg;
    std::string seen_on; // a listing that shows it, for the note
};

bool names_a_row(const std::vector<CompanionPackageFact>& rows, const std::string& package,
                 const Version& version) {
    return std::ranges::any_of(rows, [&](const CompanionPackageFact& row) {
        return row.package == package && row.version == version;
    });
}

} // namespace

void add_companions_learned_from_index(sqlite::Database& db, std::int64_t revision,
                                       const WheelLists& wheel_lists,
                                       std::vector<CompanionPackageFact>& rows) {
    using Key = std::pair<std::string, Version>; // package, public version
    std::map<Key, WheelMetadataFact> stated;     // the first metadata read of each release
    for (WheelMetadataFact& fact : read_rows(db, dataset_columns::wheel_metadata, revision)) {
        if (!is_torch_family(fact.package) && fact.requires_torch) {
            const Version version = fact.version.public_version();
            stated.try_emplace({fact.package, version}, std::move(fact));
        }
    }
    if (stated.empty()) {
        return;
    }
    std::map<Key, Shown> shown;
    for (const IndexFile& file : companion_files(db, revision)) {
        if (file.provenance != Provenance::Observed || file.yanked || !file.backend ||
            !on_pytorch_index(file, wheel_lists.contains(file.listing))) {
            continue;
        }
        Shown& release =
            shown[{file.wheel.name().normalized(), file.wheel.version().public_version()}];
        release.backends.insert(file.backend->to_string());
        for (const std::string& tag : file.wheel.tag_set().platforms()) {
            for (std::string& word : platform_words(tag)) {
                release.platforms.insert(std::move(word));
            }
        }
    }
    for (const auto& [key, release] : shown) {
        const auto fact = stated.find(key);
        if (fact == stated.end() || names_a_row(rows, key.first, key.second)) {
            continue;
        }
        const SpecifierSet torch = without_local_labels(*fact->second.requires_torch);
        CompanionPackageFact learned;
        learned.package = key.first;
        learned.version = key.second;
        learned.pairing = pairing_of(torch);
        learned.torch = torch;
        learned.metadata_says = torch;
        if (const auto pinned = exact_pin(torch)) {
            learned.built_against = {pinned->to_string()};
        }
        learned.backends = {release.backends.begin(), release.backends.end()};
        learned.platforms = {release.platforms.begin(), release.platforms.end()};
        learned.files_on = {"pytorch-index"};
        learned.files_url = "https://download.pytorch.org/whl/{variant}/" + key.first + "/";
        learned.note = "learned from the imported index: its files' folders and tags, and the "
                       "torch requirement of " +
                       fact->second.url + ".metadata";
        learned.learned_from = fact->second.url;
        rows.push_back(std::move(learned));
    }
}

void add_companions_learned_from_labels(sqlite::Database& db, std::int64_t revision,
                                        std::vector<CompanionPackageFact>& rows) {
    using Key = std::pair<std::string, Version>; // package, public version
    std::map<Key, Labelled> shown;
    for (const IndexFile& file : labelled_companion_files(db, revision)) {
        const auto label = parse_companion_label(file.wheel.version().local_label());
        if (!label || !label->torch_minor || label->scheme == LabelScheme::PytorchIndex) {
            continue;
        }
        const Key key{file.wheel.name().normalized(), file.wheel.version().public_version()};
        Labelled& release = shown[key];
        release.scheme = label->scheme;
        release.minors.insert(*label->torch_minor);
        release.backends.insert(label->backend ? label->backend->to_string()
                                               : "cu" + std::to_string(*label->cuda_major));
        for (const std::string& tag : file.wheel.tag_set().platforms()) {
            for (std::string& word : platform_words(tag)) {
                release.platforms.insert(std::move(word));
            }
        }
        if (release.seen_on.empty()) {
            release.seen_on = file.listing;
        }
    }
    for (const auto& [key, release] : shown) {
        if (names_a_row(rows, key.first, key.second)) {
            continue;
        }
        const bool pyg = release.scheme == LabelScheme::Pyg;
        CompanionPackageFact learned;
        learned.package = key.first;
        learned.version = key.second;
        learned.pairing = "minor-series";
        for (const Version& minor : release.minors) {
            learned.built_against.push_back(minor.to_string());
        }
        learned.backends = {release.backends.begin(), release.backends.end()};
        learned.platforms = {release.platforms.begin(), release.platforms.end()};
        learned.files_on = {pyg ? "find-links" : "release-assets"};
        learned.label = pyg ? "pt{TM}{variant}" : "";
        learned.note = "learned from the labels of its imported files (" + release.seen_on +
                       "): each file fits the torch minor and variant its label names";
        learned.learned_from = release.seen_on;
        rows.push_back(std::move(learned));
    }
}

} // namespace torchpin
