#!/usr/bin/env python3
"""Compares torchpin's PE reader with pefile on every PE fixture and on Wine's own DLLs.

Usage: pe_oracle.py --pe-dump BUILD/pe_dump --fixtures DIR [--fixtures-missing WHY] [--wine-dir DIR ...]
For each file: machine, PE32+, IMAGE_FILE_DLL, the import and delay-import DLL names in file order,
and VS_FIXEDFILEINFO[0]'s file and product versions. Any difference fails (exit 1) and is printed.
Runs under a Python that can import pefile: this one, else Debian's /usr/bin/python3.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "support"))
from debian_python import import_debian_module  # noqa: E402

pefile = import_debian_module("pefile", "python3-pefile", "pe_oracle")

DEFAULT_WINE_DIRS = [
    "/usr/lib/x86_64-linux-gnu/wine/x86_64-windows",
    "/usr/lib/x86_64-linux-gnu/wine/i386-windows",
    "/usr/lib/i386-linux-gnu/wine/i386-windows",
]


def version(most, least):
    return "%d.%d.%d.%d" % (most >> 16, most & 0xFFFF, least >> 16, least & 0xFFFF)


def pefile_answer(path):
    # Only the three directories torchpin reads: a full parse (relocations, exports, …) of
    # Wine's 650 DLLs takes a minute.
    pe = pefile.PE(path, fast_load=True)
    pe.parse_data_directories(directories=[
        pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_IMPORT"],
        pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_DELAY_IMPORT"],
        pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_RESOURCE"],
    ])
    fixed = getattr(pe, "VS_FIXEDFILEINFO", None)
    return {
        "machine": pe.FILE_HEADER.Machine,
        "is_pe32_plus": pe.OPTIONAL_HEADER.Magic == 0x20B,
        "is_dll": bool(pe.FILE_HEADER.Characteristics & 0x2000),
        "imports": [e.dll.decode("ascii") for e in getattr(pe, "DIRECTORY_ENTRY_IMPORT", [])],
        "delay_imports": [
            e.dll.decode("ascii") for e in getattr(pe, "DIRECTORY_ENTRY_DELAY_IMPORT", [])
        ],
        "file_version": version(fixed[0].FileVersionMS, fixed[0].FileVersionLS) if fixed else None,
        "product_version": (
            version(fixed[0].ProductVersionMS, fixed[0].ProductVersionLS) if fixed else None
        ),
    }


def pe_files(folder):
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.lower().endswith((".dll", ".pyd", ".exe")):
                yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pe-dump", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--fixtures-missing", default="", help="why the build made no fixtures")
    parser.add_argument("--wine-dir", action="append", default=None)
    args = parser.parse_args()
    if args.fixtures_missing:
        sys.exit("pe_oracle: no PE fixtures: " + args.fixtures_missing)

    fixtures = sorted(pe_files(args.fixtures))
    if not fixtures:
        sys.exit("pe_oracle: no PE fixtures in %s (build torchpin_pe_fixtures)" % args.fixtures)
    wine = [f for d in (args.wine_dir or DEFAULT_WINE_DIRS) if os.path.isdir(d) for f in pe_files(d)]

    differences = 0
    compared = {"fixtures": 0, "wine": 0}
    for group, files in (("fixtures", fixtures), ("wine", wine)):
        for start in range(0, len(files), 200):
            batch = files[start : start + 200]
            output = subprocess.run(
                [args.pe_dump] + batch, check=True, capture_output=True, text=True
            ).stdout
            for line in output.splitlines():
                ours = json.loads(line)
                path = ours.pop("path")
                try:
                    theirs = pefile_answer(path)
                except pefile.PEFormatError as error:
                    theirs = {"error": "pefile: %s" % error}
                compared[group] += 1
                if "error" in ours and "error" in theirs:
                    continue  # both reject it
                ours.pop("position", None)
                if ours != theirs:
                    differences += 1
                    print("DIFFERENT %s\n  torchpin: %s\n  pefile:   %s" % (path, ours, theirs))
    print(
        "pe_oracle: compared %d fixtures and %d Wine DLLs with pefile %s: %d differences"
        % (compared["fixtures"], compared["wine"], pefile.__version__, differences)
    )
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
