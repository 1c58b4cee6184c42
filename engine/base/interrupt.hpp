// Ctrl-C as a request to stop: long operations check it, roll back and exit 130.
#pragma once

#include <stdexcept>

namespace torchpin {

// Thrown by a long operation that saw interrupt_requested(): everything it started is undone by
// the unwinding (transactions roll back, temporaries are removed).
class Interrupted : public std::runtime_error {
public:
    Interrupted()
        : std::runtime_error("interrupted") {}
};

// While one exists, Ctrl-C (SIGINT; on Windows CTRL_C_EVENT and CTRL_BREAK_EVENT) sets a flag
// instead of killing the process; a second Ctrl-C kills it as usual.
class InterruptCatcher {
public:
    InterruptCatcher();
    InterruptCatcher(const InterruptCatcher&) = delete;
    InterruptCatcher& operator=(const InterruptCatcher&) = delete;
    ~InterruptCatcher();
};

// Whether Ctrl-C was pressed while an InterruptCatcher was alive.
bool interrupt_requested() noexcept;

} // namespace torchpin
