"""Writes the sys_tags() expectations in this directory with the system's packaging (23.0).

Run once with /usr/bin/python3 (Debian 12's python3-packaging 23.0); the output is committed and
the C++ tests compare TagEnvironment's accepted_tags() against it. Platform lists come from
packaging's own functions: mac_platforms(version, arch) with explicit arguments, and the Linux
lists from _manylinux.platform_tags / _musllinux.platform_tags with the libc version they probe
replaced by the environment's. The interpreter part is what sys_tags() chains: cpython_tags()
(or generic_tags() for PyPy) and then compatible_tags(), all with explicit arguments.
"""
import csv
import sys

import packaging
from packaging import _manylinux, _musllinux, tags

assert packaging.__version__ == "23.0", packaging.__version__


def linux_platforms(arch, glibc, musl):
    _manylinux._get_glibc_version = lambda: glibc or (-1, -1)
    _manylinux._have_compatible_abi = lambda executable, a: a in {
        "x86_64", "i686", "aarch64", "armv7l", "ppc64", "ppc64le", "s390x"}
    _musllinux._get_musl_version = lambda executable: (
        _musllinux._MuslVersion(*musl) if musl else None)
    linux = f"linux_{arch}"
    return (list(_manylinux.platform_tags(linux, arch)) + list(_musllinux.platform_tags(arch))
            + [linux])


def version(text):
    return tuple(int(part) for part in text.split(".")) if text != "-" else None


def platforms_of(os_name, arch, glibc, musl, macos):
    if os_name == "linux":
        return linux_platforms(arch, version(glibc), version(musl))
    if os_name == "macos":
        return list(tags.mac_platforms(version(macos), {"aarch64": "arm64"}.get(arch, arch)))
    return [{"x86_64": "win_amd64", "aarch64": "win_arm64", "i686": "win32"}[arch]]


def sys_tags_of(python, platforms):
    implementation, dotted = python[:2], python[2:]
    major, minor = (int(part) for part in dotted.split("."))
    nodot = f"{major}{minor}"
    if implementation == "pp":
        yield from tags.generic_tags(f"pp{nodot}", [f"pypy{nodot}_pp73"], platforms)
        yield from tags.compatible_tags((major, minor), "pp3", platforms)
        return
    abi = f"cp{nodot}" + ("m" if (major, minor) < (3, 8) else "") + (
        "u" if (major, minor) < (3, 3) else "")
    yield from tags.cpython_tags((major, minor), [abi], platforms)
    yield from tags.compatible_tags((major, minor), f"cp{nodot}", platforms)


with open("environments.tsv") as table:
    rows = [row for row in csv.reader(table, delimiter="\t") if row and not row[0].startswith("#")]
for name, os_name, arch, python, glibc, musl, macos in rows:
    platforms = platforms_of(os_name, arch, glibc, musl, macos)
    with open(f"{name}.txt", "w") as out:
        out.write(f"# packaging {packaging.__version__} sys_tags() for {name}; "
                  "written by generate.py, do not edit\n")
        for tag in sys_tags_of(python, platforms):
            out.write(f"{tag}\n")
    print(name, file=sys.stderr)
