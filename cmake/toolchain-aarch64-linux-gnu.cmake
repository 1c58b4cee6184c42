# Cross-compiles for 64-bit ARM Linux (GH200, GB10, Jetson) with Debian's aarch64 toolchain
# (g++-aarch64-linux-gnu) and multiarch :arm64 libraries (dpkg --add-architecture arm64;
# scripts/build-aarch64 installs both), and runs the built programs under qemu-user:
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake
# The compilers search /usr/include and /usr/lib/aarch64-linux-gnu themselves (Debian's multiarch
# layout); pkg-config is pointed at the arm64 .pc files only.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_ASM_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# Nothing of the build machine's own architecture: its libraries are in /usr/lib/x86_64-linux-gnu,
# which CMake would otherwise search for packages and libraries.
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/cmake)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
