// Systematic PEP 440 cases: every mix of pre/post/dev/local parts on a few base releases.
#pragma once

#include <string>
#include <vector>

namespace torchpin::test {

// Versions built from each base release in `bases` with every combination of a pre-release
// (none, a1, rc1), a post-release (none, post0, post1, post3), a dev release (none, dev0, dev1)
// and, when `with_local`, a local label (none, +1, +cpu): 36 or 108 versions per base.
std::vector<std::string> version_grid(const std::vector<std::string>& bases, bool with_local);

// The exclusive and inclusive ordered comparisons (<, >, <=, >=) of every version_grid(bases,
// false) entry: ">1.0.post1", "<=1.0rc1.dev0", ...
std::vector<std::string> ordered_specifier_grid(const std::vector<std::string>& bases);

// The bases both grids are built on in the tests: "1" and "1.0" share a base version spelled
// differently, "1.1" is a neighbour.
const std::vector<std::string>& grid_bases();

} // namespace torchpin::test
