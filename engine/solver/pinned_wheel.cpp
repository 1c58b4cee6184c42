// PinnedWheel: a held file, or the one its function finds when first asked.
#include "engine/solver/pinned_wheel.hpp"

#include <stdexcept>

namespace torchpin {

PinnedWheel::PinnedWheel(IndexFile file)
    : state_(std::make_shared<State>()) {
    state_->held = std::make_unique<const IndexFile>(std::move(file));
    state_->file = state_->held.get();
}

PinnedWheel PinnedWheel::found_by(Find find) {
    PinnedWheel wheel;
    wheel.state_ = std::make_shared<State>();
    wheel.state_->find = std::move(find);
    return wheel;
}

const IndexFile& PinnedWheel::operator*() const {
    if (state_ == nullptr) {
        throw std::logic_error("a pin without a file was asked for its file");
    }
    if (state_->file == nullptr) {
        state_->file = state_->find();
        if (state_->file == nullptr) {
            throw std::logic_error("the matrix's wheel groups list a file that its wheel rows do "
                                   "not hold ('torchpin db verify' checks them)");
        }
    }
    return *state_->file;
}

} // namespace torchpin
