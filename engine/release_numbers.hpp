// The release segment of a version ("2.1.0"): numbers kept inline up to four, on the heap beyond.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

namespace torchpin {

// Nearly every real version has at most four release numbers, so they live inside the Version
// and parsing one allocates nothing for them. Read through as_span() (or the span conversion).
class ReleaseNumbers {
public:
    ReleaseNumbers() = default;
    ReleaseNumbers(std::span<const std::uint64_t> numbers) { assign(numbers); }
    ReleaseNumbers(std::initializer_list<std::uint64_t> numbers)
        : ReleaseNumbers(std::span<const std::uint64_t>(numbers.begin(), numbers.size())) {}
    ReleaseNumbers(const std::vector<std::uint64_t>& numbers)
        : ReleaseNumbers(std::span<const std::uint64_t>(numbers)) {}

    std::span<const std::uint64_t> as_span() const noexcept {
        return size_ <= inline_capacity ? std::span<const std::uint64_t>(inline_.data(), size_)
                                        : std::span<const std::uint64_t>(heap_);
    }
    std::size_t size() const noexcept { return size_; }
    void push_back(std::uint64_t n);

private:
    static constexpr std::size_t inline_capacity = 4;
    void assign(std::span<const std::uint64_t> numbers);

    std::array<std::uint64_t, inline_capacity> inline_{};
    std::vector<std::uint64_t> heap_; // used only beyond inline_capacity numbers
    std::size_t size_ = 0;
};

} // namespace torchpin
