// The --version line: torchpin's own version (the matrix revision joins it once a matrix is
// embedded).
#include "cli/commands.hpp"

namespace torchpin::cli {

std::string version_banner() {
    return std::string("torchpin ") + TORCHPIN_VERSION;
}

} // namespace torchpin::cli
