#!/usr/bin/env python3
"""Whole `resolve`, `which`, `explain` processes on the embedded matrix and on a matrix that also
holds a full-size index, against a bare `sqlite3 :memory: "select 1"` process, in one run.

Usage: bench/bench_matrix_size.py BUILD_DIR [ROUNDS [RUNS]]
Generates a local mirror of the PyTorch index (PEP 503 pages under /whl/, served by Python's
http.server on 127.0.0.1): for every build data/ publishes (release, backend, OS, CPU) and every
Python its release lists, a torch, torchvision and torchaudio wheel of the paired versions, with
the platform tags the index has used for that OS and CPU (four spellings on Linux, as
releases from 1.x to 2.x used them), listed
both in /whl/<backend>/<package>/ and in /whl/<package>/ as download.pytorch.org does. The
release, backend and Python lists are data/'s; the file names are generated. `torchpin update
--index-url` imports it into a fresh user database on top of the embedded matrix. Then each
round runs the baseline and every command RUNS times on both matrices, alternating, and prints
a Markdown table of median wall times and the median over rounds of each ratio: to the baseline
(target 2) and, for the big matrix, to the same command on the embedded one (target 1.2).
"""
import contextlib
import functools
import http.server
import os
import pathlib
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

SOURCE_DIR = pathlib.Path(__file__).resolve().parent.parent
GPU_MACHINE = ["--os", "linux", "--arch", "x86_64", "--python", "3.11", "--glibc", "2.35",
               "--driver", "535.104.05", "--gpu", "8.6"]
PLATFORMS = {
    ("linux", "x86_64"): ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64",
                          "manylinux1_x86_64",
                          "linux_x86_64"],
    ("linux", "aarch64"): ["manylinux_2_28_aarch64", "manylinux_2_17_aarch64",
                           "manylinux2014_aarch64", "linux_aarch64"],
    ("windows", "x86_64"): ["win_amd64"],
    ("windows", "aarch64"): ["win_arm64"],
    ("macos", "aarch64"): ["macosx_11_0_arm64"],
    ("macos", "x86_64"): ["macosx_10_9_x86_64"],
}


def builds(matrix_db):
    """(torch, torchvision, torchaudio, backend, os, arch, pythons) of every published build."""
    db = sqlite3.connect(matrix_db)
    rows = db.execute(
        "SELECT r.torch, r.torchvision, r.torchaudio, b.backend, b.os, b.arch, r.python "
        "FROM release_backend b JOIN torch_release r ON r.torch = b.torch "
        "WHERE r.python IS NOT NULL AND b.valid_to IS NULL AND r.valid_to IS NULL")
    return [(t, v, a, backend, os_, arch, python.split()) for t, v, a, backend, os_, arch, python
            in rows]


def wheel_names(build):
    torch, vision, audio, backend, os_, arch, pythons = build
    for package, version in (("torch", torch), ("torchvision", vision), ("torchaudio", audio)):
        if version is None:
            continue
        for python in pythons:
            tag = "cp" + python.replace(".", "")
            abi = tag if not tag.endswith("t") else tag
            for platform in PLATFORMS.get((os_, arch), []):
                yield package, backend, f"{package}-{version}+{backend}-{tag}-{abi}-{platform}.whl"


def write_mirror(root, matrix_db):
    pages = {}
    for build in builds(matrix_db):
        for package, backend, name in wheel_names(build):
            for folder in (f"{backend}/{package}", package):
                pages.setdefault(folder, set()).add((backend, name))
    whl = root / "whl"
    rows = 0
    for folder, files in pages.items():
        directory = whl / folder
        directory.mkdir(parents=True, exist_ok=True)
        links = "".join(f'<a href="/whl/{backend}/{name}">{name}</a><br/>\n'
                        for backend, name in sorted(files))
        (directory / "index.html").write_text(f"<!DOCTYPE html>\n<html><body>\n{links}</body></html>\n")
        rows += len(files)
    top = sorted({folder.split("/")[0] for folder in pages})
    (whl / "index.html").write_text("<!DOCTYPE html>\n<html><body>\n" + "".join(
        f'<a href="{name}/">{name}</a><br/>\n' for name in top) + "</body></html>\n")
    return rows


@contextlib.contextmanager
def serving(root):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/whl/"
    finally:
        server.shutdown()


def wall_ms(command, env):
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=SOURCE_DIR, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited with {done.returncode}: {done.stderr}")
    return elapsed


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = pathlib.Path(sys.argv[1]).resolve()
    binary = str(build / "torchpin")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    sqlite = shutil.which("sqlite3") or sys.exit("needs the sqlite3 program: apt-get install sqlite3")
    work = pathlib.Path(tempfile.mkdtemp(prefix="torchpin-bench-size-"))
    try:
        generated = write_mirror(work / "mirror", build / "matrix.db")
        big = work / "big.db"
        with serving(work / "mirror") as url:
            done = subprocess.run([binary, "--db", str(big), "-q", "update", "--index-url", url],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"update failed: {done.stderr}")
        db = sqlite3.connect(big)
        wheel_rows = db.execute("SELECT count(*) FROM wheel_file WHERE valid_to IS NULL").fetchone()[0]
        releases = db.execute("SELECT count(DISTINCT package || ' ' || rtrim(version, "
                              "replace(version, '+', ''))) FROM wheel_file").fetchone()[0]
        db.close()
        print(f"generated mirror: {generated} file links; big matrix: {wheel_rows} current "
              f"wheel-file rows, {releases} package releases\n")
        lock = str(SOURCE_DIR / "tests/data/raw/lockfiles/invoke-ai+InvokeAI/uv.lock")
        commands = {
            "resolve --format json (unpinned)": ["resolve", "-q", "--format", "json", *GPU_MACHINE],
            "resolve torch==2.1.2": ["resolve", "-q", "--format", "json", *GPU_MACHINE,
                                     "torch==2.1.2", "torchvision", "torchaudio"],
            "which": ["which", "--format", "json", *GPU_MACHINE],
            "explain torch==2.1.2": ["explain", "--format", "json", *GPU_MACHINE, "torch==2.1.2"],
            "check InvokeAI uv.lock": ["-q", "check", lock],
        }
        matrices = {"embedded": "/nonexistent/torchpin-bench.db", "full-size": str(big)}
        times = {}
        ratios = {}
        for _ in range(rounds):
            medians = {"baseline": statistics.median(
                wall_ms([sqlite, ":memory:", "select 1"], os.environ) for _ in range(runs))}
            times.setdefault("baseline", []).append(medians["baseline"])
            for name, args in commands.items():
                for matrix, path in matrices.items():
                    env = {**os.environ, "TORCHPIN_DB": path}
                    samples = [wall_ms([binary, *args], env) for _ in range(runs)]
                    medians[(name, matrix)] = statistics.median(samples)
                    times.setdefault((name, matrix), []).extend(samples)
            for name in commands:
                for matrix in matrices:
                    ratios.setdefault((name, matrix), []).append(
                        medians[(name, matrix)] / medians["baseline"])
                ratios.setdefault((name, "growth"), []).append(
                    medians[(name, "full-size")] / medians[(name, "embedded")])
        print(f"| command | embedded ms | full-size ms | embedded / sqlite3 | full-size / sqlite3 "
              f"| full-size / embedded |")
        print("|---|---|---|---|---|---|")
        print(f"| sqlite3 :memory: select 1 | {statistics.median(times['baseline']):.2f} | | 1.00 | | |")
        for name in commands:
            print(f"| {name} | {statistics.median(times[(name, 'embedded')]):.2f} | "
                  f"{statistics.median(times[(name, 'full-size')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'embedded')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'full-size')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'growth')]):.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
