// Quoted marker strings: read as Python's ast.literal_eval reads them, spelled to read back.
#pragma once

#include "engine/base/expected.hpp"

#include <string>
#include <string_view>

namespace torchpin {

// Decodes one quoted Python string literal, quotes included, as ast.literal_eval does (which is
// how pypa/packaging reads marker values): decode_python_string(R"('C:\x41')") == "C:A". Unknown
// escapes such as "\d" stay as written. Rejected, like Python: a line break or NUL byte inside the
// quotes, a backslash before the closing quote, a malformed \x, \u or \U escape; also rejected:
// \N{...} named escapes, which need Unicode's name table. Error positions index `literal`.
Expected<std::string> decode_python_string(std::string_view literal);

// Spells `value` so that decode_python_string reads it back unchanged. That is packaging's
// spelling, "\"linux\"", whenever that spelling means `value`; otherwise single quotes
// ("'say \"hi\"'") or, when those do not work either, escapes ("\"a\\nb\"" for a line break).
std::string quote_python_string(std::string_view value);

} // namespace torchpin
