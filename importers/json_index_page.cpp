// Parses PEP 691 JSON with nlohmann/json, recording where each entry starts for diagnostics.
#include "importers/json_index_page.hpp"

#include "engine/diagnostic.hpp"
#include "engine/package_name.hpp"
#include "engine/text_scanner.hpp"
#include "importers/listing_builder.hpp"
#include "importers/text_position.hpp"
#include "importers/url_reference.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

using nlohmann::json;

// A pointer into the page that tells how far nlohmann's lexer has read: parse callbacks run
// while it reads, so the read position at an "object_start" is just past that object's '{'.
class TrackedChar {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackedChar(const char* at, const char** read_up_to)
        : at_(at)
        , read_up_to_(read_up_to) {}

    reference operator*() const noexcept { return *at_; }
    TrackedChar& operator++() noexcept {
        *read_up_to_ = ++at_;
        return *this;
    }
    TrackedChar operator++(int) noexcept {
        TrackedChar before = *this;
        ++*this;
        return before;
    }
    friend bool operator==(const TrackedChar& a, const TrackedChar& b) noexcept {
        return a.at_ == b.at_;
    }

private:
    const char* at_;
    const char** read_up_to_;
};

// Where the parts of a PEP 691 document start (byte offsets).
struct JsonLayout {
    std::map<std::string, std::size_t, std::less<>> top_keys; // "meta" -> its key
    std::optional<std::size_t> api_version;                   // meta's "api-version" key
    std::vector<std::size_t> files;                           // each files[] entry
    std::vector<std::size_t> projects;                        // each projects[] entry
};

// "[json.exception.parse_error.101] parse error at line 1, column 9: syntax error …" -> "syntax
// error …" (the position is given by the diagnostic).
std::string reason_of(const json::exception& error) {
    std::string_view what = error.what();
    if (const auto tag_end = what.find("] "); tag_end != std::string_view::npos) {
        what.remove_prefix(tag_end + 2);
    }
    if (const auto colon = what.find(": ");
        what.starts_with("parse error") && colon != std::string_view::npos) {
        what.remove_prefix(colon + 2);
    }
    return std::string(what);
}

json parse_tracking_layout(const TextInput& page, JsonLayout& layout) {
    const std::string& content = page.content();
    const char* read_up_to = content.data();
    const auto offset = [&] { return static_cast<std::size_t>(read_up_to - content.data()); };
    std::string top_key;
    std::vector<std::size_t>* entries = nullptr;
    const json::parser_callback_t record = [&](int depth, json::parse_event_t event, json& parsed) {
        using Event = json::parse_event_t;
        if (depth == 1 && event == Event::key) {
            top_key = parsed.get<std::string>();
            // The key event comes right after the closing quote.
            layout.top_keys.insert_or_assign(top_key,
                                             offset() - std::min(offset(), top_key.size() + 2));
            entries = top_key == "files"      ? &layout.files
                      : top_key == "projects" ? &layout.projects
                                              : nullptr;
            if (entries != nullptr) {
                entries->clear(); // a repeated key: nlohmann keeps the last value
            }
        } else if (depth == 2 && event == Event::key && top_key == "meta" &&
                   parsed == "api-version") {
            layout.api_version = offset() - std::min(offset(), std::size_t{13});
        } else if (depth == 2 && entries != nullptr &&
                   (event == Event::object_start || event == Event::array_start ||
                    event == Event::value)) {
            // Containers are reported just past their opening bracket, scalars just past
            // their end: either way inside or right after the entry.
            entries->push_back(event == Event::value ? offset() : offset() - 1);
        }
        return true;
    };
    try {
        return json::parse(TrackedChar(content.data(), &read_up_to),
                           TrackedChar(content.data() + content.size(), &read_up_to), record);
    } catch (const json::parse_error& error) {
        throw InputError(diagnostic_at(page, error.byte > 0 ? error.byte - 1 : 0,
                                       "invalid JSON: " + reason_of(error)));
    } catch (const json::exception& error) { // a number out of range
        throw InputError(diagnostic_at(page, offset() > 0 ? offset() - 1 : 0,
                                       "invalid JSON: " + reason_of(error)));
    }
}

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
    JsonLayout layout;
    const json document = parse_tracking_layout(page, layout);
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
