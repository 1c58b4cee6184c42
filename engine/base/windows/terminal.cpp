// The Windows console: UTF-8 output, ANSI escapes through virtual terminal processing, and "\n"
// written as "\n" (binary mode), so torchpin prints the same bytes as on Linux.
#include "engine/base/terminal.hpp"

#include <cstdio>
#include <fcntl.h>
#include <initializer_list>
#include <io.h>

#include <windows.h>

namespace torchpin {

namespace {

HANDLE handle_of(StandardStream stream) {
    return ::GetStdHandle(stream == StandardStream::Out ? STD_OUTPUT_HANDLE : STD_ERROR_HANDLE);
}

} // namespace

bool is_terminal(StandardStream stream) noexcept {
    DWORD mode = 0;
    return ::GetConsoleMode(handle_of(stream), &mode) != 0;
}

void prepare_console() noexcept {
    ::SetConsoleOutputCP(CP_UTF8);
    for (const StandardStream stream : {StandardStream::Out, StandardStream::Err}) {
        DWORD mode = 0;
        if (::GetConsoleMode(handle_of(stream), &mode) != 0) {
            ::SetConsoleMode(handle_of(stream), mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
        }
    }
    ::_setmode(::_fileno(stdout), _O_BINARY);
    ::_setmode(::_fileno(stderr), _O_BINARY);
}

} // namespace torchpin
