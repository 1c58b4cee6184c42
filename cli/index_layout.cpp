// Index URL layout: building page URLs and recognising PyTorch's variant folders.
#include "cli/index_layout.hpp"

#include "cli/global_options.hpp"
#include "engine/hardware/backend.hpp"

#include <optional>
#include <utility>

namespace torchpin::cli {

namespace {

// The first path segment of `url` below `base`, when `url` is BASE/<segment>/<rest>.
std::optional<std::pair<std::string_view, std::string_view>>
segment_below(std::string_view url, const std::string& base) {
    if (!url.starts_with(base)) {
        return std::nullopt;
    }
    const std::string_view rest = url.substr(base.size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos || slash == 0) {
        return std::nullopt;
    }
    return std::pair{rest.substr(0, slash), rest.substr(slash + 1)};
}

} // namespace

std::string index_base(std::string_view url) {
    if (!url.starts_with("https://") && !url.starts_with("http://")) {
        throw UsageError("--index-url must be an http:// or https:// URL, not '" +
                         std::string(url) + "'");
    }
    std::string base(url);
    while (base.ends_with('/')) {
        base.pop_back();
    }
    return base + "/";
}

std::string package_page_url(const std::string& base, const PackageName& package) {
    return base + package.normalized() + "/";
}

std::string variant_page_url(const std::string& base, const std::string& folder,
                             const PackageName& package) {
    return base + folder + "/" + package.normalized() + "/";
}

bool is_variant_folder(std::string_view folder) {
    if (folder.empty() || folder.find('/') != std::string_view::npos) {
        return false;
    }
    const auto backend = Backend::parse_index_url(folder);
    return backend && backend->index_directory() == folder;
}

std::set<std::string> folders_linked(const std::vector<std::string>& urls,
                                     const std::string& base) {
    std::set<std::string> folders;
    for (const std::string& url : urls) {
        const auto below = segment_below(url, base);
        if (below && below->second.empty() && is_variant_folder(below->first)) {
            folders.emplace(below->first);
        }
    }
    return folders;
}

std::set<std::string> folders_listed(const std::vector<std::string>& link_texts) {
    std::set<std::string> folders;
    for (const std::string& text : link_texts) {
        if (text.ends_with('/') && is_variant_folder(text.substr(0, text.size() - 1))) {
            folders.insert(text.substr(0, text.size() - 1));
        }
    }
    return folders;
}

std::set<std::string> folders_of_labels(const std::vector<std::string>& labels) {
    std::set<std::string> folders;
    for (const std::string& label : labels) {
        if (const auto backend = Backend::parse(label)) {
            folders.insert(backend->index_directory());
        }
    }
    return folders;
}

std::set<std::string> folders_of_pages(const std::vector<std::string>& page_urls,
                                       const std::string& base) {
    std::set<std::string> folders;
    for (const std::string& url : page_urls) {
        const auto below = segment_below(url, base);
        if (below && is_variant_folder(below->first) && below->second.ends_with('/') &&
            below->second.find('/') == below->second.size() - 1) {
            folders.emplace(below->first);
        }
    }
    return folders;
}

} // namespace torchpin::cli
