// A build of a release as a wheel group tells it apart from the release's other groups: its files'
// local version label and their listing's backend, written "LABEL:BACKEND" in wheel_group_union.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/backend.hpp"

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

struct WheelBuild {
    std::string label;              // normalized, without '+': "cu121"; "" for files without one
    std::optional<Backend> backend; // IndexFile::backend: none for files of no backend's listing

    friend auto operator<=>(const WheelBuild&, const WheelBuild&) = default;
};

// "cu121:cu121", ":cpu" (no label), "cpu:" (no backend), ":" (neither).
std::string to_string(const WheelBuild& build);

// The inverse of to_string: the label must be a normalized local label (Version::local_label) and
// the backend a backend label, so that a hand-edited row cannot make a version no index shows.
Expected<WheelBuild> parse_wheel_build(std::string_view text);

} // namespace torchpin
