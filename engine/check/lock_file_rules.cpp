// check_file_rules: the machine-independent rules of `torchpin check`, one function per rule.
#include "engine/check/lock_file_rules.hpp"

#include "engine/base/utf8_path.hpp"
#include "engine/matrix/release_wheels.hpp"
#include "engine/solver/solver.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <unordered_map>

namespace torchpin {

namespace {

// The PyTorch index answers from download.pytorch.org and its mirror download-r2.pytorch.org.
std::string index_host(const std::string& url) {
    const std::string host = url_host(url);
    return host == "download-r2.pytorch.org" ? "download.pytorch.org" : host;
}

// Whether a lockfile's file and a matrix row can be the same upload: same host, or no URL to
// tell. PyPI's and the PyTorch index's copies of one file name are separate uploads (InvokeAI's
// uv.lock has PyPI's torch-2.7.1-cp311-none-macosx_11_0_arm64.whl, whose digest differs from
// the download.pytorch.org/whl/cpu/ copy's), so they are never compared.
bool same_upload_host(const LockedFile& file, const IndexFile& row) {
    return file.url.find("://") == std::string::npos || index_host(file.url) == index_host(row.url);
}

std::optional<Backend> variant_of(const std::string& url) {
    auto backend = Backend::parse_index_url(url);
    return backend ? std::optional(*backend) : std::nullopt;
}

// Whether an index can serve builds labelled `build`: its variant directory is that build's, or
// it is the PyTorch index's root or find-links page (every variant), or a private mirror whose
// layout is unknown. PyPI serves no labelled builds.
bool serves(const IndexReference& index, const Backend& build) {
    if (auto variant = variant_of(index.url)) {
        return *variant == build;
    }
    return !is_pypi_url(index.url);
}

std::string label_text(const Backend& build) {
    return build.name() + " build (" + build.to_string() + ")";
}

class FileRules {
public:
    FileRules(const LockedRequirements& file, const std::vector<FamilyPin>& pins,
              const CompatMatrix& matrix)
        : file_(file)
        , pins_(pins)
        , matrix_(matrix)
        , wheels_(matrix) {
        for (const FamilyPin& pin : pins_) {
            if (pin.is_torch()) {
                torches_.push_back(&pin);
            }
        }
    }

    std::vector<CheckFinding> run() {
        conda_export();
        for (const FamilyPin& pin : pins_) {
            if (newer_than_matrix(pin)) {
                continue; // the other rules would judge it by missing facts
            }
            if (!pin.is_torch()) {
                pairing(pin);
            }
            index_of_label(pin);
            unpublished_build(pin);
            unpinned_in_lockfile(pin);
            files(pin);
        }
        return std::move(findings_);
    }

private:
    std::string ref(const SourceLocation& where) const { return line_reference(where, file_.path); }

    void conda_export() {
        if (file_.format != LockFormat::CondaExport || !file_.pip_stops_at) {
            return;
        }
        const std::string name = utf8_of(path_from_utf8(file_.path).filename());
        findings_.push_back(make_finding(
            "conda-export", *file_.pip_stops_at,
            name + " is `conda list --export` output, not a pip requirements file: pip stops at "
                   "this line, its first name=version=build line",
            "recreate the environment with 'conda create --name ENV --file " + name +
                "', or write a file pip can install by running 'pip list --format=freeze' in "
                "that environment"));
    }

    // The newest companion release the matrix pairs: exact releases, and series as "0.23".
    std::optional<Version> newest_companion(const std::string& package, bool series) const {
        std::optional<Version> newest;
        for (const ReleaseFact& release : matrix_.releases) {
            const bool vision = package == "torchvision";
            std::optional<Version> known = vision ? release.torchvision : release.torchaudio;
            if (series) {
                const auto& text = vision ? release.torchvision_series : release.torchaudio_series;
                auto parsed = text ? Version::parse(*text) : Version::parse("");
                known = parsed ? std::optional(*parsed) : std::nullopt;
            }
            if (known && (!newest || *newest < *known)) {
                newest = known;
            }
        }
        return newest;
    }

    // A companion is newer when it is above every exact pair and its series above every series.
    bool newer_companion(const std::string& package, const Version& version) const {
        const auto exact = newest_companion(package, false);
        const auto series = newest_companion(package, true);
        const auto release = version.release();
        const Version own_series(
            ReleaseNumbers(release.subspan(0, std::min<std::size_t>(release.size(), 2))));
        return (!exact || *exact < version) && (!series || *series < own_series) &&
               (exact || series);
    }

    bool newer_than_matrix(const FamilyPin& pin) {
        if (!pin.version || matrix_.releases.empty()) {
            return false;
        }
        const Version version = pin.version->public_version();
        const bool newer = pin.is_torch() ? matrix_.releases.front().torch < version
                                          : newer_companion(pin.name(), version);
        if (!newer) {
            return false;
        }
        const std::string newest =
            pin.is_torch()
                ? "torch " + matrix_.releases.front().torch.to_string()
                : pin.name() + " " +
                      newest_companion(pin.name(), false).value_or(Version()).to_string();
        findings_.push_back(make_finding(
            "newer-than-matrix", pin.package->where,
            pin.text() + " is newer than the matrix knows (newest " + newest + ", data as of " +
                matrix_.data_as_of.value_or("unknown") + "), so it is not checked",
            "run 'torchpin update' (or import newer data) and check again"));
        return true;
    }

    void pairing(const FamilyPin& companion) {
        const FamilyPin* torch = partner_torch(companion, torches_, matrix_);
        if (torch == nullptr || !torch->version) {
            return;
        }
        const ReleaseFact* release = matrix_.release(torch->version->public_version());
        if (release == nullptr) {
            return;
        }
        const auto pair = paired_version_text(*release, companion.name());
        if (!pair) {
            return; // the matrix does not know the pair
        }
        const std::string label = torch->build() ? "+" + torch->build()->to_string() : "";
        const std::string exact_pin = pair->ends_with(".*") ? *pair : *pair + label;
        const std::string torch_side = torch->text() + " (" + ref(torch->package->where) + ")";
        if (companion.version) {
            if (!is_paired(*release, companion.name(), *companion.version).value_or(true)) {
                findings_.push_back(
                    make_finding("unpaired-companion", companion.package->where,
                                 companion.text() + " is not the release paired with " +
                                     torch_side + ": torch " + release->torch.to_string() +
                                     " pairs with " + companion.name() + " " + *pair,
                                 "pin " + companion.name() + "==" + exact_pin));
            } else if (companion.build() && torch->build() &&
                       *companion.build() != *torch->build()) {
                findings_.push_back(
                    make_finding("mixed-backends", companion.package->where,
                                 companion.text() + " is a " + label_text(*companion.build()) +
                                     ", " + torch_side + " a " + label_text(*torch->build()) +
                                     ": the torch family must come from one build",
                                 "pin " + companion.name() + "==" + exact_pin + " from the " +
                                     torch->build()->to_string() + " index"));
            }
            return;
        }
        const auto admitted = SpecifierSet::parse(companion.package->specifier);
        const auto paired = Version::parse(*pair);
        if (admitted && paired && !admitted->empty() && !admitted->contains(*paired, true)) {
            findings_.push_back(make_finding("unpaired-companion", companion.package->where,
                                             companion.text() + " excludes " + *pair +
                                                 ", the release paired with " + torch_side,
                                             "require " + companion.name() + "==" + exact_pin));
        }
    }

    const IndexReference* first_variant_index() const {
        for (const IndexReference& index : file_.indexes) {
            if (variant_of(index.url)) {
                return &index;
            }
        }
        return nullptr;
    }

    // A conda export records no index (pip's were not kept), so there is no index to judge.
    void index_of_label(const FamilyPin& pin) {
        if (!pin.label || file_.format == LockFormat::CondaExport) {
            return;
        }
        const LockedPackage& package = *pin.package;
        const std::string own_index =
            package.kind == LockedPackage::Kind::DirectUrl ? package.url : package.index_url;
        const std::string public_pin =
            pin.name() + "==" + pin.version->public_version().to_string();
        if (!own_index.empty()) {
            if (pin.index && *pin.index != *pin.label) {
                findings_.push_back(make_finding(
                    "index-backend-mismatch", package.where,
                    pin.text() + " names a " + label_text(*pin.label) + ", but it comes from " +
                        own_index + ", which serves the " + label_text(*pin.index),
                    "take it from " + pytorch_index_url(*pin.label) + ", or pin " + public_pin +
                        "+" + pin.index->to_string()));
            }
            return;
        }
        if (std::ranges::any_of(file_.indexes,
                                [&](const IndexReference& i) { return serves(i, *pin.label); })) {
            return;
        }
        if (const IndexReference* variant = first_variant_index()) {
            const Backend other = *variant_of(variant->url);
            findings_.push_back(make_finding(
                "index-backend-mismatch", package.where,
                pin.text() + " names a " + label_text(*pin.label) + ", but the PyTorch index " +
                    variant->url + " (" + ref(variant->where) + ") serves the " +
                    label_text(other) + " and no index in the file serves " +
                    pin.label->to_string(),
                "use --extra-index-url " + pytorch_index_url(*pin.label) + " (" +
                    ref(variant->where) + "), or pin " + public_pin + "+" + other.to_string()));
            return;
        }
        findings_.push_back(make_finding(
            "label-without-index", package.where,
            pin.text() + " is a " + label_text(*pin.label) +
                ", which only the PyTorch index serves, and the file names no index for it" +
                (file_.indexes.empty() ? std::string(" (pip would look on PyPI only)") : ""),
            "add the line --extra-index-url " + pytorch_index_url(*pin.label)));
    }

    // The build an unlabelled pin gets from the file's only index, when that is a variant index.
    std::optional<Backend> sole_index_build() const {
        if (file_.indexes.size() != 1 ||
            file_.indexes.front().kind != IndexReference::Kind::Primary) {
            return std::nullopt;
        }
        return variant_of(file_.indexes.front().url);
    }

    void unpublished_build(const FamilyPin& pin) {
        if (!pin.is_torch() || !pin.version) {
            return;
        }
        const std::optional<Backend> build = pin.build() ? pin.build() : sole_index_build();
        const Version torch = pin.version->public_version();
        if (!build || matrix_.release(torch) == nullptr) {
            return;
        }
        std::vector<Backend> published;
        for (const PublishedBackend& p : matrix_.published) {
            if (p.torch == torch && std::ranges::find(published, p.backend) == published.end()) {
                published.push_back(p.backend);
            }
        }
        if (published.empty() || std::ranges::find(published, *build) != published.end()) {
            return;
        }
        std::ranges::sort(published);
        std::string names;
        std::optional<Backend> same_kind;
        for (const Backend& b : published) {
            names += (names.empty() ? "" : ", ") + b.to_string();
            if (b.kind() == build->kind()) {
                same_kind = b; // sorted: the newest toolkit last
            }
        }
        std::string fix = same_kind
                              ? "pin torch==" + torch.to_string() + "+" + same_kind->to_string() +
                                    " from " + pytorch_index_url(*same_kind)
                              : "pin a build of torch " + torch.to_string() + ": " + names;
        if (const auto first = first_release_with(*build)) {
            fix += ", or torch==" + first->to_string() + "+" + build->to_string() +
                   ", the first release built for " + build->to_string();
        }
        findings_.push_back(make_finding("unpublished-build", pin.package->where,
                                         "torch " + torch.to_string() +
                                             " was never published as a " + label_text(*build) +
                                             "; its builds are " + names,
                                         fix));
    }

    std::optional<Version> first_release_with(const Backend& build) const {
        std::optional<Version> first;
        for (const PublishedBackend& p : matrix_.published) {
            if (p.backend == build && (!first || p.torch < *first)) {
                first = p.torch;
            }
        }
        return first;
    }

    void unpinned_in_lockfile(const FamilyPin& pin) {
        if (pin.version || file_.format == LockFormat::Requirements) {
            return;
        }
        findings_.push_back(make_finding(
            "torch-unpinned", pin.package->where,
            pin.text() + " has no exact version in a lockfile: each install may pick another "
                         "release or build",
            "lock again so that " + pin.name() +
                " is pinned (uv lock, pip freeze), or pin it "
                "with torchpin resolve"));
    }

    // The matrix's rows of each file the entry locks (same name, same upload host): those of its
    // package and public version with the version and tags each locked wheel's name states, found
    // without reading the release's other files (a full index has ~2,000 per release).
    void files(const FamilyPin& pin) {
        if (!pin.version) {
            return;
        }
        std::vector<WheelTagColumns> named_tags;
        for (const LockedFile& file : pin.package->files) {
            if (const auto wheel = WheelFilename::parse(file.filename)) { // an sdist is no row
                named_tags.push_back(tag_columns(*wheel));
            }
        }
        std::unordered_map<std::string, std::vector<const IndexFile*>> by_name;
        for (const IndexFile* row : wheels_.tagged(pin.name(), *pin.version, named_tags)) {
            by_name[row->wheel.to_string()].push_back(row);
        }
        for (const LockedFile& file : pin.package->files) {
            const auto named = by_name.find(file.filename);
            if (named == by_name.end()) {
                continue;
            }
            std::vector<const IndexFile*> listed;
            std::ranges::copy_if(
                named->second, std::back_inserter(listed),
                [&](const IndexFile* row) { return same_upload_host(file, *row); });
            if (listed.empty()) {
                continue;
            }
            const SourceLocation& where = file.where.line != 0 ? file.where : pin.package->where;
            hash_of(file, listed, where);
            yanked(file, listed, where);
        }
    }

    void hash_of(const LockedFile& file, const std::vector<const IndexFile*>& listed,
                 const SourceLocation& where) {
        const IndexFile* known = nullptr;
        for (const IndexFile* wheel : listed) {
            if (!wheel->sha256) {
                continue;
            }
            if (std::ranges::find(file.sha256, *wheel->sha256) != file.sha256.end()) {
                return;
            }
            known = wheel;
        }
        if (known == nullptr || file.sha256.empty()) {
            return;
        }
        findings_.push_back(make_finding(
            "hash-mismatch", where,
            file.filename + ": sha256 " + file.sha256.front() + " differs from " + *known->sha256 +
                ", the digest " + known->listing + " lists",
            "download the file again and compare; lock again if the index changed it, or run "
            "'torchpin update' if the matrix is behind"));
    }

    void yanked(const LockedFile& file, const std::vector<const IndexFile*>& listed,
                const SourceLocation& where) {
        if (!std::ranges::all_of(listed, [](const IndexFile* w) { return w->yanked; })) {
            return;
        }
        const std::string& reason = listed.front()->yanked_reason;
        findings_.push_back(make_finding("yanked-file", where,
                                         file.filename + " was yanked from " +
                                             listed.front()->listing +
                                             (reason.empty() ? "" : ": " + reason),
                                         "pin another release of the package and lock again"));
    }

    const LockedRequirements& file_;
    const std::vector<FamilyPin>& pins_;
    const CompatMatrix& matrix_;
    std::vector<const FamilyPin*> torches_;
    ReleaseWheels wheels_;
    std::vector<CheckFinding> findings_;
};

} // namespace

std::vector<CheckFinding> check_file_rules(const LockedRequirements& file,
                                           const std::vector<FamilyPin>& pins,
                                           const CompatMatrix& matrix) {
    return FileRules(file, pins, matrix).run();
}

} // namespace torchpin
