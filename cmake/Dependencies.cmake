# Third-party libraries, all from Debian packages (scripts/install-deps installs them).
# The binary starts faster with fewer shared libraries to load and relocate (docs/performance.md):
# SQLite, nettle and gumbo are linked from their static archives, and the C++ runtime statically
# into the torchpin executables (cli/CMakeLists.txt); libxml2, for Windows, see below.
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
set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
# The platform layer's implementation folder (engine/base/posix or engine/base/windows) and the
# system libraries it links.
set(TORCHPIN_PLATFORM posix)
set(TORCHPIN_PLATFORM_LIBRARIES PkgConfig::nettle ${CMAKE_DL_LIBS})
# The HTML parser for index pages, importers/index/gumbo/ or importers/index/libxml2/: gumbo (an
# HTML5 parser) where Debian packages it, libxml2 for Windows, where no gumbo build exists
# (scripts/libxml2-mingw-recipe.sh builds libxml2 from Debian's source). TORCHPIN_HTML_PARSER_TARGET
# is the library to link.
if(TORCHPIN_PLATFORM STREQUAL "windows")
    set(torchpin_default_html_parser libxml2)
else()
    set(torchpin_default_html_parser gumbo)
endif()
set(TORCHPIN_HTML_PARSER ${torchpin_default_html_parser} CACHE STRING
    "The HTML parser for index pages: gumbo or libxml2")
set_property(CACHE TORCHPIN_HTML_PARSER PROPERTY STRINGS gumbo libxml2)
if(TORCHPIN_HTML_PARSER STREQUAL "gumbo")
    if(TORCHPIN_STATIC_DEPS)
        set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
    endif()
    pkg_check_modules(gumbo REQUIRED IMPORTED_TARGET gumbo)
    set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
    set(TORCHPIN_HTML_PARSER_TARGET PkgConfig::gumbo)
elseif(TORCHPIN_HTML_PARSER STREQUAL "libxml2")
    # Static only for Windows, whose libxml2 is built without ICU, zlib and lzma: Debian's
    # libxml2.a needs all three, ICU's data alone being a 30 MB archive, so Linux links the
    # shared library (a libxml2 build on Linux is for comparing the parsers, not for release).
    if(TORCHPIN_STATIC_DEPS AND TORCHPIN_PLATFORM STREQUAL "windows")
        set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
        pkg_check_modules(libxml2 REQUIRED IMPORTED_TARGET libxml-2.0)
        set_property(TARGET PkgConfig::libxml2 APPEND PROPERTY
            INTERFACE_LINK_LIBRARIES ${libxml2_STATIC_LIBRARIES})
        set_property(TARGET PkgConfig::libxml2 APPEND PROPERTY
            INTERFACE_COMPILE_OPTIONS ${libxml2_STATIC_CFLAGS_OTHER})
        set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
    else()
        pkg_check_modules(libxml2 REQUIRED IMPORTED_TARGET libxml-2.0)
    endif()
    set(TORCHPIN_HTML_PARSER_TARGET PkgConfig::libxml2)
else()
    message(FATAL_ERROR "TORCHPIN_HTML_PARSER is gumbo or libxml2, not ${TORCHPIN_HTML_PARSER}")
endif()
# TOML (the curated dataset, uv.lock, pylock.toml): toml++'s headers, compiled in third_party/.
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
# libcurl: the header only (libcurl4-openssl-dev); the library is loaded with dlopen at run time.
find_path(CURL_INCLUDE_DIR curl/curl.h REQUIRED)
find_package(Boost 1.74 REQUIRED) # headers: Boost.Sort in the engine
if(TORCHPIN_TESTS)
    find_package(Boost 1.74 REQUIRED COMPONENTS unit_test_framework)
endif()
