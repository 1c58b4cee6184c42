#!/usr/bin/env python3
"""packaging/wheel.py: a wheel built from a dummy binary has the layout, modes, tags and RECORD
that the binary distribution format asks for (docs/packaging.md).

Usage: wheel_test.py --source-dir DIR

RECORD digests are checked against a digest computed here and against a known vector; where the
`wheel` package is importable, `wheel unpack` (which verifies every RECORD line) reads it too.
"""
import argparse
import base64
import csv
import hashlib
import importlib.util
import io
import stat
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

SOURCE_DIR = Path(".")


def load_wheel_module():
    spec = importlib.util.spec_from_file_location("wheel_writer", SOURCE_DIR / "packaging/wheel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class WheelTest(unittest.TestCase):
    def setUp(self):
        self.wheel = load_wheel_module()
        self.directory = tempfile.TemporaryDirectory()
        self.root = Path(self.directory.name)
        self.binary = self.root / "dummy-binary"
        self.payload = b"\x7fELF not really, but bytes that must survive unchanged\n" * 100
        self.binary.write_bytes(self.payload)

    def tearDown(self):
        self.directory.cleanup()

    def build(self, platform="manylinux_2_28_x86_64", script="torchpin", version="0.1.0"):
        return self.wheel.build_wheel(name="torchpin", version=version, platform=platform,
                                      summary="A summary", binary=self.binary, script_name=script,
                                      out_dir=self.root / "out", description="# Title\n\nText\n")

    def test_file_name_and_members(self):
        path = self.build()
        self.assertEqual(path.name, "torchpin-0.1.0-py3-none-manylinux_2_28_x86_64.whl")
        with zipfile.ZipFile(path) as archive:
            self.assertEqual(archive.namelist(), [
                "torchpin-0.1.0.data/scripts/torchpin",
                "torchpin-0.1.0.dist-info/METADATA",
                "torchpin-0.1.0.dist-info/WHEEL",
                "torchpin-0.1.0.dist-info/RECORD",
            ])
            self.assertEqual(archive.read("torchpin-0.1.0.data/scripts/torchpin"), self.payload)
        self.assertEqual([p.name for p in path.parent.iterdir()], [path.name])  # no temporary left

    def test_binary_is_executable_regular_file_and_the_rest_is_not(self):
        with zipfile.ZipFile(self.build()) as archive:
            for info in archive.infolist():
                mode = info.external_attr >> 16
                self.assertTrue(stat.S_ISREG(mode), info.filename)
                executable = bool(mode & 0o111)
                self.assertEqual(executable, "/scripts/" in info.filename, info.filename)

    def test_wheel_and_metadata(self):
        with zipfile.ZipFile(self.build(platform="win_amd64", script="torchpin.exe")) as archive:
            wheel = archive.read("torchpin-0.1.0.dist-info/WHEEL").decode()
            metadata = archive.read("torchpin-0.1.0.dist-info/METADATA").decode()
            self.assertIn("torchpin-0.1.0.data/scripts/torchpin.exe", archive.namelist())
        lines = wheel.splitlines()
        self.assertIn("Wheel-Version: 1.0", lines)
        self.assertIn("Root-Is-Purelib: false", lines)
        self.assertEqual([line for line in lines if line.startswith("Tag:")],
                         ["Tag: py3-none-win_amd64"])
        headers, _, body = metadata.partition("\n\n")
        self.assertEqual(headers.splitlines()[:4], ["Metadata-Version: 2.1", "Name: torchpin",
                                                    "Version: 0.1.0", "Summary: A summary"])
        self.assertEqual(body, "# Title\n\nText\n")

    def test_compressed_tag_set_is_expanded_in_wheel(self):
        platform = "manylinux_2_17_x86_64.manylinux2014_x86_64"
        path = self.build(platform=platform)
        self.assertTrue(path.name.endswith(f"-py3-none-{platform}.whl"))
        with zipfile.ZipFile(path) as archive:
            wheel = archive.read("torchpin-0.1.0.dist-info/WHEEL").decode()
        self.assertEqual([line for line in wheel.splitlines() if line.startswith("Tag:")],
                         ["Tag: py3-none-manylinux_2_17_x86_64",
                          "Tag: py3-none-manylinux2014_x86_64"])

    def test_record_lists_every_other_member_with_its_digest_and_size(self):
        with zipfile.ZipFile(self.build()) as archive:
            rows = list(csv.reader(io.StringIO(
                archive.read("torchpin-0.1.0.dist-info/RECORD").decode())))
            self.assertEqual(sorted(row[0] for row in rows), sorted(archive.namelist()))
            for path, digest, size in rows:
                if path.endswith("/RECORD"):
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = archive.read(path)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
                self.assertEqual(digest, "sha256=" + expected.decode().rstrip("="))
                self.assertNotIn("=", digest.removeprefix("sha256="))
                self.assertEqual(int(size), len(data))

    def test_record_digest_known_vector(self):
        # sha256 of no bytes, urlsafe base64 without padding (as pip and wheel write it)
        self.assertEqual(self.wheel.record_digest(b""),
                         "sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU")

    def test_same_inputs_same_bytes(self):
        first = self.build().read_bytes()
        self.assertEqual(self.build().read_bytes(), first)

    def test_rejects_what_a_wheel_cannot_carry(self):
        for arguments in ({"platform": "linux-x86_64"}, {"platform": "Win_AMD64"},
                          {"version": "0.1.0+local"}, {"version": "latest"},
                          {"script": "../torchpin"}, {"script": ""}):
            with self.subTest(arguments), self.assertRaises(ValueError):
                self.build(**arguments)
        self.assertFalse((self.root / "out").exists())

    @unittest.skipUnless(importlib.util.find_spec("wheel"), "the wheel package is not installed")
    def test_wheel_unpack_verifies_record(self):
        path = self.build()
        subprocess.run([sys.executable, "-m", "wheel", "unpack", "--dest", str(self.root / "x"),
                        str(path)], check=True, capture_output=True)
        unpacked = self.root / "x/torchpin-0.1.0/torchpin-0.1.0.data/scripts/torchpin"
        self.assertEqual(unpacked.read_bytes(), self.payload)
        # ... and refuses a wheel whose binary does not match its RECORD line
        tampered = self.root / "tampered" / path.name
        tampered.parent.mkdir()
        with zipfile.ZipFile(path) as source, zipfile.ZipFile(tampered, "w") as target:
            for info in source.infolist():
                data = source.read(info)
                target.writestr(info, data + b"!" if "/scripts/" in info.filename else data)
        result = subprocess.run([sys.executable, "-m", "wheel", "unpack", "--dest",
                                 str(self.root / "y"), str(tampered)], capture_output=True)
        self.assertNotEqual(result.returncode, 0)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-dir", type=Path, required=True)
    arguments, rest = parser.parse_known_args()
    SOURCE_DIR = arguments.source_dir
    unittest.main(argv=[sys.argv[0]] + rest)
