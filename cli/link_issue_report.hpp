// Warnings for the link issues of imported index pages, on stderr: every one with -v; otherwise
// the first ten duplicate links and a count of the rest (a mirror can list thousands).
#pragma once

#include "cli/global_options.hpp"
#include "importers/index/index_listing.hpp"

#include <cstddef>
#include <ostream>
#include <string>

namespace torchpin::cli {

class LinkIssueReport {
public:
    static constexpr std::size_t duplicates_shown = 10;

    // Prints to `out`; nothing with -q, every issue with -v.
    LinkIssueReport(const GlobalOptions& global, std::ostream& out);

    // Prints the issue's warning, unless it is a duplicate link past the first ten.
    void add(const LinkIssue& issue);
    // "torchpin: warning: … and 4,310 more duplicate links (-v lists them all)" when some were held
    // back.
    void finish();

    std::size_t count() const noexcept { return count_; } // every issue added, shown or not

private:
    bool quiet_;
    bool verbose_;
    std::ostream& out_;
    std::size_t count_ = 0;
    std::size_t duplicates_ = 0;
};

// 4310 -> "4,310": counts people read.
std::string with_thousands_separators(std::size_t number);

} // namespace torchpin::cli
