#!/usr/bin/env python3
"""Whole `resolve`, `which`, `explain` and `check` processes (and `--version`, the part every
command pays) on the embedded matrix and on a matrix that also holds a full-size index, against a
bare `sqlite3 :memory: "select 1"` process, in one run.

Usage: bench/bench_matrix_size.py BUILD_DIR [ROUNDS [RUNS]]
Generates a local mirror of the PyTorch index (bench/generated_mirror.py, without metadata or
synthetic releases: every build data/ publishes, each file listed in /whl/<backend>/<package>/
and /whl/<package>/). `torchpin update --index-url` imports it into a fresh user database on top
of the embedded matrix. Then each round runs the baseline RUNS times and every command RUNS times
on each matrix, the matrices taking turns run by run, and prints a Markdown table of median wall
times and the median over rounds of each ratio: to the baseline (target 2) and, for the big
matrix, to the same command on the embedded one (target 1.2) and on the embedded data copied into
a database file (what the growth alone costs: a file has its own costs to open and read, the same
at any size).
"""
import os
import pathlib
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

from generated_mirror import serving, write_mirror

SOURCE_DIR = pathlib.Path(__file__).resolve().parent.parent
GPU_MACHINE = ["--os", "linux", "--arch", "x86_64", "--python", "3.11", "--glibc", "2.35",
               "--driver", "535.104.05", "--gpu", "8.6"]
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
        generated, _, _ = write_mirror(work / "mirror", build / "matrix.db", with_metadata=False)
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
            # What every command pays before its question: the process, its options and the
            # matrix opened (the banner reads the revision), which bounds the other rows' ratios.
            "--version": ["--version"],
            "resolve --format json (unpinned)": ["resolve", "-q", "--format", "json", *GPU_MACHINE],
            "resolve torch==2.1.2": ["resolve", "-q", "--format", "json", *GPU_MACHINE,
                                     "torch==2.1.2", "torchvision", "torchaudio"],
            "which": ["which", "--format", "json", *GPU_MACHINE],
            "explain torch==2.1.2": ["explain", "--format", "json", *GPU_MACHINE, "torch==2.1.2"],
            "check InvokeAI uv.lock": ["-q", "check", lock],
        }
        # The embedded data in a database file: what a file costs to open and read before the
        # matrix grows (WAL and its shared memory, locks, mapped pages), apart from the growth.
        small = work / "small.db"
        shutil.copyfile(build / "matrix.db", small)
        matrices = {"embedded": "/nonexistent/torchpin-bench.db", "embedded data in a file":
                    str(small), "full-size": str(big)}
        times = {}
        ratios = {}
        for _ in range(rounds):
            # The baseline runs in a block of its own, as each matrix's runs did before they took
            # turns: right after a torchpin process, sqlite3 takes 2.06 ms instead of 1.43 (its
            # code is out of the caches), which would flatter every ratio to it.
            medians = {"baseline": statistics.median(
                wall_ms([sqlite, ":memory:", "select 1"], os.environ) for _ in range(runs))}
            times.setdefault("baseline", []).append(medians["baseline"])
            for name, args in commands.items():
                # The matrices take turns, run by run, so that a slow moment of the machine
                # (this VM's host has them) falls on each alike rather than on one block.
                samples = {matrix: [] for matrix in matrices}
                for _ in range(runs):
                    for matrix, path in matrices.items():
                        env = {**os.environ, "TORCHPIN_DB": path}
                        samples[matrix].append(wall_ms([binary, *args], env))
                for matrix in matrices:
                    medians[(name, matrix)] = statistics.median(samples[matrix])
                    times.setdefault((name, matrix), []).extend(samples[matrix])
            for name in commands:
                for matrix in matrices:
                    ratios.setdefault((name, matrix), []).append(
                        medians[(name, matrix)] / medians["baseline"])
                ratios.setdefault((name, "growth"), []).append(
                    medians[(name, "full-size")] / medians[(name, "embedded")])
                ratios.setdefault((name, "growth of a file"), []).append(
                    medians[(name, "full-size")] / medians[(name, "embedded data in a file")])
        print(f"| command | embedded ms | embedded data in a file ms | full-size ms | "
              f"embedded / sqlite3 | full-size / sqlite3 | full-size / embedded | "
              f"full-size / embedded data in a file |")
        print("|---|---|---|---|---|---|---|---|")
        print(f"| sqlite3 :memory: select 1 | {statistics.median(times['baseline']):.2f} "
              f"| | | 1.00 | | | |")
        for name in commands:
            print(f"| {name} | {statistics.median(times[(name, 'embedded')]):.2f} | "
                  f"{statistics.median(times[(name, 'embedded data in a file')]):.2f} | "
                  f"{statistics.median(times[(name, 'full-size')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'embedded')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'full-size')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'growth')]):.2f} | "
                  f"{statistics.median(ratios[(name, 'growth of a file')]):.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
