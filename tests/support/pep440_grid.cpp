// version_grid and ordered_specifier_grid: cross products of the parts PEP 440's special cases
// read.
#include "tests/support/pep440_grid.hpp"

namespace torchpin::test {

std::vector<std::string> version_grid(const std::vector<std::string>& bases, bool with_local) {
    static const char* pres[] = {"", "a1", "rc1"};
    static const char* posts[] = {"", ".post0", ".post1", ".post3"};
    static const char* devs[] = {"", ".dev0", ".dev1"};
    static const char* locals[] = {"", "+1", "+cpu"};
    const std::size_t local_count = with_local ? std::size(locals) : 1;
    std::vector<std::string> out;
    for (const std::string& base : bases) {
        for (const char* pre : pres) {
            for (const char* post : posts) {
                for (const char* dev : devs) {
                    for (std::size_t l = 0; l < local_count; ++l) {
                        out.push_back(base + pre + post + dev + locals[l]);
                    }
                }
            }
        }
    }
    return out;
}

std::vector<std::string> ordered_specifier_grid(const std::vector<std::string>& bases) {
    std::vector<std::string> out;
    for (const std::string& version : version_grid(bases, false)) {
        for (const char* op : {"<", ">", "<=", ">="}) {
            out.push_back(op + version);
        }
    }
    return out;
}

const std::vector<std::string>& grid_bases() {
    static const std::vector<std::string> bases{"1", "1.0", "1.1"};
    return bases;
}

} // namespace torchpin::test
