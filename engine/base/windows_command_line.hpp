// Windows command lines: one string that CommandLineToArgvW (and the C runtime) splits back into
// exactly the arguments given. Pure text, so it is tested on every system.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One argument as CommandLineToArgvW reads it back: left alone when it has no space, tab or
// quote and is not empty; otherwise quoted, with a quote escaped as \" and the backslashes
// before a quote or before the closing quote doubled: quote_windows_argument(R"(a "b")") ==
// R"("a \"b\"")", quote_windows_argument(R"(C:\dir\)") == R"(C:\dir\)".
std::string quote_windows_argument(std::string_view argument);

// The whole command line: the program, quoted when it has a space (the first word is read by
// other rules: no escapes), then each argument quoted as above.
std::string windows_command_line(std::string_view program, const std::vector<std::string>& args);

} // namespace torchpin
