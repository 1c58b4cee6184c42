// input_error_of: an action's InputError as the text the CLI would print.
#include "tests/support/input_errors.hpp"

#include "engine/base/diagnostic.hpp"

namespace torchpin::test {

std::string input_error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const InputError& e) {
        return e.what(); // render(e.diagnostic()) for located errors
    }
    return "no error";
}

} // namespace torchpin::test
