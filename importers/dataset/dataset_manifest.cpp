// Reading data/manifest.json with nlohmann/json, reporting errors with their position.
#include "importers/dataset/dataset_manifest.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"
#include "importers/input/text_input.hpp"
#include "importers/input/text_position.hpp"

#include <nlohmann/json.hpp>

namespace torchpin {

namespace {

using nlohmann::json;

[[noreturn]] void reject(const TextInput& input, std::size_t offset, std::string message) {
    throw InputError(diagnostic_at(input, offset, std::move(message)));
}

// The offset of `"key"` in the text, to point at a bad value; 0 when not found.
std::size_t offset_of_key(const std::string& content, const std::string& key,
                          std::size_t from = 0) {
    const std::size_t at = content.find('"' + key + '"', from);
    return at == std::string::npos ? 0 : at;
}

std::string required_string(const TextInput& input, const json& object, const std::string& key,
                            std::size_t near) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string() || it->get<std::string>().empty()) {
        reject(input, it == object.end() ? near : offset_of_key(input.content(), key, near),
               "expected a non-empty string \"" + key + "\"");
    }
    return it->get<std::string>();
}

} // namespace

DatasetManifest read_dataset_manifest(const std::filesystem::path& data_dir) {
    const TextInput input = TextInput::read_file(data_dir / "manifest.json");
    json document;
    try {
        document = json::parse(input.content());
    } catch (const json::parse_error& e) {
        // nlohmann's text repeats the position; keep only what went wrong.
        const std::string what = e.what();
        const std::size_t colon = what.find(": ", what.find("parse error"));
        reject(input, e.byte > 0 ? e.byte - 1 : 0,
               "malformed JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)));
    }
    if (!document.is_object() || document.value("schema", "") != "torchpin/dataset/v1") {
        reject(input, 0, "expected an object with \"schema\": \"torchpin/dataset/v1\"");
    }
    DatasetManifest manifest;
    manifest.data_as_of = required_string(input, document, "data_as_of", 0);
    manifest.built_at = required_string(input, document, "built_at", 0);
    const auto sources = document.find("sources");
    if (sources == document.end() || !sources->is_array()) {
        reject(input, offset_of_key(input.content(), "sources"), "expected an array \"sources\"");
    }
    std::size_t cursor = offset_of_key(input.content(), "sources");
    for (const json& entry : *sources) {
        cursor = offset_of_key(input.content(), "file", cursor + 1);
        if (!entry.is_object()) {
            reject(input, cursor, "each source must be an object");
        }
        DatasetSource source{required_string(input, entry, "file", cursor),
                             required_string(input, entry, "kind", cursor), entry.value("url", ""),
                             required_string(input, entry, "retrieved", cursor),
                             required_string(input, entry, "origin", cursor)};
        if (!std::filesystem::is_regular_file(data_dir / source.file)) {
            reject(input, cursor, "no such data file: " + utf8_of(data_dir / source.file));
        }
        manifest.sources.push_back(std::move(source));
    }
    return manifest;
}

} // namespace torchpin
