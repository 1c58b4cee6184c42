// OnDemand: a value read on its first use, for the matrix tables only some questions ask about.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <utility>

namespace torchpin {

// A value given outright, or read by a function when it is first asked for (a table only some
// questions read: the companion packages, the ROCm targets, the HSA overrides). Copies share what
// was read, so it is read once; a read that throws is tried again at the next use. Not safe to
// use from two threads before the first read.
template <class T>
class OnDemand {
public:
    OnDemand()
        : OnDemand(T{}) {}
    OnDemand(T value) // implicit: a matrix's rows are assigned as they are
        : state_(std::make_shared<State>(State{std::move(value), nullptr})) {}

    static OnDemand read_by(std::function<T()> read) {
        OnDemand on_demand;
        on_demand.state_->read = std::move(read);
        return on_demand;
    }

    const T& operator*() const {
        if (state_->read) {
            state_->value = state_->read();
            state_->read = nullptr;
        }
        return state_->value;
    }
    const T* operator->() const { return &**this; }

    // Reads the value now, ahead of its first use, where that costs less (on another thread). A
    // read that throws is left to the first use, which tries again and throws, so a damaged table
    // still fails only the questions that need it.
    void read_ahead() const {
        try {
            static_cast<void>(**this);
        } catch (const std::exception&) {
        }
    }

private:
    struct State {
        T value;
        std::function<T()> read; // empty once read
    };
    std::shared_ptr<State> state_;
};

} // namespace torchpin
