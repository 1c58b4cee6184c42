// The console on POSIX: isatty, and nothing to prepare.
#include "engine/base/terminal.hpp"

#include <unistd.h>

namespace torchpin {

bool is_terminal(StandardStream stream) noexcept {
    return ::isatty(stream == StandardStream::Out ? STDOUT_FILENO : STDERR_FILENO) != 0;
}

void prepare_console() noexcept {}

} // namespace torchpin
