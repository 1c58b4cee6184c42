# Third-party libraries, all from Debian packages (scripts/install-deps installs them); for Windows
# (cross-built with cmake/toolchain-mingw-w64-x86_64.cmake) from the prefix that
# scripts/windows-deps fills, plus Windows' own libraries in place of nettle, libcurl and libdl.
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
# TORCHPIN_PLATFORM: the platform layer's implementation folder (engine/base/posix or
# engine/base/windows), with TORCHPIN_PLATFORM_LIBRARIES, the system libraries it links.
if(WIN32)
    # SHA-256 from BCrypt, HTTP from WinHTTP; everything else linked in, so that torchpin.exe
    # imports only Windows' own DLLs (tests/windows/system_dlls.txt).
    set(TORCHPIN_PLATFORM windows)
    # The Win32 calls of engine/base/windows: BCrypt (SHA-256), the registry and RtlGetVersion
    # (advapi32, ntdll through kernel32), CommandLineToArgvW (shell32), file versions (version).
    set(TORCHPIN_PLATFORM_LIBRARIES bcrypt advapi32 shell32 version)
    add_compile_definitions(_WIN32_WINNT=0x0A00 WIN32_LEAN_AND_MEAN NOMINMAX)
    # Static, so that the executables import only Windows' own DLLs; an 8 MiB stack as on Linux
    # (Windows gives 1 MiB, which the depth limits of the marker and specifier parsers assume more
    # than).
    # Release executables are stripped: 17 MB of symbols make every start under Wine slower.
    add_link_options(-static -Wl,--stack,8388608 $<$<CONFIG:Release>:-s>)
    set(torchpin_default_header_only_boost_test ON) # no mingw build of Boost.Test's library
else()
    find_package(PkgConfig REQUIRED)
    # SHA-256 with the CPU's SHA instructions
    pkg_check_modules(nettle REQUIRED IMPORTED_TARGET nettle)
    set(TORCHPIN_PLATFORM posix)
    set(TORCHPIN_PLATFORM_LIBRARIES PkgConfig::nettle ${CMAKE_DL_LIBS})
    set(torchpin_default_header_only_boost_test OFF)
endif()
set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
# The HTML parser for index pages, importers/index/gumbo/ or importers/index/libxml2/: gumbo (an
# HTML5 parser) where Debian packages it, libxml2 for Windows, where no gumbo build exists
# (scripts/windows-deps builds libxml2 from Debian's source). TORCHPIN_HTML_PARSER_TARGET
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
    if(TORCHPIN_PLATFORM STREQUAL "windows")
        # scripts/windows-deps builds it into the prefix: a static archive that needs Winsock.
        find_package(LibXml2 REQUIRED)
        set_property(TARGET LibXml2::LibXml2 APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS
                     LIBXML_STATIC)
        set_property(TARGET LibXml2::LibXml2 APPEND PROPERTY INTERFACE_LINK_LIBRARIES ws2_32)
        set(TORCHPIN_HTML_PARSER_TARGET LibXml2::LibXml2)
    else()
        find_package(PkgConfig REQUIRED)
        pkg_check_modules(libxml2 REQUIRED IMPORTED_TARGET libxml-2.0)
        set(TORCHPIN_HTML_PARSER_TARGET PkgConfig::libxml2)
    endif()
else()
    message(FATAL_ERROR "TORCHPIN_HTML_PARSER is gumbo or libxml2, not ${TORCHPIN_HTML_PARSER}")
endif()
# libelf (elfutils), which reads the ELF libraries of an installed torch: importers/binary/libelf/,
# or importers/binary/without_libelf/ for Windows, where Debian has no mingw build of libelf (the
# Windows build checks Windows environments). TORCHPIN_ELF_READER names the folder and
# TORCHPIN_ELF_READER_TARGET the library to link. With TORCHPIN_STATIC_DEPS libelf.a is linked,
# with the zlib it needs (Debian 12's libelf.a needs nothing else).
if(TORCHPIN_PLATFORM STREQUAL "windows")
    set(TORCHPIN_ELF_READER without_libelf)
    set(TORCHPIN_ELF_READER_TARGET "")
else()
    if(TORCHPIN_STATIC_DEPS)
        set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
    endif()
    pkg_check_modules(libelf IMPORTED_TARGET libelf)
    if(libelf_FOUND AND TORCHPIN_STATIC_DEPS)
        find_package(ZLIB REQUIRED)
        set_property(TARGET PkgConfig::libelf APPEND PROPERTY INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)
    endif()
    set(CMAKE_FIND_LIBRARY_SUFFIXES ${torchpin_library_suffixes})
    if(NOT libelf_FOUND)
        message(FATAL_ERROR "libelf not found: install libelf-dev (scripts/install-deps)")
    endif()
    set(TORCHPIN_ELF_READER libelf)
    set(TORCHPIN_ELF_READER_TARGET PkgConfig::libelf)
endif()
# TOML (the curated dataset, uv.lock, pylock.toml): toml++'s headers, compiled in third_party/.
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
# libcurl, for net/curl/ (posix): the header only (libcurl4-openssl-dev); the library is loaded
# with dlopen at run time. Windows has WinHTTP instead (net/winhttp/).
if(TORCHPIN_PLATFORM STREQUAL "posix")
    find_path(CURL_INCLUDE_DIR curl/curl.h REQUIRED)
endif()
find_package(Boost 1.74 REQUIRED) # headers: Boost.Sort in the engine
# Boost.Test: its shared library (BOOST_TEST_DYN_LINK), or its header-only variant compiled into
# each suite's main (tests/CMakeLists.txt).
option(TORCHPIN_HEADER_ONLY_BOOST_TEST "Compile Boost.Test into the test suites"
       ${torchpin_default_header_only_boost_test})
if(TORCHPIN_TESTS AND NOT TORCHPIN_HEADER_ONLY_BOOST_TEST)
    find_package(Boost 1.74 REQUIRED COMPONENTS unit_test_framework)
endif()
