// Reading JSON with nlohmann while knowing how far its lexer got, for diagnostics with positions.
#pragma once

#include <cstddef>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

namespace torchpin {

// A pointer into the text that publishes how far nlohmann's lexer has read: SAX events come
// while it reads, so at start_object the read position is just past that object's '{'.
class TrackedChar {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackedChar(const char* at, const char** read_up_to)
        : at_(at)
        , read_up_to_(read_up_to) {}

    reference operator*() const noexcept { return *at_; }
    TrackedChar& operator++() noexcept {
        *read_up_to_ = ++at_;
        return *this;
    }
    TrackedChar operator++(int) noexcept {
        TrackedChar before = *this;
        ++*this;
        return before;
    }
    friend bool operator==(const TrackedChar& a, const TrackedChar& b) noexcept {
        return a.at_ == b.at_;
    }

private:
    const char* at_;
    const char** read_up_to_;
};

// "[json.exception.parse_error.101] parse error at line 1, column 9: syntax error …" -> "syntax
// error …" (the diagnostic gives the position).
std::string json_error_reason(const nlohmann::json::exception& error);

} // namespace torchpin
