// ReleaseNumbers: switches from inline storage to the heap when a fifth number arrives.
#include "engine/release_numbers.hpp"

#include <algorithm>

namespace torchpin {

void ReleaseNumbers::assign(std::span<const std::uint64_t> numbers) {
    size_ = numbers.size();
    if (size_ <= inline_capacity) {
        std::copy(numbers.begin(), numbers.end(), inline_.begin());
    } else {
        heap_.assign(numbers.begin(), numbers.end());
    }
}

void ReleaseNumbers::push_back(std::uint64_t n) {
    if (size_ < inline_capacity) {
        inline_[size_++] = n;
        return;
    }
    if (size_ == inline_capacity) {
        heap_.assign(inline_.begin(), inline_.end());
    }
    heap_.push_back(n);
    ++size_;
}

} // namespace torchpin
