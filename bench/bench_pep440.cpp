// Parse-and-compare throughput of PEP 440 versions: parses every line of a file, then sorts
// references to them (as Python sorts a list of references). Prints one JSON object so
// bench/pep440_vs_packaging.py can put it beside pip's packaging.
#include "engine/pep/version.hpp"
#include "engine/pep/version_sort.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: bench_pep440 VERSIONS_FILE [REPEATS]\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
    double best_parse = 1e300;
    double best_sort = 1e300;
    std::size_t checksum = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<torchpin::Version> versions;
        versions.reserve(lines.size());
        for (const auto& line : lines) {
            versions.push_back(torchpin::Version::from(line));
        }
        const auto t1 = std::chrono::steady_clock::now();
        std::vector<const torchpin::Version*> order;
        order.reserve(versions.size());
        for (const auto& v : versions) {
            order.push_back(&v);
        }
        torchpin::sort_versions(order);
        const auto t2 = std::chrono::steady_clock::now();
        checksum += order.front()->release().size();
        best_parse = std::min(best_parse, std::chrono::duration<double>(t1 - t0).count());
        best_sort = std::min(best_sort, std::chrono::duration<double>(t2 - t1).count());
    }
    std::cout << "{\"versions\": " << lines.size() << ", \"parse_s\": " << best_parse
              << ", \"sort_s\": " << best_sort << ", \"checksum\": " << checksum << "}\n";
}
