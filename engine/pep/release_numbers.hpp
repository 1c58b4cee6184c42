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
    ReleaseNumbers(const ReleaseNumbers& other) { assign(other.as_span()); }
    ReleaseNumbers(ReleaseNumbers&& other) noexcept
        : storage_(other.storage_)
        , size_(other.size_) {
        other.forget_heap();
    }
    ReleaseNumbers& operator=(const ReleaseNumbers& other) {
        if (this != &other) {
            ReleaseNumbers copy(other);
            *this = std::move(copy);
        }
        return *this;
    }
    ReleaseNumbers& operator=(ReleaseNumbers&& other) noexcept {
        if (this != &other) {
            release_heap();
            storage_ = other.storage_;
            size_ = other.size_;
            other.forget_heap();
        }
        return *this;
    }
    ~ReleaseNumbers() { release_heap(); }

    std::span<const std::uint64_t> as_span() const noexcept {
        return {size_ <= inline_capacity ? storage_.inline_numbers.data() : storage_.heap, size_};
    }
    std::size_t size() const noexcept { return size_; }
    void push_back(std::uint64_t n) {
        if (size_ < inline_capacity) { // the usual case, inline: versions parse a few numbers each
            storage_.inline_numbers[size_++] = n;
        } else {
            push_back_on_heap(n);
        }
    }

private:
    static constexpr std::size_t inline_capacity = 4;
    void assign(std::span<const std::uint64_t> numbers);
    void push_back_on_heap(std::uint64_t n);
    void release_heap() noexcept {
        if (size_ > inline_capacity) {
            delete[] storage_.heap;
        }
        size_ = 0;
    }
    // After a move: a heap block now belongs to the other object (inline numbers stay readable).
    void forget_heap() noexcept {
        if (size_ > inline_capacity) {
            size_ = 0;
        }
    }

    // Inline numbers up to inline_capacity; beyond, a heap block whose capacity is the smallest
    // power of two that holds size_ numbers (a std::vector here took 24 more bytes per Version).
    union Storage {
        std::array<std::uint64_t, inline_capacity> inline_numbers{};
        std::uint64_t* heap;
    } storage_;
    std::uint32_t size_ = 0;
};

} // namespace torchpin
