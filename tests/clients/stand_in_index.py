"""Tiny stand-in wheels and PEP 503 index folders that pip reads through file:// URLs (stdlib only).

A stand-in wheel carries the real file name and a METADATA with the real Requires-Dist pairing,
and nothing else: enough for `pip install --dry-run --report` to resolve as it would against
download.pytorch.org and PyPI. Files are byte-for-byte the same on every run (fixed zip times).
"""
import base64
import hashlib
import html
import pathlib
import re
import urllib.parse
import zipfile
from dataclasses import dataclass, field

FIXED_ZIP_TIME = (2020, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class StandIn:
    """One wheel file: its exact name as the index lists it, and what its METADATA requires."""

    filename: str
    requires: tuple = field(default_factory=tuple)

    @property
    def project(self):
        return self.filename.split("-")[0]

    @property
    def version(self):
        return self.filename.split("-")[1]


def normalize(name):
    """PEP 503 project name: 'Typing_Extensions' -> 'typing-extensions'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _record_digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _wheel_bytes(stand_in, zip_path):
    tags = stand_in.filename[: -len(".whl")].split("-")[2:]
    dist_info = f"{stand_in.project}-{stand_in.version}.dist-info"
    metadata = "Metadata-Version: 2.1\nName: {}\nVersion: {}\n{}".format(
        stand_in.project,
        stand_in.version,
        "".join(f"Requires-Dist: {r}\n" for r in stand_in.requires),
    )
    wheel = "Wheel-Version: 1.0\nGenerator: torchpin-stand-in\nRoot-Is-Purelib: false\n"
    python_tags, abi_tags, platform_tags = tags[-3:]
    for python_tag in python_tags.split("."):
        for abi in abi_tags.split("."):
            for platform in platform_tags.split("."):
                wheel += f"Tag: {python_tag}-{abi}-{platform}\n"
    members = {f"{dist_info}/METADATA": metadata.encode(), f"{dist_info}/WHEEL": wheel.encode()}
    record = "".join(f"{p},{_record_digest(d)},{len(d)}\n" for p, d in members.items())
    members[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in members.items():
            archive.writestr(zipfile.ZipInfo(path, FIXED_ZIP_TIME), data)
    return zip_path.read_bytes()


def build_index(root, stand_ins):
    """Writes root/files/<wheel> and root/<project>/index.html; returns the index's file:// URL."""
    root = pathlib.Path(root)
    files = root / "files"
    files.mkdir(parents=True, exist_ok=True)
    links = {}
    for stand_in in stand_ins:
        digest = hashlib.sha256(_wheel_bytes(stand_in, files / stand_in.filename)).hexdigest()
        href = "../files/{}#sha256={}".format(urllib.parse.quote(stand_in.filename), digest)
        links.setdefault(normalize(stand_in.project), []).append((href, stand_in.filename))
    for project, anchors in links.items():
        (root / project).mkdir(exist_ok=True)
        body = "".join(
            '<a href="{}">{}</a><br/>\n'.format(html.escape(h), html.escape(n)) for h, n in anchors
        )
        (root / project / "index.html").write_text(
            f"<!DOCTYPE html>\n<html><body>\n<h1>Links for {project}</h1>\n{body}</body></html>\n"
        )
    return root.resolve().as_uri()
