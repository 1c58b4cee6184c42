// sort_versions: Boost.Sort's pdqsort_branchless over compact copies of the order summaries.
#include "engine/pep/version_sort.hpp"

#include <cstdint>
#include <functional>
#include <vector>

#include <boost/sort/pdqsort/pdqsort.hpp>

namespace torchpin {

namespace {

// A version's order summary, copied next to the reference so that most comparisons read no
// version at all.
struct Entry {
    std::uint64_t high;
    std::uint64_t low;
    const Version* version;
    bool exact;
};

} // namespace

void sort_versions(std::span<const Version*> versions, bool descending) {
    std::vector<Entry> entries;
    entries.reserve(versions.size());
    for (const Version* v : versions) {
        const Version::OrderSummary s = v->order_summary();
        entries.push_back({s.high, s.low, v, s.exact});
    }
    // A total order: summaries, then the versions where summaries tie inexactly, then addresses.
    const auto before = [descending](const Entry& a, const Entry& b) {
        const Entry& x = descending ? b : a;
        const Entry& y = descending ? a : b;
        if (x.high != y.high) {
            return x.high < y.high;
        }
        if (x.low != y.low) {
            return x.low < y.low;
        }
        if (!(x.exact && y.exact)) {
            const std::strong_ordering order = *x.version <=> *y.version;
            if (order != 0) {
                return order < 0;
            }
        }
        return std::less<const Version*>()(a.version, b.version);
    };
    boost::sort::pdqsort_branchless(entries.begin(), entries.end(), before);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        versions[i] = entries[i].version;
    }
}

} // namespace torchpin
