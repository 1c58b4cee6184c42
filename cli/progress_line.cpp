// Drawing and erasing the progress line with a carriage return, never a newline.
#include "cli/progress_line.hpp"

#include "engine/base/terminal.hpp"

#include <cstdio>
#include <iostream>
#include <string>

namespace torchpin::cli {

namespace {

std::string human_bytes(std::size_t bytes) {
    char text[32];
    if (bytes < 1024 * 1024) {
        std::snprintf(text, sizeof text, "%.1f kB", static_cast<double>(bytes) / 1024.0);
    } else {
        std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024));
    }
    return text;
}

} // namespace

bool ProgressLine::wanted(bool quiet) {
    return !quiet && is_terminal(StandardStream::Err);
}

void ProgressLine::show(const net::FetchProgress& batch) {
    if (!enabled_) {
        return;
    }
    const std::string line = "fetching index pages: " + std::to_string(earlier_.done + batch.done) +
                             "/" + std::to_string(earlier_.total + batch.total) + ", " +
                             human_bytes(earlier_.bytes + batch.bytes);
    const std::size_t padding = drawn_width_ > line.size() ? drawn_width_ - line.size() : 0;
    std::cerr << '\r' << line << std::string(padding, ' ') << std::flush;
    drawn_width_ = line.size();
}

void ProgressLine::finish_batch(const net::FetchProgress& batch) {
    earlier_.done += batch.done;
    earlier_.total += batch.total;
    earlier_.bytes += batch.bytes;
}

void ProgressLine::clear() {
    if (enabled_ && drawn_width_ > 0) {
        std::cerr << '\r' << std::string(drawn_width_, ' ') << '\r' << std::flush;
        drawn_width_ = 0;
    }
}

} // namespace torchpin::cli
