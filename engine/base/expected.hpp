// Expected<T>: the value a parser produced, or the ParseError that says where it failed.
#pragma once

#include "engine/base/diagnostic.hpp"

#include <utility>
#include <variant>

namespace torchpin {

// Returned by every parser: `if (auto v = Version::parse(s)) use(*v); else report(v.error());`
// std::expected arrives with C++23; this is the small subset torchpin needs.
template <class T>
class Expected {
public:
    Expected(T value)
        : state_(std::in_place_index<0>, std::move(value)) {}
    Expected(ParseError error)
        : state_(std::in_place_index<1>, std::move(error)) {}

    bool has_value() const noexcept { return state_.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    // The value; throws ParseFailure when this holds an error.
    const T& value() const& {
        throw_if_error();
        return std::get<0>(state_);
    }
    T&& value() && {
        throw_if_error();
        return std::get<0>(std::move(state_));
    }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    const T* operator->() const { return &value(); }

    const ParseError& error() const& { return std::get<1>(state_); }

private:
    void throw_if_error() const {
        if (!has_value()) {
            throw ParseFailure(std::get<1>(state_));
        }
    }
    std::variant<T, ParseError> state_;
};

} // namespace torchpin
