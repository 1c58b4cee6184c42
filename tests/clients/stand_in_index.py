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
    """One wheel file: its exact name as the index lists it, and what its METADATA requires.

    metadata_version is the Version of METADATA where it differs from the file name's: flash-attn's
    release assets are renamed after the build (`2.8.3` becomes `2.8.3+cu12torch2.8cxx11abiTRUE`,
    Dao-AILab/flash-attention .github/workflows/_build.yml), their METADATA keeps `2.8.3`.
    """

    filename: str
    requires: tuple = field(default_factory=tuple)
    metadata_version: str = None

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
    version = stand_in.metadata_version or stand_in.version
    dist_info = f"{stand_in.project}-{version}.dist-info"
    metadata = "Metadata-Version: 2.1\nName: {}\nVersion: {}\n{}".format(
        stand_in.project,
        version,
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


def write_wheels(folder, stand_ins):
    """Writes folder/<wheel> for each stand-in (a release's assets); returns {file name: sha256}."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return {
        s.filename: hashlib.sha256(_wheel_bytes(s, folder / s.filename)).hexdigest()
        for s in stand_ins
    }


def build_find_links_page(page, stand_ins_by_folder):
    """A flat HTML page like data.pyg.org/whl/torch-2.8.0+cu128.html: one anchor per wheel, the
    href relative to the page, `+` written %2B, no hash (pyg-team/pyg-lib
    .github/workflows/aws/upload_final_index.py); each folder beside the page holds its wheels."""
    page = pathlib.Path(page)
    anchors = []
    for folder, stand_ins in stand_ins_by_folder.items():
        for filename in write_wheels(page.parent / folder, stand_ins):
            href = f"{folder}/{filename}".replace("+", "%2B")
            anchors.append(f'<a href="{html.escape(href)}">{html.escape(filename)}</a><br/>')
    body = "\n".join(anchors)
    page.write_text(f"<!DOCTYPE html>\n<html>\n<body>\n{body}\n</body>\n</html>")


def build_index(root, stand_ins):
    """Writes root/files/<wheel> and root/<project>/index.html; returns the index's file:// URL."""
    root = pathlib.Path(root)
    links = {}
    for filename, digest in write_wheels(root / "files", stand_ins).items():
        stand_in = StandIn(filename)
        href = "../files/{}#sha256={}".format(urllib.parse.quote(filename), digest)
        links.setdefault(normalize(stand_in.project), []).append((href, filename))
    for project, anchors in links.items():
        (root / project).mkdir(exist_ok=True)
        body = "".join(
            '<a href="{}">{}</a><br/>\n'.format(html.escape(h), html.escape(n)) for h, n in anchors
        )
        (root / project / "index.html").write_text(
            f"<!DOCTYPE html>\n<html><body>\n<h1>Links for {project}</h1>\n{body}</body></html>\n"
        )
    return root.resolve().as_uri()
