// JSON parsed into nlohmann/json values together with where a PEP 691 page's parts start.
#pragma once

#include "importers/input/text_input.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchpin {

// A parsed page and byte offsets for diagnostics: for
// {"meta": {"api-version": "1.0"}, "files": [{…}, {…}]}, files holds the offsets of both '{'.
struct JsonLayout {
    nlohmann::json document;
    std::map<std::string, std::size_t, std::less<>> top_keys; // "files" -> its opening quote
    std::optional<std::size_t> api_version;                   // meta's "api-version" key
    std::vector<std::size_t> files;    // each files[] entry (its '{', or just past a scalar)
    std::vector<std::size_t> projects; // each projects[] entry
};

// Parses the page as JSON (a repeated key keeps its last value, as json::parse does); throws
// InputError located where the JSON stops being valid, with nlohmann's reason.
JsonLayout parse_json_layout(const TextInput& page);

} // namespace torchpin
