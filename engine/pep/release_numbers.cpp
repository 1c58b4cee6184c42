// ReleaseNumbers: switches from inline storage to the heap when a fifth number arrives.
#include "engine/pep/release_numbers.hpp"

#include <algorithm>
#include <bit>

namespace torchpin {

namespace {

std::size_t heap_capacity(std::size_t size) noexcept {
    return std::bit_ceil(size);
}

} // namespace

void ReleaseNumbers::assign(std::span<const std::uint64_t> numbers) {
    release_heap();
    if (numbers.size() <= inline_capacity) {
        std::copy(numbers.begin(), numbers.end(), storage_.inline_numbers.begin());
    } else {
        auto* heap = new std::uint64_t[heap_capacity(numbers.size())];
        std::copy(numbers.begin(), numbers.end(), heap);
        storage_.heap = heap;
    }
    size_ = static_cast<std::uint32_t>(numbers.size());
}

void ReleaseNumbers::push_back_on_heap(std::uint64_t n) {
    if (size_ == inline_capacity || size_ == heap_capacity(size_)) { // full: grow
        const std::span<const std::uint64_t> old = as_span();
        auto* heap = new std::uint64_t[heap_capacity(size_ + 1)];
        std::copy(old.begin(), old.end(), heap);
        if (size_ > inline_capacity) {
            delete[] storage_.heap;
        }
        storage_.heap = heap;
    }
    storage_.heap[size_++] = n;
}

} // namespace torchpin
