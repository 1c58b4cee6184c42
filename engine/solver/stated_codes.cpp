// join_words: the word list of the answers' sentences.
#include "engine/solver/stated_codes.hpp"

namespace torchpin {

std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        out += i == 0 ? "" : i + 1 == words.size() ? " and " : ", ";
        out += words[i];
    }
    return out;
}

} // namespace torchpin
