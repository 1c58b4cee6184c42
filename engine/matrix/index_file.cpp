// Names of the provenance kinds stored with every matrix row.
#include "engine/matrix/index_file.hpp"

namespace torchpin {

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

} // namespace torchpin
