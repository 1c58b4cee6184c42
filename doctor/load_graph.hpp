// Which library loaded which: the edges a loader follows, and the shortest chain from the
// library Python loads to any library of the environment.
#pragma once

#include "doctor/library_check.hpp"

#include <filesystem>
#include <map>
#include <vector>

namespace torchpin {

class LoadGraph {
public:
    void add_edge(const std::filesystem::path& from, const std::filesystem::path& to);

    // The shortest chain from the first of `roots` that reaches `target` (roots in order of
    // preference: torch/_C first), ending with `target`; {target} when none reaches it.
    LoadChain chain_to(const std::filesystem::path& target,
                       const std::vector<std::filesystem::path>& roots) const;

private:
    std::map<std::filesystem::path, std::vector<std::filesystem::path>> edges_;
};

} // namespace torchpin
