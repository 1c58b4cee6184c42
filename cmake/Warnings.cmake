# Compiler warnings for torchpin's own targets: all on, and treated as errors.
add_library(torchpin_warnings INTERFACE)
add_library(torchpin::warnings ALIAS torchpin_warnings)
target_compile_options(torchpin_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
    -Woverloaded-virtual -Wimplicit-fallthrough -Wmissing-declarations -Werror)
