// Paths of the source and build trees, compiled in by CMake, plus small file helpers for tests.
#include "tests/support/test_paths.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace torchpin::test {

std::filesystem::path source_dir() {
    return TORCHPIN_SOURCE_DIR;
}
std::filesystem::path binary_dir() {
    return TORCHPIN_BINARY_DIR;
}
std::filesystem::path torchpin_binary() {
    return binary_dir() / "torchpin";
}
std::filesystem::path source_path(const std::string& relative) {
    return source_dir() / relative;
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("test fixture missing: " + path.string());
    }
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

bool update_golden() {
    const char* value = std::getenv("UPDATE_GOLDEN");
    return value != nullptr && std::string(value) == "1";
}

} // namespace torchpin::test
