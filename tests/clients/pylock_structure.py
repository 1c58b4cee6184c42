#!/usr/bin/env python3
"""Every `torchpin resolve --format pylock` answer is a PEP 751 pylock.toml, checked key by key.

Usage: pylock_structure.py --torchpin PATH --source-dir DIR

Parses each answer with tomllib and checks what the specification (packaging.python.org,
"pylock.toml Specification") requires: lock-version "1.0", created-by, environments that are
PEP 508 markers, and packages with a normalized name, a PEP 440 version, the index URL and at
least one wheel (a package needs a source); each wheel with a url or path, a name ending .whl
that is the url's file name and names this package and version, and a hashes table whose
algorithms hashlib guarantees, sha256 as 64 lowercase hex digits. Keys the specification does
not define fail the test, and so do two wheels with one file name. When the matrix knows no
digest for a pin, torchpin must refuse the format (exit 1) instead of writing an invalid lock.
Exits 77 (CTest's SKIP_RETURN_CODE) when tomllib (Python 3.11+) or packaging is missing.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import urllib.parse

SKIP = 77
PROFILES = "tests/data/machines/profiles"
LINUX_311 = ("--os", "linux", "--arch", "x86_64", "--python", "3.11", "--glibc", "2.35")
CUDA_12_8 = LINUX_311 + ("--driver", "570.86.10", "--gpu", "8.6")
CUDA_13_0 = LINUX_311 + ("--driver", "580.65.06", "--gpu", "8.6")
WINDOWS = ("--machine", f"{PROFILES}/windows-box.json")
MACOS = ("--machine", f"{PROFILES}/mac-laptop.json")
FAMILY = ("torchvision", "torchaudio")

# (name, torchpin resolve arguments, whether the matrix knows a digest for every pin)
ANSWERS = [
    ("cuda-cu128-torch-only", CUDA_12_8 + ("torch==2.7.1",), True),
    ("cpu-torch-and-torchvision", LINUX_311 + ("--cpu-only", "torch==2.7.1", "torchvision"), True),
    ("windows-cu128-torch-and-torchvision",
     WINDOWS + ("--backend", "cu128", "torch==2.7.1", "torchvision"), True),
    ("macos-torch-only", MACOS + ("torch==2.7.1",), True),
    ("cuda-cu128-no-torchaudio-digest", CUDA_12_8 + ("torch==2.7.1",) + FAMILY, False),
    ("series-pins-without-files", CUDA_13_0 + ("torch==2.11.0",) + FAMILY, False),
]

TOP_LEVEL_KEYS = {"lock-version", "environments", "requires-python", "extras", "dependency-groups",
                  "default-groups", "created-by", "packages", "tool"}
PACKAGE_KEYS = {"name", "version", "marker", "requires-python", "dependencies", "vcs", "directory",
                "archive", "index", "sdist", "wheels", "attestation-identities", "tool"}
WHEEL_KEYS = {"name", "upload-time", "url", "path", "size", "hashes"}
SHA256 = re.compile(r"[0-9a-f]{64}")


def load_packaging():
    try:
        from packaging import markers, utils, version
    except ImportError:
        from pip._vendor.packaging import markers, utils, version
    return markers, utils, version


def require(condition, message):
    if not condition:
        raise AssertionError(message)


def unknown_keys(table, allowed, where):
    extra = set(table) - allowed
    require(not extra, f"{where}: keys PEP 751 does not define: {sorted(extra)}")


def check_wheel(wheel, package, where, packaging):
    _, utils, version = packaging
    unknown_keys(wheel, WHEEL_KEYS, where)
    require("url" in wheel or "path" in wheel, f"{where}: neither url nor path")
    name = wheel.get("name", "")
    require(name.endswith(".whl"), f"{where}: name {name!r} does not end in .whl")
    if "url" in wheel:
        url_name = urllib.parse.unquote(urllib.parse.urlparse(wheel["url"]).path.rsplit("/", 1)[-1])
        require(url_name == name, f"{where}: name {name} is not the url's file name {url_name}")
    project, wheel_version, _, _ = utils.parse_wheel_filename(name)
    require(project == package["name"], f"{where}: {name} is not a {package['name']} wheel")
    require(wheel_version == version.Version(package["version"]), f"{where}: {name} version")
    hashes = wheel.get("hashes")
    require(isinstance(hashes, dict) and hashes, f"{where}: no hashes table")
    for algorithm, digest in hashes.items():
        require(algorithm in hashlib.algorithms_guaranteed, f"{where}: algorithm {algorithm!r}")
        require(isinstance(digest, str), f"{where}: {algorithm} digest is not a string")
    require(SHA256.fullmatch(hashes.get("sha256", "")), f"{where}: sha256 not 64 lowercase hex")


def check_package(package, where, packaging):
    _, utils, version = packaging
    unknown_keys(package, PACKAGE_KEYS, where)
    name = package.get("name", "")
    require(name and utils.canonicalize_name(name) == name, f"{where}: {name!r} not normalized")
    where = f"{where} ({name})"
    require("version" in package, f"{where}: no version")
    version.Version(package["version"])
    index = package.get("index", "")
    require(index.startswith("https://"), f"{where}: index {index!r}")
    wheels = package.get("wheels", [])
    require(wheels, f"{where}: no wheels, sdist, archive, directory or vcs to install from")
    names = [wheel.get("name") for wheel in wheels]
    require(len(names) == len(set(names)), f"{where}: a wheel is listed twice")
    for i, wheel in enumerate(wheels):
        check_wheel(wheel, package, f"{where} wheels[{i}]", packaging)


def check_lock(lock, packaging):
    markers, _, _ = packaging
    unknown_keys(lock, TOP_LEVEL_KEYS, "top level")
    require(lock.get("lock-version") == "1.0", f"lock-version {lock.get('lock-version')!r}")
    require(isinstance(lock.get("created-by"), str) and lock["created-by"], "no created-by")
    for marker in lock.get("environments", []):
        markers.Marker(marker)
    packages = lock.get("packages")
    require(isinstance(packages, list) and packages, "no packages")
    for i, package in enumerate(packages):
        check_package(package, f"packages[{i}]", packaging)


def resolve_pylock(args, torchpin_args):
    return subprocess.run(
        [args.torchpin, "resolve", "--format", "pylock", *torchpin_args],
        capture_output=True,
        text=True,
        cwd=args.source_dir,
        env={**os.environ, "TORCHPIN_DB": "/nonexistent/torchpin-test.db"},
    )


def check_answer(args, torchpin_args, digests_known, packaging, tomllib):
    result = resolve_pylock(args, torchpin_args)
    if not digests_known:
        require(result.returncode == 1, f"exit {result.returncode} where digests are missing")
        require(not result.stdout, f"wrote an invalid lock:\n{result.stdout[:600]}")
        require("digest" in result.stderr, f"unclear refusal: {result.stderr}")
        return
    require(result.returncode == 0, f"exit {result.returncode}: {result.stderr}")
    check_lock(tomllib.loads(result.stdout), packaging)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torchpin", required=True)
    parser.add_argument("--source-dir", required=True)
    args = parser.parse_args()
    try:
        import tomllib

        packaging = load_packaging()
    except ImportError as missing:
        print(f"SKIPPED: {missing}")
        return SKIP
    failures = 0
    for name, torchpin_args, digests_known in ANSWERS:
        try:
            check_answer(args, torchpin_args, digests_known, packaging, tomllib)
            print(f"ok   {name}")
        except (AssertionError, ValueError) as error:
            failures += 1
            print(f"FAIL {name}: {error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
