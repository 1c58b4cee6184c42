// A JSON document with the position of every member key, for errors that name file, line,
// column and key.
#pragma once

#include "importers/input/text_input.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace torchpin {

// {"nvidia": {"driver": …}, "pythons": [{…}]}: positions["/nvidia/driver"] is the byte offset of
// the key "driver"'s opening quote, positions["/pythons/0"] that of the element's '{' (keys and
// elements are named by JSON Pointer, RFC 6901).
struct PositionedJson {
    nlohmann::json document;
    std::map<std::string, std::size_t, std::less<>> positions;
};

// Parses `input` as JSON (a repeated key keeps its last value); throws InputError located where
// the JSON stops being valid.
PositionedJson parse_positioned_json(const TextInput& input);

// RFC 6901 escaping of one reference token: "a/b" -> "a~1b", "m~n" -> "m~0n".
std::string json_pointer_token(std::string_view key);

} // namespace torchpin
