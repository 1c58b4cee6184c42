// torch_family_pins: each torch/torchvision/torchaudio entry with its version, label and index.
#include "engine/check/torch_family_pins.hpp"

#include "engine/base/text_scanner.hpp"
#include "engine/base/utf8_path.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>

namespace torchpin {

namespace {

std::optional<Backend> label_backend(const std::optional<Version>& version) {
    if (!version || !version->has_local()) {
        return std::nullopt;
    }
    auto backend = Backend::parse(version->local_label());
    return backend ? std::optional(*backend) : std::nullopt;
}

std::optional<Backend> index_backend(const std::string& url) {
    if (url.empty()) {
        return std::nullopt;
    }
    auto backend = Backend::parse_index_url(url);
    return backend ? std::optional(*backend) : std::nullopt;
}

// PyPI is where an unlabelled requirement comes from when the file names no other index (or only
// PyPI), or where a lockfile says it came from.
bool comes_from_pypi(const LockedPackage& package, const LockedRequirements& file) {
    if (!package.index_url.empty()) {
        return is_pypi_url(package.index_url);
    }
    return package.kind == LockedPackage::Kind::Requirement && !file.no_index &&
           std::ranges::all_of(file.indexes,
                               [](const IndexReference& i) { return is_pypi_url(i.url); });
}

bool same_build(const FamilyPin& a, const FamilyPin& b) {
    return a.build() && b.build() && *a.build() == *b.build();
}

} // namespace

std::string url_host(const std::string& url) {
    const std::size_t scheme = url.find("://");
    const std::size_t start = scheme == std::string::npos ? 0 : scheme + 3;
    const std::size_t end = url.find_first_of("/:?#", start);
    std::string host =
        url.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::ranges::transform(host, host.begin(), ascii_lower);
    return host;
}

bool is_pypi_url(const std::string& url) {
    const std::string host = url_host(url);
    return host == "pypi.org" || host == "pypi.python.org" || host == "files.pythonhosted.org";
}

bool FamilyPin::applies_to(const MarkerEnvironment& environment) const {
    if (!marker) {
        return true;
    }
    const MarkerResult result = marker->evaluate(environment);
    return !result.has_value() || result.value();
}

std::string FamilyPin::text() const {
    if (version) {
        return name() + " " + version->to_string();
    }
    return name() + package->specifier;
}

std::vector<FamilyPin> torch_family_pins(const LockedRequirements& file) {
    std::vector<FamilyPin> pins;
    for (const LockedPackage& package : file.packages) {
        const bool checked = package.kind == LockedPackage::Kind::Requirement ||
                             package.kind == LockedPackage::Kind::DirectUrl;
        if (!is_torch_family(package.name) || !checked || (package.constraint && !package.pinned)) {
            continue;
        }
        FamilyPin pin;
        pin.package = &package;
        pin.version = package.pinned;
        pin.label = label_backend(package.pinned);
        pin.index = index_backend(
            package.kind == LockedPackage::Kind::DirectUrl ? package.url : package.index_url);
        pin.from_pypi = !pin.label && comes_from_pypi(package, file);
        if (!package.marker.empty()) {
            auto marker = Marker::parse(package.marker);
            if (marker) {
                pin.marker = *std::move(marker);
            }
        }
        pins.push_back(std::move(pin));
    }
    return pins;
}

std::string line_reference(const SourceLocation& where, const std::string& file) {
    if (where.file == file) {
        return "line " + std::to_string(where.line);
    }
    const std::string name = utf8_of(path_from_utf8(where.file).filename());
    return where.line == 0 ? name : name + ":" + std::to_string(where.line);
}

std::optional<bool> is_paired(const ReleaseFact& release, const std::string& package,
                              const Version& version) {
    const bool vision = package == "torchvision";
    const auto& exact = vision ? release.torchvision : release.torchaudio;
    const auto& series = vision ? release.torchvision_series : release.torchaudio_series;
    if (exact) {
        return version.public_version() == exact->public_version();
    }
    if (series) {
        return version.public_version().to_string().starts_with(*series + ".");
    }
    return std::nullopt;
}

std::optional<std::string> paired_version_text(const ReleaseFact& release,
                                               const std::string& package) {
    const bool vision = package == "torchvision";
    const auto& exact = vision ? release.torchvision : release.torchaudio;
    const auto& series = vision ? release.torchvision_series : release.torchaudio_series;
    if (exact) {
        return exact->to_string();
    }
    if (series) {
        return *series + ".*";
    }
    return std::nullopt;
}

const FamilyPin* partner_torch(const FamilyPin& companion,
                               const std::vector<const FamilyPin*>& torches,
                               const CompatMatrix& matrix) {
    const auto pairs = [&](const FamilyPin* torch) {
        if (!torch->version || !companion.version) {
            return false;
        }
        const ReleaseFact* release = matrix.release(torch->version->public_version());
        return release != nullptr &&
               is_paired(*release, companion.name(), *companion.version).value_or(false);
    };
    const std::vector<std::function<bool(const FamilyPin*)>> preferences{
        [&](const FamilyPin* t) { return same_build(*t, companion) && pairs(t); },
        pairs,
        [&](const FamilyPin* t) { return same_build(*t, companion); },
        [&](const FamilyPin* t) { return t->package->marker == companion.package->marker; },
    };
    for (const auto& preferred : preferences) {
        for (const FamilyPin* torch : torches) {
            if (preferred(torch)) {
                return torch;
            }
        }
    }
    return torches.empty() ? nullptr : torches.front();
}

} // namespace torchpin
