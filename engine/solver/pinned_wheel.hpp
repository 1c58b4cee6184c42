// PinnedWheel: the file a pin names, held, or found among the matrix's files when first asked.
#pragma once

#include "engine/matrix/index_file.hpp"

#include <functional>
#include <memory>
#include <optional>

namespace torchpin {

// The file pip installs for a pin. The resolver weighs every candidate and an answer prints one:
// where the matrix reads its files on demand (WheelReader) and the release's groups already say
// that a file is there and which version it has, the file itself is read only when someone asks
// for it, so `which` and `explain` read no file of a candidate they do not print. Copies share the
// file. Not safe to share between threads.
class PinnedWheel {
public:
    // Finds the file: nullptr if the matrix's wheel rows lack one its groups list. What it
    // returns must live as long as the function (a WheelReader keeps what it decoded).
    using Find = std::function<const IndexFile*()>;

    PinnedWheel() = default;
    PinnedWheel(std::nullopt_t) {} // no file, as an optional would say it
    PinnedWheel(IndexFile file);   // this file, held
    // The file `find` finds, on first use.
    static PinnedWheel found_by(Find find);

    bool has_value() const noexcept { return state_ != nullptr; }
    explicit operator bool() const noexcept { return has_value(); }
    // Throws std::logic_error where `find` finds none.
    const IndexFile& operator*() const;
    const IndexFile* operator->() const { return &**this; }

private:
    struct State {
        Find find;
        // Apart from the state: a file takes 808 bytes, and most pins that `which` and `explain`
        // make (169 on the full-size matrix) find theirs later or never.
        std::unique_ptr<const IndexFile> held;
        const IndexFile* file = nullptr;
    };
    std::shared_ptr<State> state_;
};

} // namespace torchpin
