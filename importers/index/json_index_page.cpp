// Reads PEP 691 pages from nlohmann/json values, locating problems with the recorded layout.
#include "importers/index/json_index_page.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/text_scanner.hpp"
#include "engine/pep/package_name.hpp"
#include "importers/index/listing_builder.hpp"
#include "importers/input/json_layout.hpp"
#include "importers/input/text_position.hpp"
#include "importers/input/url_reference.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace torchpin {

namespace {

using nlohmann::json;

[[noreturn]] void reject_page(const TextInput& page, std::size_t offset, std::string message) {
    throw InputError(diagnostic_at(page, offset, std::move(message)));
}

void check_api_version(const TextInput& page, const json& document, const JsonLayout& layout,
                       std::size_t root) {
    const auto meta = document.find("meta");
    if (meta == document.end() || !meta->is_object() || !meta->contains("api-version")) {
        reject_page(page, root,
                    "no meta.api-version: this is not a PEP 691 page (expected "
                    "{\"meta\": {\"api-version\": \"1.0\"}, …})");
    }
    const json& version = (*meta)["api-version"];
    const std::size_t at = layout.api_version.value_or(root);
    if (!version.is_string()) {
        reject_page(page, at, "meta.api-version must be a string such as \"1.0\"");
    }
    const auto& text = version.get_ref<const std::string&>();
    if (text.substr(0, text.find('.')) != "1") {
        reject_page(page, at,
                    "unsupported api-version \"" + text +
                        "\": torchpin reads version 1.x of the PEP 691 JSON API");
    }
}

// The member's string, nullopt when absent or null; `problem` is set when it has another type.
std::optional<std::string> optional_string(const json& entry, const char* key,
                                           std::string& problem) {
    const auto member = entry.find(key);
    if (member == entry.end() || member->is_null()) {
        return std::nullopt;
    }
    if (!member->is_string()) {
        problem = std::string("\"") + key + "\" must be a string";
        return std::nullopt;
    }
    return member->get<std::string>();
}

// PEP 714's core-metadata, else PEP 658's dist-info-metadata: a boolean or a hash object.
std::optional<std::string> core_metadata_of(const json& entry, std::string& problem) {
    auto member = entry.find("core-metadata");
    if (member == entry.end()) {
        member = entry.find("dist-info-metadata");
    }
    if (member == entry.end() || member->is_null() || (member->is_boolean() && !*member)) {
        return std::nullopt;
    }
    if (member->is_boolean()) {
        return "true";
    }
    if (!member->is_object()) {
        problem = "\"core-metadata\" must be a boolean or an object of hashes";
        return std::nullopt;
    }
    const auto sha256 = member->find("sha256");
    if (sha256 == member->end()) {
        return "true";
    }
    if (!sha256->is_string()) {
        problem = "the metadata sha256 must be a string";
        return std::nullopt;
    }
    return "sha256=" + sha256->get<std::string>();
}

// Fills `link` from a files[] entry; returns what is wrong with the entry, "" when nothing.
std::string read_file_entry(const json& entry, std::string_view page_url, FileLink& link) {
    if (!entry.is_object()) {
        return "a files[] entry must be an object";
    }
    std::string problem;
    const auto file_name = optional_string(entry, "filename", problem);
    const auto url = optional_string(entry, "url", problem);
    if (!problem.empty() || !file_name || file_name->empty() || !url) {
        return problem.empty() ? "a files[] entry needs a \"filename\" and a \"url\"" : problem;
    }
    link.file_name = *file_name;
    link.url = resolve_url(page_url, split_fragment(*url).url);
    if (const auto hashes = entry.find("hashes"); hashes != entry.end()) {
        if (!hashes->is_object()) {
            return "\"hashes\" must be an object";
        }
        if (const auto sha256 = hashes->find("sha256"); sha256 != hashes->end()) {
            if (!sha256->is_string()) {
                return "the sha256 must be a string";
            }
            link.sha256 = sha256->get_ref<const std::string&>();
        }
    }
    link.requires_python = optional_string(entry, "requires-python", problem);
    if (link.requires_python && link.requires_python->empty()) {
        link.requires_python.reset();
    }
    if (const auto yanked = entry.find("yanked"); yanked != entry.end() && !yanked->is_null()) {
        if (yanked->is_string()) {
            link.yanked = true;
            link.yanked_reason = yanked->get<std::string>();
        } else if (yanked->is_boolean()) {
            link.yanked = yanked->get<bool>();
        } else {
            return "\"yanked\" must be a boolean or a reason";
        }
    }
    link.core_metadata = core_metadata_of(entry, problem);
    link.upload_time = optional_string(entry, "upload-time", problem);
    return problem;
}

void add_project_entry(ListingBuilder& builder, const json& entry, std::size_t offset) {
    const auto name = entry.is_object() ? entry.find("name") : entry.end();
    if (!entry.is_object() || name == entry.end() || !name->is_string()) {
        builder.reject(offset, "", "a projects[] entry needs a \"name\" string");
        return;
    }
    const auto& text = name->get_ref<const std::string&>();
    builder.add_project(offset, text,
                        resolve_url(builder.page_url(), normalize_package_name(text) + "/"));
}

std::size_t first_text(const std::string& content) {
    std::size_t at = 0;
    while (at < content.size() && is_ascii_space(content[at])) {
        ++at;
    }
    return at;
}

} // namespace

IndexListing parse_json_page(const TextInput& page, std::string_view page_url,
                             const PageOptions& options) {
    const std::size_t root = first_text(page.content());
    if (root == page.content().size()) {
        reject_page(page, root, "the page is empty");
    }
    const JsonLayout layout = parse_json_layout(page);
    const json& document = layout.document;
    if (!document.is_object()) {
        reject_page(page, root,
                    "a PEP 691 page is a JSON object, not " + std::string(document.type_name()));
    }
    check_api_version(page, document, layout, root);
    const auto files = document.find("files");
    const auto projects = document.find("projects");
    if (files == document.end() && projects == document.end()) {
        reject_page(page, root,
                    "the page has neither \"files\" (a project page) nor "
                    "\"projects\" (the root page)");
    }
    for (const auto& [member, key] : {std::pair{files, "files"}, std::pair{projects, "projects"}}) {
        if (member != document.end() && !member->is_array()) {
            reject_page(page, layout.top_keys.find(key)->second,
                        std::string("\"") + key + "\" must be an array");
        }
    }
    ListingBuilder builder(page, std::string(page_url), options.skip_invalid);
    if (files != document.end()) {
        builder.expect_links(files->size());
        for (std::size_t i = 0; i < files->size(); ++i) {
            FileLink link;
            link.offset = i < layout.files.size() ? layout.files[i] : root;
            if (const std::string problem = read_file_entry((*files)[i], page_url, link);
                !problem.empty()) {
                builder.reject(link.offset, link.file_name, problem);
                continue;
            }
            builder.add_file(std::move(link));
        }
    }
    if (projects != document.end()) {
        for (std::size_t i = 0; i < projects->size(); ++i) {
            add_project_entry(builder, (*projects)[i],
                              i < layout.projects.size() ? layout.projects[i] : root);
        }
    }
    return std::move(builder).finish(PageKind::SimpleJson);
}

} // namespace torchpin
