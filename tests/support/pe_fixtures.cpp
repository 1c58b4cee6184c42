// The PE fixture folder and its manifest, pe_fixtures.txt.
#include "tests/support/pe_fixtures.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace torchpin::test {

namespace {

std::vector<std::string> dll_list(const std::string& field) {
    std::vector<std::string> names;
    if (field == "-") {
        return names;
    }
    std::istringstream in(field);
    for (std::string name; std::getline(in, name, ',');) {
        names.push_back(name);
    }
    return names;
}

} // namespace

std::filesystem::path pe_fixture_dir() {
    const std::string missing = TORCHPIN_PE_FIXTURES_MISSING;
    if (!missing.empty()) {
        throw std::runtime_error("no PE fixtures: " + missing);
    }
    return TORCHPIN_PE_FIXTURES;
}

std::vector<PeFixture> pe_fixtures() {
    const auto manifest = pe_fixture_dir() / "pe_fixtures.txt";
    std::ifstream in(manifest);
    if (!in) {
        throw std::runtime_error("cannot read " + manifest.string() +
                                 " (build the torchpin_pe_fixtures target)");
    }
    std::vector<PeFixture> fixtures;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line.front() == '#') {
            continue;
        }
        std::istringstream fields(line);
        std::string file, kind, imports, delay_imports, version;
        if (!(fields >> file >> kind >> imports >> delay_imports >> version)) {
            throw std::runtime_error(manifest.string() + ": a line without five fields: " + line);
        }
        fixtures.push_back({file, kind == "dll", dll_list(imports), dll_list(delay_imports),
                            version == "-" ? "" : version});
    }
    return fixtures;
}

} // namespace torchpin::test
