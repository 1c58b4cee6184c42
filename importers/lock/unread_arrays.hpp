// The text toml++ is given for a lockfile: the items of arrays its reader never looks at (uv.lock's
// `dependencies`, 60% of InvokeAI's bytes) left out where a strict recognizer proves them valid.
// Internal to importers/lock.
#pragma once

#include "importers/input/text_input.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace torchpin {

// Keys whose array values no reader of the document looks at: `dependencies` for uv.lock.
using UnreadArrays = std::span<const std::string_view>;

// `text` (the lines `lines` of a file, from the first one's start to the end of the last) with the
// item lines of every unread array written as uv writes it left empty, or nothing when no line is
// left empty. Such an array opens with a line that is exactly `KEY = [` and closes with one that
// is exactly `]`; every line between is one inline table of bare keys and plain basic strings,
// arrays of them or inline tables of them, which the grammar of TOML 1.0 accepts wherever an array
// item may stand, followed by a comma (the last may lack it). Anything else (a comment, an escape,
// a repeated key, a quoted or dotted key, a number, a line break inside an item) leaves that array
// to toml++. A text holding `"""` or `'''` is left whole: inside a multi-line string, a line
// `KEY = [` is text, not an array. So the parse of what is returned fails where the parse of
// `text` fails, with the same message, and gives the same document but for those arrays, which
// are empty; every byte kept keeps its line and column.
std::optional<std::string> without_unread_items(std::string_view text,
                                                std::span<const TextLine> lines, UnreadArrays keys);

} // namespace torchpin
