// A stand-in Python interpreter that is a binary, not a script, so the interpreter cache keeps
// what it prints: what torchpin's probe script prints on Debian 12's Python 3.11.
#include <cstdio>

int main() {
    std::puts(R"({"executable": "/usr/bin/python3.11", "prefix": "/usr", "implementation": )"
              R"("cpython", "version": [3, 11, 2], "abiflags": "", "gil_disabled": null, )"
              R"("platform": "linux-x86_64", "glibc": "glibc 2.36"})");
    return 0;
}
