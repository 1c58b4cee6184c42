// Ctrl-C on Windows: a console control handler that sets a flag, then lets the next one kill.
#include "engine/base/interrupt.hpp"

#include <atomic>

#include <windows.h>

namespace torchpin {

namespace {

std::atomic<bool> interrupted{false};

BOOL WINAPI on_control(DWORD event) {
    if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT) {
        return FALSE;
    }
    // The second Ctrl-C falls through to the default handler, which ends the process.
    return interrupted.exchange(true) ? FALSE : TRUE;
}

} // namespace

InterruptCatcher::InterruptCatcher() {
    ::SetConsoleCtrlHandler(on_control, TRUE);
}

InterruptCatcher::~InterruptCatcher() {
    ::SetConsoleCtrlHandler(on_control, FALSE);
}

bool interrupt_requested() noexcept {
    return interrupted.load();
}

} // namespace torchpin
