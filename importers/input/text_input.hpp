// Whole-file text input for line-oriented formats: checked for binary content, UTF-8 and size.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

struct TextLine {
    std::size_t number = 0; // 1-based
    std::string_view text;  // without the line ending ("\n" or "\r\n")
};

// A text file held in memory. Construction validates it and throws InputError naming the origin,
// line and column for: a NUL byte (a binary file), invalid UTF-8, or more than `max_bytes`.
class TextInput {
public:
    static constexpr std::size_t default_max_bytes = 64u << 20;

    static TextInput read_file(const std::filesystem::path& path,
                               std::size_t max_bytes = default_max_bytes);
    static TextInput read_stream(std::istream& in, std::string origin,
                                 std::size_t max_bytes = default_max_bytes);
    static TextInput from_string(std::string content, std::string origin);

    const std::string& origin() const noexcept { return origin_; }
    const std::string& content() const noexcept { return *content_; }
    const std::vector<TextLine>& lines() const noexcept { return lines_; }

private:
    TextInput(std::string content, std::string origin);
    std::unique_ptr<const std::string> content_; // on the heap: lines_ point into it across moves
    std::string origin_;
    std::vector<TextLine> lines_;
};

} // namespace torchpin
