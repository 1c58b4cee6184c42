// Shortest load chains by breadth-first search over the loader's edges.
#include "doctor/load_graph.hpp"

#include <algorithm>
#include <deque>

namespace torchpin {

void LoadGraph::add_edge(const std::filesystem::path& from, const std::filesystem::path& to) {
    std::vector<std::filesystem::path>& targets = edges_[from];
    if (std::find(targets.begin(), targets.end(), to) == targets.end()) {
        targets.push_back(to);
    }
}

LoadChain LoadGraph::chain_to(const std::filesystem::path& target,
                              const std::vector<std::filesystem::path>& roots) const {
    for (const std::filesystem::path& root : roots) {
        std::map<std::filesystem::path, std::filesystem::path> parent{{root, root}};
        std::deque<std::filesystem::path> queue{root};
        while (!queue.empty() && !parent.contains(target)) {
            const std::filesystem::path current = queue.front();
            queue.pop_front();
            auto next = edges_.find(current);
            if (next == edges_.end()) {
                continue;
            }
            for (const std::filesystem::path& to : next->second) {
                if (parent.emplace(to, current).second) {
                    queue.push_back(to);
                }
            }
        }
        if (parent.contains(target)) {
            LoadChain chain{target};
            while (chain.back() != root) {
                chain.push_back(parent.at(chain.back()));
            }
            std::reverse(chain.begin(), chain.end());
            return chain;
        }
    }
    return {target};
}

} // namespace torchpin
