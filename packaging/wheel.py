#!/usr/bin/env python3
"""Writes a `py3-none-PLATFORM` wheel that carries one native executable as a script.

The binary goes to `NAME-VERSION.data/scripts/`, which pip, pipx and uv install onto PATH with no
Python shim (docs/packaging.md; the layout uv, ruff and ninja use). Standard library only:

    packaging/wheel.py --name torchpin --version 0.1.0 --platform manylinux_2_28_x86_64 \\
        --summary "..." --binary dist/torchpin-0.1.0-linux-x86_64 --script-name torchpin --out dist

prints the wheel's path. The wheel is written under a temporary name and renamed into place.
"""
from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import os
import re
import sys
import tempfile
import zipfile
from pathlib import Path

GENERATOR = "torchpin packaging/wheel.py"
# Every member gets this time stamp, so the same inputs give the same bytes (zip cannot go earlier).
FIXED_DATE_TIME = (1980, 1, 1, 0, 0, 0)
EXECUTABLE_MODE = 0o100755  # a regular file with the execute bits: pip's zip_item_is_executable
REGULAR_MODE = 0o100644

# PEP 440 public versions, as far as a release of this project needs (no local labels on an index).
VERSION_PATTERN = re.compile(r"[0-9]+(\.[0-9]+)*((a|b|rc)[0-9]+)?(\.post[0-9]+)?(\.dev[0-9]+)?")
# One platform tag: lower-case letters, digits, underscores (`manylinux_2_28_x86_64`, `win_amd64`).
PLATFORM_PATTERN = re.compile(r"[a-z0-9_]+")
NAME_PATTERN = re.compile(r"[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?")


def record_digest(data: bytes) -> str:
    """RECORD's hash field: `sha256=` and the urlsafe base64 digest without `=` padding."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def expanded_tags(platform: str) -> list[str]:
    """`py3-none-a.b` (a compressed tag set) → [`py3-none-a`, `py3-none-b`], as in WHEEL."""
    return [f"py3-none-{one}" for one in platform.split(".")]


def wheel_file_name(name: str, version: str, platform: str) -> str:
    """`torchpin-0.1.0-py3-none-win_amd64.whl`; the name escaped as the wheel format asks."""
    return f"{escaped(name)}-{version}-py3-none-{platform}.whl"


def escaped(name: str) -> str:
    """A distribution name as it appears in file and folder names: runs of -_. become `_`."""
    return re.sub(r"[-_.]+", "_", name)


def metadata_text(name: str, version: str, summary: str, description: str | None) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", f"Summary: {summary}"]
    if description is None:
        return "\n".join(lines) + "\n"
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + description


def wheel_text(platform: str) -> str:
    lines = ["Wheel-Version: 1.0", f"Generator: {GENERATOR}", "Root-Is-Purelib: false"]
    lines += [f"Tag: {tag}" for tag in expanded_tags(platform)]
    return "\n".join(lines) + "\n"


def check_arguments(name: str, version: str, platform: str, script_name: str) -> None:
    """Raises ValueError naming the first argument a wheel cannot carry."""
    if not NAME_PATTERN.fullmatch(name):
        raise ValueError(f"not a distribution name: {name!r}")
    if not VERSION_PATTERN.fullmatch(version):
        raise ValueError(f"not a public PEP 440 release version: {version!r}")
    if not all(PLATFORM_PATTERN.fullmatch(part) for part in platform.split(".")):
        raise ValueError(f"not a platform tag (or dotted set of them): {platform!r}")
    if not script_name or "/" in script_name or "\\" in script_name or script_name.startswith("."):
        raise ValueError(f"not a file name for the script: {script_name!r}")


def build_wheel(*, name: str, version: str, platform: str, summary: str, binary: Path,
                script_name: str, out_dir: Path, description: str | None = None) -> Path:
    """Writes the wheel into out_dir and returns its path."""
    check_arguments(name, version, platform, script_name)
    stem = f"{escaped(name)}-{version}"
    dist_info = f"{stem}.dist-info"
    members = [
        (f"{stem}.data/scripts/{script_name}", binary.read_bytes(), EXECUTABLE_MODE),
        (f"{dist_info}/METADATA",
         metadata_text(name, version, summary, description).encode("utf-8"), REGULAR_MODE),
        (f"{dist_info}/WHEEL", wheel_text(platform).encode("utf-8"), REGULAR_MODE),
    ]
    record_path = f"{dist_info}/RECORD"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data, _ in members:
        writer.writerow([path, record_digest(data), len(data)])
    writer.writerow([record_path, "", ""])
    members.append((record_path, record.getvalue().encode("utf-8"), REGULAR_MODE))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / wheel_file_name(name, version, platform)
    handle, temporary = tempfile.mkstemp(dir=out_dir, prefix=".", suffix=".whl.tmp")
    try:
        with os.fdopen(handle, "wb") as file, zipfile.ZipFile(file, "w") as archive:
            for path, data, mode in members:
                info = zipfile.ZipInfo(path, date_time=FIXED_DATE_TIME)
                info.external_attr = mode << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data, compresslevel=9)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a release file is for everyone
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
    return target


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--platform", required=True, help="e.g. manylinux_2_28_x86_64, win_amd64")
    parser.add_argument("--summary", required=True)
    parser.add_argument("--binary", required=True, type=Path)
    parser.add_argument("--script-name", required=True, help="torchpin, or torchpin.exe on Windows")
    parser.add_argument("--description-file", type=Path, help="Markdown long description")
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args(argv)
    description = args.description_file.read_text("utf-8") if args.description_file else None
    try:
        wheel = build_wheel(name=args.name, version=args.version, platform=args.platform,
                            summary=args.summary, binary=args.binary, script_name=args.script_name,
                            out_dir=args.out, description=description)
    except (ValueError, OSError) as error:
        print(f"wheel.py: {error}", file=sys.stderr)
        return 2
    print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
