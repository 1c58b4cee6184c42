// read_dist_info: METADATA's fields, WHEEL's tags and the installer's records of one distribution.
#include "importers/installed/dist_info.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/pep/package_name.hpp"
#include "importers/installed/core_metadata.hpp"

#include <cctype>
#include <system_error>

namespace torchpin {

namespace {

namespace fs = std::filesystem;

void read_metadata_file(const fs::path& file, InstalledDistribution& distribution) {
    CoreMetadata metadata = read_core_metadata(TextInput::read_file(file));
    distribution.name = std::move(metadata.name);
    distribution.normalized_name = normalize_package_name(distribution.name);
    distribution.version = std::move(metadata.version);
    distribution.requires_dist = std::move(metadata.requires_dist);
    distribution.requires_python = std::move(metadata.requires_python);
}

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::optional<std::string> first_line(const fs::path& file) {
    const TextInput input = TextInput::read_file(file);
    if (input.lines().empty()) {
        return std::nullopt;
    }
    std::string_view line = input.lines().front().text;
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) {
        line.remove_suffix(1);
    }
    return line.empty() ? std::nullopt : std::optional<std::string>(line);
}

void read_installer_records(const fs::path& folder, InstalledDistribution& distribution) {
    if (const fs::path wheel = folder / "WHEEL"; is_file(wheel)) {
        const TextInput input = TextInput::read_file(wheel);
        const MetadataHeaders headers = parse_metadata_headers(input); // outlives the loop
        for (const MetadataField* tag : headers.all("Tag")) {
            distribution.wheel_tags.push_back(tag->value);
        }
    }
    if (const fs::path installer = folder / "INSTALLER"; is_file(installer)) {
        distribution.installer = first_line(installer);
    }
    distribution.requested = is_file(folder / "REQUESTED");
    if (const fs::path direct_url = folder / "direct_url.json"; is_file(direct_url)) {
        distribution.direct_url = parse_direct_url(TextInput::read_file(direct_url));
    }
    if (const fs::path record = folder / "RECORD"; is_file(record)) {
        distribution.record = parse_record(TextInput::read_file(record));
    }
}

bool is_pytorch_variant_label(std::string_view label) {
    const auto digits_after = [&](std::string_view prefix) {
        return label.starts_with(prefix) && label.size() > prefix.size() &&
               std::isdigit(static_cast<unsigned char>(label[prefix.size()]));
    };
    return digits_after("cu") || digits_after("rocm") || label == "cpu" ||
           label.starts_with("cpu.") || label == "xpu";
}

} // namespace

InstalledDistribution read_dist_info(const fs::path& dist_info) {
    InstalledDistribution distribution;
    distribution.dist_info = dist_info;
    if (dist_info.extension() == ".egg-info") {
        distribution.format = MetadataFormat::EggInfo;
        read_metadata_file(is_file(dist_info) ? dist_info : dist_info / "PKG-INFO", distribution);
        return distribution;
    }
    const fs::path metadata = dist_info / "METADATA";
    if (!is_file(metadata)) {
        throw InputError(Diagnostic{utf8_of(metadata), 0, 0,
                                    "missing: every .dist-info folder holds a METADATA file", ""});
    }
    read_metadata_file(metadata, distribution);
    read_installer_records(dist_info, distribution);
    return distribution;
}

std::optional<std::string> index_hint(const InstalledDistribution& distribution) {
    if (const auto& direct = distribution.direct_url) {
        switch (direct->kind) {
        case DirectUrlKind::Vcs:
            return "a " + *direct->vcs + " install from " + direct->url +
                   (direct->vcs_commit ? " (commit " + *direct->vcs_commit + ")" : "");
        case DirectUrlKind::Directory:
            return (direct->editable ? "an editable install of " : "an install from the folder ") +
                   direct->url;
        case DirectUrlKind::Archive:
            return "a URL install from " + direct->url;
        }
    }
    const std::string& label = distribution.version.local_label();
    if (is_pytorch_variant_label(label)) {
        return "local label +" + label + ": a build of PyTorch's " + label +
               " variant, published on PyTorch's own index";
    }
    return std::nullopt;
}

} // namespace torchpin
