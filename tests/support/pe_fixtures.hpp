// The PE fixtures the native build makes with mingw-w64 (tests/fixtures/windows_dlls.cmake).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace torchpin::test {

// One line of pe_fixtures.txt: what a fixture file must read as.
struct PeFixture {
    std::string file; // relative to pe_fixture_dir(): "vc-14.44/msvcp140.dll"
    bool is_dll = false;
    std::vector<std::string> imports;       // a set: the file's order is the linker's
    std::vector<std::string> delay_imports; // a set
    std::string version;                    // FILEVERSION and PRODUCTVERSION, "" when none
};

// The fixture folder. Throws std::runtime_error naming the Debian package to install when the
// build could not make the fixtures (so the asking test fails, never skips).
std::filesystem::path pe_fixture_dir();

// Every fixture of the folder's pe_fixtures.txt; throws like pe_fixture_dir().
std::vector<PeFixture> pe_fixtures();

} // namespace torchpin::test
