# Third-party libraries, all from Debian packages (scripts/install-deps installs them).
find_package(SQLite3 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2.1 REQUIRED)
find_package(range-v3 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(nettle REQUIRED IMPORTED_TARGET nettle) # SHA-256 with the CPU's SHA instructions
pkg_check_modules(gumbo REQUIRED IMPORTED_TARGET gumbo) # the HTML5 parser for index pages
find_package(tomlplusplus REQUIRED) # TOML: the curated dataset, uv.lock, pylock.toml
# libcurl: the header only (libcurl4-openssl-dev); the library is loaded with dlopen at run time.
find_path(CURL_INCLUDE_DIR curl/curl.h REQUIRED)
if(TORCHPIN_TESTS)
    find_package(Boost 1.74 REQUIRED COMPONENTS unit_test_framework)
endif()
