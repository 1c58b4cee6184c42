// Reads the plain-text test tables under tests/data: one row per line, tab-separated, '#' comments.
#pragma once

#include <string>
#include <vector>

namespace torchpin::test {

// Rows of tests/data/<relative>; "\t" and "\n" inside a field are unescaped.
std::vector<std::vector<std::string>> read_table(const std::string& relative);
// The lines of a one-column table.
std::vector<std::string> read_lines(const std::string& relative);

} // namespace torchpin::test
