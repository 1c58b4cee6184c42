// The --version line: torchpin's version, and the revision and data date of the matrix in use.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"

namespace torchpin::cli {

std::string version_banner(const GlobalOptions& global) {
    std::string banner = std::string("torchpin ") + TORCHPIN_VERSION;
    try {
        auto store = open_matrix_for_reading(global);
        const auto latest = store.latest_revision_number();
        if (!latest) {
            return banner + " (matrix empty)";
        }
        return banner + " (matrix revision " + std::to_string(*latest) + ", data as of " +
               store.data_as_of(*latest).value_or("unknown") + ")";
    } catch (const std::exception& e) {
        return banner + " (no matrix: " + e.what() + ")";
    }
}

} // namespace torchpin::cli
