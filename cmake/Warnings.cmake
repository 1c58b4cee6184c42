# Compiler warnings for torchpin's own targets: all on, and treated as errors.
add_library(torchpin_warnings INTERFACE)
add_library(torchpin::warnings ALIAS torchpin_warnings)
target_compile_options(torchpin_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
    -Woverloaded-virtual -Wimplicit-fallthrough -Wmissing-declarations -Werror)

# gcc 12 at -O3 (Release) reports -Wrestrict inside libstdc++ for `"." + std::string(...)`, a false
# positive (gcc bug 105651) that would fail every Release build; other builds keep the warning.
target_compile_options(torchpin_warnings INTERFACE
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)
