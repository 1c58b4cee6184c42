// A progress line on stderr, redrawn in place while pages download; only on a terminal.
#pragma once

#include "net/http_client.hpp"

#include <cstddef>

namespace torchpin::cli {

// "fetching index pages: 12/40, 1.3 MB", counting every batch of fetches so far. Drawn only
// when `enabled` (see wanted()); erased by clear() or the destructor so later output starts
// on a clean line.
class ProgressLine {
public:
    explicit ProgressLine(bool enabled)
        : enabled_(enabled) {}
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    ~ProgressLine() { clear(); }

    // Whether a progress line belongs on stderr: it is a terminal and the user did not ask -q.
    static bool wanted(bool quiet);

    // Draws the earlier batches plus `batch`, the one in flight.
    void show(const net::FetchProgress& batch);
    // Adds a finished batch to the earlier ones.
    void finish_batch(const net::FetchProgress& batch);
    void clear();

private:
    bool enabled_;
    net::FetchProgress earlier_{};
    std::size_t drawn_width_ = 0;
};

} // namespace torchpin::cli
