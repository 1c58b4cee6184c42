#!/usr/bin/env python3
"""A first `torchpin update --jobs 8` from a full-size local mirror, and the update after it on
the unchanged mirror, against the bare transfer of the same pages and metadata files, in one run.

Usage: bench/bench_update.py BUILD_DIR [ROUNDS [SYNTHETIC_RELEASES]]
Generates the mirror of bench/generated_mirror.py with PEP 658 metadata beside every wheel and
SYNTHETIC_RELEASES (default 8) made-up future releases, so that it holds at least 60 torch
releases. Each round: the baseline fetches, with 8 threads and one kept-alive connection each,
every page the update reads and the metadata file of the first wheel per companion release and
backend (what the update fetches); then `torchpin update --jobs 8` into a new user database (a
copy of the embedded matrix), then again (unchanged: If-Modified-Since, 304s). Prints a Markdown
table of median wall times and ratios.
"""
import concurrent.futures
import http.client
import json
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
import urllib.parse

from generated_mirror import serving, write_mirror


def urls_to_fetch(mirror, base):
    """Every page under whl/ and one metadata file per companion release and backend."""
    whl = mirror / "whl"
    urls = [base + str(p.parent.relative_to(whl)) + "/" if p.parent != whl else base
            for p in whl.rglob("index.html")]
    chosen = {}
    for metadata in sorted(whl.glob("*/*.metadata")):
        package, version = metadata.name.split("-")[:2]
        if package != "torch":
            chosen.setdefault((package, version), metadata)
    for metadata in chosen.values():
        name = metadata.name.replace("+", "%2B")
        urls.append(f"{base}{metadata.parent.name}/{name}")
    return urls


def fetch_all(urls, jobs=8):
    local = threading.local()

    def get(url):
        parts = urllib.parse.urlsplit(url)
        if not hasattr(local, "connection"):
            local.connection = http.client.HTTPConnection(parts.hostname, parts.port)
        local.connection.request("GET", parts.path)
        response = local.connection.getresponse()
        body = response.read()
        if response.status != 200:
            sys.exit(f"baseline: {url} answered {response.status}")
        return len(body)

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return sum(pool.map(get, urls))


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited with {done.returncode}: {done.stderr}")
    return elapsed, json.loads(done.stdout)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = pathlib.Path(sys.argv[1]).resolve()
    binary = str(build / "torchpin")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    synthetic = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    work = pathlib.Path(tempfile.mkdtemp(prefix="torchpin-bench-update-"))
    try:
        links, metadata_files, releases = write_mirror(work / "mirror", build / "matrix.db",
                                                       synthetic_releases=synthetic)
        times = {"baseline": [], "first": [], "unchanged": []}
        with serving(work / "mirror") as url:
            urls = urls_to_fetch(work / "mirror", url)
            for n in range(rounds):
                start = time.perf_counter()
                fetch_all(urls)
                times["baseline"].append(time.perf_counter() - start)
                db = work / f"round{n}.db"
                update = [binary, "--db", str(db), "--format", "json", "-q", "update",
                          "--index-url", url, "--jobs", "8"]
                elapsed, first = timed(update)
                times["first"].append(elapsed)
                elapsed, again = timed(update)
                times["unchanged"].append(elapsed)
                if again["revision"] is not None or again["metadata_fetched"] != 0:
                    sys.exit(f"the unchanged update changed something: {again}")
        matrix = sqlite3.connect(work / "round0.db")
        rows = matrix.execute("SELECT count(*) FROM wheel_file WHERE valid_to IS NULL").fetchone()[0]
        print(f"generated mirror: {releases} torch releases ({synthetic} synthetic), {links} file "
              f"links, {metadata_files} metadata files; baseline: {len(urls)} URLs\n"
              f"first update: {first['pages_fetched']} pages, {first['metadata_fetched']} metadata "
              f"files fetched, {rows} current wheel-file rows; unchanged update: "
              f"{again['pages_unchanged']} pages 304, {again['pages_skipped']} skipped\n")
        base = statistics.median(times["baseline"])
        print("| step | median s | / baseline |")
        print("|---|---|---|")
        print(f"| baseline: fetch the same pages and metadata | {base:.2f} | 1.00 |")
        for step, label in (("first", "first `update --jobs 8`"),
                            ("unchanged", "`update` on the unchanged mirror")):
            median = statistics.median(times[step])
            print(f"| {label} | {median:.2f} | {median / base:.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
