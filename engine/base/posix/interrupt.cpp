// Ctrl-C on POSIX: a SIGINT handler that sets a flag and restores the default action.
#include "engine/base/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace torchpin {

namespace {

std::atomic<bool> interrupted{false};
struct sigaction previous {};

void on_interrupt(int) {
    interrupted.store(true);
    ::signal(SIGINT, SIG_DFL); // the second Ctrl-C kills
}

} // namespace

InterruptCatcher::InterruptCatcher() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &previous);
}

InterruptCatcher::~InterruptCatcher() {
    ::sigaction(SIGINT, &previous, nullptr);
}

bool interrupt_requested() noexcept {
    return interrupted.load();
}

} // namespace torchpin
