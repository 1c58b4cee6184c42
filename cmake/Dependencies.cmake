# Third-party libraries, all from Debian packages (scripts/install-deps installs them).
# The binary starts faster with fewer shared libraries to load and relocate (docs/performance.md):
# SQLite, nettle and gumbo are linked from their static archives, and the C++ runtime statically
# into the torchpin executables (cli/CMakeLists.txt).
option(TORCHPIN_STATIC_DEPS "Link SQLite, nettle, gumbo and the C++ runtime statically" ON)
set(torchpin_library_suffixes ${CMAKE_FIND_LIBRARY_SUFFIXES})
if(TORCHPIN_STATIC_DEPS)
    set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
endif()
find_package(SQLite3 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2.1 REQUIRED)
find_package(range-v3 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(nettle REQUIRED IMPORTED_TARGET nettle) # SHA-256 with the CPU's SHA instructions
pkg_check_modules(gumbo REQUIRED IMPORTED_TARGET gumbo) # the HTML5 parser for index pages
set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
# The platform layer's implementation folder (engine/base/posix or engine/base/windows) and the
# system libraries it links.
set(TORCHPIN_PLATFORM posix)
set(TORCHPIN_PLATFORM_LIBRARIES PkgConfig::nettle ${CMAKE_DL_LIBS})
# TOML (the curated dataset, uv.lock, pylock.toml): toml++'s headers, compiled in third_party/.
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
# libcurl, for net/curl/ (posix): the header only (libcurl4-openssl-dev); the library is loaded
# with dlopen at run time. Windows has WinHTTP instead (net/winhttp/).
if(TORCHPIN_PLATFORM STREQUAL "posix")
    find_path(CURL_INCLUDE_DIR curl/curl.h REQUIRED)
endif()
find_package(Boost 1.74 REQUIRED) # headers: Boost.Sort in the engine
if(TORCHPIN_TESTS)
    find_package(Boost 1.74 REQUIRED COMPONENTS unit_test_framework)
endif()
