// The console torchpin writes to: whether a stream is a terminal, and getting it ready.
#pragma once

namespace torchpin {

enum class StandardStream { Out, Err };

// Whether the stream is an interactive terminal (isatty; on Windows a console handle).
bool is_terminal(StandardStream stream) noexcept;

// Called once at start: on Windows sets the console to UTF-8 output, turns on ANSI escape
// processing and writes "\n" unchanged (binary mode), so output is the same bytes on both
// systems; nothing on POSIX.
void prepare_console() noexcept;

} // namespace torchpin
