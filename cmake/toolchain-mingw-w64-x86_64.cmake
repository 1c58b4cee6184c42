# Cross-compiles for 64-bit Windows with Debian's mingw-w64 (posix thread model) and runs the
# built programs (tests) under Wine through scripts/wine-run. Libraries and headers come only from
# the prefix scripts/windows-deps builds, never from /usr/include (glibc's headers would come
# before mingw's):
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-mingw-w64-x86_64.cmake -DTORCHPIN_WINDOWS_DEPS=<prefix>
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_ASM_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

if(NOT TORCHPIN_WINDOWS_DEPS)
    message(FATAL_ERROR "Pass -DTORCHPIN_WINDOWS_DEPS=<prefix>, the prefix that "
            "scripts/windows-deps prints (scripts/build-windows does both)")
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TORCHPIN_WINDOWS_DEPS)
set(CMAKE_FIND_ROOT_PATH ${TORCHPIN_WINDOWS_DEPS} /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

get_filename_component(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../scripts/wine-run
                       ABSOLUTE)
