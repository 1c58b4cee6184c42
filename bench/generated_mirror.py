"""A generated local mirror of the PyTorch index for the benchmarks: PEP 503 pages under /whl/,
with PEP 658 metadata beside every wheel, served by Python's http.server on 127.0.0.1.

For every build data/ publishes (release, backend, OS, CPU) and every Python its release lists, a
torch, torchvision and torchaudio wheel of the paired versions, with the platform tags the index
has used for that OS and CPU (four spellings on Linux, as releases from 1.x to 2.x used them),
listed both in /whl/<backend>/<package>/ and in /whl/<package>/ as download.pytorch.org does.
Optionally, clearly synthetic future releases (2.90.0, 2.91.0, ...) with the builds of the newest
release that has a Python list. Each link carries data-core-metadata="sha256=…" and the mirror
serves "<wheel>.metadata": torchvision and torchaudio require their torch exactly. The release,
backend and Python lists are data/'s; file names, metadata and digests are generated.
"""
import contextlib
import functools
import hashlib
import http.server
import sqlite3
import threading

PLATFORMS = {
    ("linux", "x86_64"): ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64",
                          "manylinux1_x86_64", "linux_x86_64"],
    ("linux", "aarch64"): ["manylinux_2_28_aarch64", "manylinux_2_17_aarch64",
                           "manylinux2014_aarch64", "linux_aarch64"],
    ("windows", "x86_64"): ["win_amd64"],
    ("windows", "aarch64"): ["win_arm64"],
    ("macos", "aarch64"): ["macosx_11_0_arm64"],
    ("macos", "x86_64"): ["macosx_10_9_x86_64"],
}


def tables_of(matrix_db):
    """A connection that reads every table of a matrix database file: a packed file keeps its
    seldom-read tables, the curated ones among them, as a database in image_rest's one row
    (engine/matrix/packed_tables.hpp), which this opens in memory."""
    db = sqlite3.connect(matrix_db)
    packed = db.execute("SELECT name FROM sqlite_schema WHERE name = 'image_rest'").fetchone()
    part = db.execute("SELECT bytes FROM image_rest").fetchone() if packed else None
    if part is None:
        return db
    rest = sqlite3.connect(":memory:")
    rest.deserialize(part[0])
    return rest


def builds(matrix_db, synthetic_releases=0):
    """(torch, torchvision, torchaudio, backend, os, arch, pythons) of every published build, and
    of `synthetic_releases` made-up releases 2.90.0, 2.91.0, … with the newest release's builds."""
    db = tables_of(matrix_db)
    rows = db.execute(
        "SELECT r.torch, r.torchvision, r.torchaudio, b.backend, b.os, b.arch, r.python "
        "FROM release_backend b JOIN torch_release r ON r.torch = b.torch "
        "WHERE r.python IS NOT NULL AND b.valid_to IS NULL AND r.valid_to IS NULL")
    found = [(t, v, a, backend, os_, arch, python.split())
             for t, v, a, backend, os_, arch, python in rows]
    newest = max(found, key=lambda b: tuple(int(p) for p in b[0].split(".")))[0]
    for n in range(synthetic_releases):
        for torch, _, _, backend, os_, arch, pythons in [b for b in found if b[0] == newest]:
            found.append((f"2.{90 + n}.0", f"0.{190 + n}.0", f"2.{90 + n}.0", backend, os_, arch,
                          pythons))
    return found


def wheel_names(build):
    torch, vision, audio, backend, os_, arch, pythons = build
    for package, version in (("torch", torch), ("torchvision", vision), ("torchaudio", audio)):
        if version is None:
            continue
        for python in pythons:
            tag = "cp" + python.replace(".", "")
            for platform in PLATFORMS.get((os_, arch), []):
                yield package, version, torch, backend, f"{package}-{version}+{backend}-{tag}-{tag}-{platform}.whl"


def metadata_of(package, version, backend, torch):
    requires = f"Requires-Dist: torch=={torch}\n" if package != "torch" else ""
    return (f"Metadata-Version: 2.1\nName: {package}\nVersion: {version}+{backend}\n"
            f"Requires-Python: >=3.8\nRequires-Dist: numpy\n{requires}").encode()


def write_mirror(root, matrix_db, synthetic_releases=0, with_metadata=True):
    """Writes the mirror under root/whl; returns (file links, metadata files, torch releases)."""
    pages = {}
    whl = root / "whl"
    metadata_files = 0
    releases = set()
    for build in builds(matrix_db, synthetic_releases):
        releases.add(build[0])
        for package, version, torch, backend, name in wheel_names(build):
            attribute = ""
            if with_metadata:
                body = metadata_of(package, version, backend, torch)
                target = whl / backend / (name + ".metadata")  # http.server unquotes %2B
                if not target.exists():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(body)
                    metadata_files += 1
                digest = hashlib.sha256(body).hexdigest()
                attribute = f' data-dist-info-metadata="sha256={digest}" data-core-metadata="sha256={digest}"'
            for folder in (f"{backend}/{package}", package):
                pages.setdefault(folder, set()).add((backend, name, attribute))
    rows = 0
    for folder, files in pages.items():
        directory = whl / folder
        directory.mkdir(parents=True, exist_ok=True)
        links = "".join(f'<a href="/whl/{backend}/{name.replace("+", "%2B")}"{attribute}>{name}</a><br/>\n'
                        for backend, name, attribute in sorted(files))
        (directory / "index.html").write_text(f"<!DOCTYPE html>\n<html><body>\n{links}</body></html>\n")
        rows += len(files)
    top = sorted({folder.split("/")[0] for folder in pages})
    (whl / "index.html").write_text("<!DOCTYPE html>\n<html><body>\n" + "".join(
        f'<a href="{name}/">{name}</a><br/>\n' for name in top) + "</body></html>\n")
    return rows, metadata_files, len(releases)


@contextlib.contextmanager
def serving(root):
    """Serves root on 127.0.0.1; yields the URL of its /whl/."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        # The default backlog of 5 drops the SYNs of 8 parallel transfers: 1 s retransmits.
        request_queue_size = 128

    handler = functools.partial(Quiet, directory=str(root))
    server = Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/whl/"
    finally:
        server.shutdown()
