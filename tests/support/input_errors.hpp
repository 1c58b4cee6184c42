// Catching the InputError a reader throws, for tests that compare its rendered message.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace torchpin::test {

// The InputError `action` throws, rendered ("file:2:3: error: ..." and the source line), or
// "no error" when it throws none.
std::string input_error_of(const std::function<void()>& action);

// Whether `text` begins with `prefix`, as a function BOOST_TEST shows both sides of.
inline bool starts_with(std::string_view text, std::string_view prefix) {
    return text.starts_with(prefix);
}

} // namespace torchpin::test
