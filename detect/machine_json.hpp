// Machine profiles as JSON ("schema": "torchpin/machine/v1"): what `torchpin detect --format json`
// prints and `--machine FILE` reads back.
#pragma once

#include "engine/hardware/machine.hpp"
#include "importers/input/text_input.hpp"

#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

namespace torchpin {

inline constexpr std::string_view machine_schema = "torchpin/machine/v1";

// How much of an interpreter's wheel tags the JSON carries: every one ("tags", best first, ~900
// for a CPython on Linux), as `detect` prints them, or only the best ("best_tag"), as answers
// (resolve's "machine") carry them.
enum class TagListing : std::uint8_t { All, BestOnly };

// The profile as JSON. Each fact is {"value": …, "source": "…"}; unknown facts are left out.
// Each Python interpreter also lists the wheel tags it accepts (see TagListing), computed from
// the profile; readers recompute them rather than read them.
nlohmann::ordered_json machine_to_json(const Machine& machine, TagListing tags = TagListing::All);

// Reads a profile back: machine_from_json(machine_to_json(m)) == m. Throws InputError naming
// the file, line, column and key for invalid JSON, a wrong schema, an unknown or missing key,
// or a value of the wrong type or shape ("nvidia.driver.value: expected a driver version …").
Machine machine_from_json(const TextInput& input);

} // namespace torchpin
