// Names of the provenance kinds stored with every matrix row, and the tag columns of a file.
#include "engine/matrix/index_file.hpp"

namespace torchpin {

namespace {

std::string dotted(const std::vector<std::string>& components) {
    std::string out;
    for (const std::string& component : components) {
        out += out.empty() ? "" : ".";
        out += component;
    }
    return out;
}

} // namespace

std::string_view name(Provenance provenance) noexcept {
    return provenance == Provenance::Observed ? "observed" : "derived";
}

std::optional<Provenance> parse_provenance(std::string_view text) noexcept {
    if (text == "observed") {
        return Provenance::Observed;
    }
    if (text == "derived") {
        return Provenance::Derived;
    }
    return std::nullopt;
}

WheelTagColumns tag_columns(const WheelFilename& wheel) {
    const TagSet& tags = wheel.tag_set();
    return {wheel.version().to_string(), dotted(tags.interpreters()), dotted(tags.abis()),
            dotted(tags.platforms())};
}

WheelTagColumns tag_columns(const IndexFile& file) {
    return tag_columns(file.wheel);
}

} // namespace torchpin
