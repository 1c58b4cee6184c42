// Sorting many versions at once (`pep440 sort`, and the throughput benchmark against packaging).
#pragma once

#include "engine/pep/version.hpp"

#include <span>

namespace torchpin {

// Sorts references to versions into PEP 440 order, or the reverse; equal versions ("1.0" and
// "1.0.0") keep the order of their addresses either way, so references into one array keep that
// array's order (a stable sort). Comparing through the references reads two scattered versions
// per comparison, each a likely cache miss, and which way a comparison goes is a branch the
// processor cannot predict. So this sorts a contiguous array of the versions' 128-bit order
// summaries (reading a version only where two summaries tie without being exact) with Boost.Sort's
// branchless pattern-defeating quicksort, whose block partitioning turns comparison results into
// data (docs/performance.md: 12.6 -> 7.2 ms for 100,000 versions).
void sort_versions(std::span<const Version*> versions, bool descending = false);

} // namespace torchpin
