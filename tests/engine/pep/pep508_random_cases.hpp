// Random PEP 508 markers and requirements, with environments, for the differential test.
#pragma once

#include "engine/pep/marker.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchpin::test {

inline constexpr std::size_t environments_per_case = 3;

// One input: a marker or a requirement, and the environments to evaluate it in.
struct Pep508Case {
    bool is_requirement = false;
    std::string text;
    std::vector<MarkerEnvironment> environments;
};

// `markers` random markers, then `requirements` random requirements, the same for the same seed.
// Mostly valid, with odd spacing and tabs, both quote styles, \x escapes, nested and doubled
// parentheses, legacy variable names, URLs, parenthesized specifiers and trailing commas; 8% are
// mutated by one character and 1% end in a line break.
std::vector<Pep508Case> random_pep508_cases(std::uint32_t seed, std::size_t markers,
                                            std::size_t requirements);

// The environment as packaging's Marker.evaluate takes it: {"os_name": "posix", ...}.
nlohmann::json environment_json(const MarkerEnvironment& env);

} // namespace torchpin::test
