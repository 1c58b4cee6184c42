// Companion releases learned from the imported index: their files' folders and tags, and the torch
// requirement of the metadata `update` read.
#include "engine/matrix/learned_companions.hpp"

#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/index_releases.hpp"
#include "engine/pep/platform_tag.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace torchpin {

namespace {

// The observed files of the packages whose metadata was read, but the torch family's.
std::vector<IndexFile> companion_files(sqlite::Database& db, std::int64_t revision) {
    auto select =
        db.prepare("SELECT listing, " + dataset_columns::wheel_file.decoded_columns() +
                   " FROM wheel_file WHERE " + valid_at(1) +
                   " AND package IN (SELECT package FROM wheel_metadata WHERE " + valid_at(1) +
                   " AND package NOT IN ('torch', 'torchvision', 'torchaudio')) ORDER BY id");
    select.bind(1, revision);
    std::vector<IndexFile> files;
    while (select.step()) {
        IndexFile file = dataset_columns::wheel_file.decode(select, 1);
        file.listing = select.text(0);
        files.push_back(std::move(file));
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

} // namespace

void add_companions_learned_from_index(sqlite::Database& db, std::int64_t revision,
                                       CompatMatrix& m) {
    using Key = std::pair<std::string, Version>; // package, public version
    std::map<Key, WheelMetadataFact> stated;     // the first metadata read of each release
    for (WheelMetadataFact& fact : read_rows(db, dataset_columns::wheel_metadata, revision)) {
        const bool family = fact.package == "torch" || fact.package == "torchvision" ||
                            fact.package == "torchaudio";
        if (!family && fact.requires_torch) {
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
            !m.on_pytorch_index(file)) {
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
    const auto curated = [&](const Key& key) {
        return std::ranges::any_of(m.companion_packages, [&](const CompanionPackageFact& row) {
            return row.package == key.first && row.version == key.second;
        });
    };
    for (const auto& [key, release] : shown) {
        const auto fact = stated.find(key);
        if (fact == stated.end() || curated(key)) {
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
        m.companion_packages.push_back(std::move(learned));
    }
}

} // namespace torchpin
