// import_wheel_list: each JSON entry checked, then typed by the page parsers' ListingBuilder.
#include "importers/index/wheel_list.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/sha256.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/pep/package_name.hpp"
#include "engine/pep/version.hpp"
#include "importers/index/listing_builder.hpp"
#include "importers/input/text_position.hpp"
#include "importers/input/url_reference.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

using nlohmann::json;

constexpr std::array used_keys{"url",         "wheel_filename", "sha256",     "sri",
                               "upload_time", "core_metadata",  "registry",   "package",
                               "version",     "source",         "quoted_from"};
constexpr std::array descriptive_keys{"size", "nix_platform_key", "version_attr"};

template <std::size_t N>
bool is_one_of(const std::array<const char*, N>& keys, std::string_view key) {
    for (const char* candidate : keys) {
        if (key == candidate) {
            return true;
        }
    }
    return false;
}

// Decodes standard base64 (with '=' padding); nullopt for anything else.
std::optional<std::string> base64_decode(std::string_view text) {
    static constexpr std::string_view alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (text.size() % 4 != 0) {
        return std::nullopt;
    }
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    std::size_t padding = 0;
    for (const char c : text) {
        if (c == '=') {
            ++padding;
            continue;
        }
        const std::size_t value = alphabet.find(c);
        if (padding > 0 || value == std::string_view::npos) {
            return std::nullopt;
        }
        buffer = (buffer << 6) | static_cast<std::uint32_t>(value);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((buffer >> bits) & 0xffu));
        }
    }
    return padding <= 2 ? std::optional(out) : std::nullopt;
}

std::string hex_of(std::string_view bytes) {
    static constexpr std::string_view digits = "0123456789abcdef";
    std::string out;
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        out += digits[byte >> 4];
        out += digits[byte & 0xfu];
    }
    return out;
}

class WheelListReader {
public:
    WheelListReader(const TextInput& input, std::string listing_name)
        : input_(input)
        , listing_name_(std::move(listing_name)) {}

    [[noreturn]] void reject(std::size_t offset, std::string message) const {
        throw InputError(diagnostic_at(input_, offset, std::move(message)));
    }

    json parse() const {
        try {
            return json::parse(input_.content());
        } catch (const json::parse_error& e) {
            const std::string what = e.what();
            const std::size_t colon = what.find(": ", what.find("parse error"));
            reject(e.byte > 0 ? e.byte - 1 : 0,
                   "malformed JSON: " +
                       (colon == std::string::npos ? what : what.substr(colon + 2)));
        }
    }

    // Where an entry starts, for diagnostics (nlohmann keeps no positions): the '{' before its
    // URL's text, searching on from the previous entry; for an entry without a URL, the next '{'.
    std::size_t locate(const json& entry) {
        const std::string& content = input_.content();
        if (cursor_ == 0) {
            cursor_ = std::min(content.find("\"wheels\""), content.size());
        }
        const auto url = entry.is_object() ? entry.find("url") : entry.end();
        if (url != entry.end() && url->is_string()) {
            const std::size_t at = content.find('"' + url->get<std::string>() + '"', cursor_);
            if (at != std::string::npos) {
                const std::size_t brace = content.rfind('{', at);
                const std::size_t start =
                    brace != std::string::npos && brace >= cursor_ ? brace : at;
                cursor_ = at + 1;
                return start;
            }
        }
        const std::size_t brace = content.find('{', cursor_);
        if (brace == std::string::npos) {
            return cursor_;
        }
        cursor_ = brace + 1;
        return brace;
    }

    std::optional<std::string> optional_string(const json& entry, const char* key,
                                               std::size_t offset) const {
        const auto member = entry.find(key);
        if (member == entry.end() || member->is_null()) {
            return std::nullopt;
        }
        if (!member->is_string()) {
            reject(offset, std::string("\"") + key + "\" must be a string or null");
        }
        return member->get<std::string>();
    }

    IndexFile read_entry(const json& entry, std::size_t offset) {
        if (!entry.is_object()) {
            reject(offset, "each \"wheels\" entry must be an object");
        }
        for (const auto& [key, value] : entry.items()) {
            if (!is_one_of(used_keys, key) && !is_one_of(descriptive_keys, key)) {
                reject(offset, "unknown key \"" + key + "\" in a wheel list entry");
            }
        }
        const auto url = optional_string(entry, "url", offset);
        if (!url || url->empty()) {
            reject(offset, "a wheel list entry needs a \"url\"");
        }
        if (!seen_urls_.insert(*url).second) {
            reject(offset, "\"" + *url + "\" is listed twice");
        }
        FileLink link;
        link.offset = offset;
        link.url = std::string(split_fragment(*url).url);
        link.file_name = url_file_name(link.url);
        const auto sha256 = optional_string(entry, "sha256", offset);
        if (sha256) {
            link.sha256 = *sha256;
        }
        link.core_metadata = optional_string(entry, "core_metadata", offset);
        if (link.core_metadata && *link.core_metadata != "true" &&
            !link.core_metadata->starts_with("sha256=")) {
            reject(offset, "\"core_metadata\" must be \"true\" or \"sha256=<hex>\"");
        }
        link.upload_time = optional_string(entry, "upload_time", offset);
        const std::string registry = optional_string(entry, "registry", offset).value_or("");
        const std::string page_url =
            registry.empty() || registry.ends_with('/') ? registry : registry + "/";

        ListingBuilder builder(input_, page_url, false);
        builder.add_file(std::move(link));
        IndexListing listing = std::move(builder).finish(PageKind::SimpleJson);
        if (listing.wheels.size() != 1) {
            reject(offset, "\"" + *url + "\" is not a wheel");
        }
        for (LinkIssue& issue : listing.issues) {
            issues_.push_back(std::move(issue));
        }
        IndexFile file = std::move(listing.wheels.front());
        file.listing = listing_name_;
        file.seen_in = seen_in(entry, offset);
        check_agreement(entry, file, sha256, offset);
        return file;
    }

    std::vector<LinkIssue> take_issues() { return std::move(issues_); }

    // Where the entry's file was seen: "source" as text, or as {"repo", "path", "commit"} (the
    // nixpkgs list) written "repo path @commit"; else "quoted_from"; else nothing.
    std::optional<std::string> seen_in(const json& entry, std::size_t offset) const {
        const auto source = entry.find("source");
        if (source != entry.end() && source->is_object()) {
            std::string text;
            for (const char* part : {"repo", "path", "commit"}) {
                const auto value = source->find(part);
                if (value == source->end() || !value->is_string() ||
                    value->get<std::string>().empty()) {
                    reject(offset,
                           std::string("an object \"source\" needs a string \"") + part + "\"");
                }
                text += (text.empty()                         ? ""
                         : part == std::string_view("commit") ? " @"
                                                              : " ") +
                        value->get<std::string>();
            }
            return text;
        }
        if (auto text = optional_string(entry, "source", offset)) {
            return text;
        }
        return optional_string(entry, "quoted_from", offset);
    }

private:
    void check_agreement(const json& entry, const IndexFile& file,
                         const std::optional<std::string>& sha256, std::size_t offset) const {
        const std::string& name = file.wheel.to_string();
        if (const auto stated = optional_string(entry, "wheel_filename", offset);
            stated && *stated != name) {
            reject(offset,
                   "\"wheel_filename\" is \"" + *stated + "\" but the URL names \"" + name + "\"");
        }
        if (const auto package = optional_string(entry, "package", offset);
            package && normalize_package_name(*package) != file.wheel.name().normalized()) {
            reject(offset, "\"package\" is \"" + *package + "\" but the file is of " +
                               file.wheel.name().normalized());
        }
        if (const auto version = optional_string(entry, "version", offset)) {
            const auto parsed = Version::parse(*version);
            if (!parsed || *parsed != file.wheel.version()) {
                reject(offset, "\"version\" is \"" + *version + "\" but the file is version " +
                                   file.wheel.version().to_string());
            }
        }
        if (const auto sri = optional_string(entry, "sri", offset)) {
            const auto digest =
                sri->starts_with("sha256-") ? base64_decode(sri->substr(7)) : std::nullopt;
            if (!digest || digest->size() != 32) {
                reject(offset, "\"sri\" must be \"sha256-<base64 of 32 bytes>\"");
            }
            if (!sha256 || hex_of(*digest) != *file.sha256) {
                reject(offset,
                       "\"sri\" is the digest " + hex_of(*digest) + ", not the \"sha256\" given");
            }
        }
    }

    const TextInput& input_;
    std::string listing_name_;
    std::size_t cursor_ = 0;
    std::set<std::string> seen_urls_;
    std::vector<LinkIssue> issues_;
};

} // namespace

WheelListImport import_wheel_list(const TextInput& input, const std::string& listing_name,
                                  SourceInfo source) {
    WheelListReader reader(input, listing_name);
    const json document = reader.parse();
    const auto wheels = document.is_object() ? document.find("wheels") : document.end();
    if (wheels == document.end() || !wheels->is_array()) {
        reader.reject(0, "a wheel list is a JSON object with a \"wheels\" array");
    }
    source.digest = sha256_hex(input.content());
    WheelListImport out{
        ListingImport{&wheel_file_table(), listing_name, std::move(source), {}}, {}, {}};
    for (const json& entry : *wheels) {
        const std::size_t offset = reader.locate(entry);
        out.files.push_back(reader.read_entry(entry, offset));
        out.listing.rows.push_back(to_row(out.files.back()));
    }
    out.issues = reader.take_issues();
    return out;
}

} // namespace torchpin
