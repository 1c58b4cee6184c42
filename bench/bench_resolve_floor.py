#!/usr/bin/env python3
"""Whole `torchpin resolve --format json` processes against the floor of any process, in one run.

Usage: bench/bench_resolve_floor.py BUILD_DIR [ROUNDS [RUNS]]
The baseline is a bare `sqlite3 :memory: "select 1"` process (Debian's sqlite3 package): starting
a small dynamically linked program that opens SQLite. Each round runs it, a pinned request for an
older release (torch==2.1.2 with its companions on an Ampere GPU and driver 535) and an unpinned
request on the same machine, RUNS times each (default 20), alternating so that the machine's
drifts hit all three alike, on the embedded matrix. Prints a Markdown table: the median wall time
of each over all runs, and the median over rounds of each round's ratio to the baseline
(target: at most 2.5 for both requests).
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

MACHINE = ["--os", "linux", "--arch", "x86_64", "--python", "3.11", "--glibc", "2.35",
           "--driver", "535.104.05", "--gpu", "8.6"]


def wall_ms(command, env):
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        sys.exit(f"{command[0]} exited with {done.returncode}: {done.stderr}")
    return elapsed


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(pathlib.Path(sys.argv[1]) / "torchpin")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    sqlite = shutil.which("sqlite3")
    if sqlite is None:
        sys.exit("needs the sqlite3 program: apt-get install sqlite3")
    env = {**os.environ, "TORCHPIN_DB": "/nonexistent/torchpin-bench.db"}
    commands = {
        "sqlite3 :memory: select 1": [sqlite, ":memory:", "select 1"],
        "resolve torch==2.1.2 (pinned, older)":
            [binary, "resolve", "-q", "--format", "json", *MACHINE,
             "torch==2.1.2", "torchvision", "torchaudio"],
        "resolve (unpinned)": [binary, "resolve", "-q", "--format", "json", *MACHINE],
    }
    times = {name: [] for name in commands}
    ratios = {name: [] for name in commands}
    for _ in range(rounds):
        medians = {}
        for name, command in commands.items():
            samples = []
            for _ in range(runs):
                samples.append(wall_ms(command, env))
            times[name] += samples
            medians[name] = statistics.median(samples)
        baseline = medians["sqlite3 :memory: select 1"]
        for name in commands:
            ratios[name].append(medians[name] / baseline)
    print("| process | median wall ms | ratio to sqlite3 (median of rounds) | worst round |")
    print("|---|---|---|---|")
    for name in commands:
        print(f"| {name} | {statistics.median(times[name]):.2f} | "
              f"{statistics.median(ratios[name]):.2f} | {max(ratios[name]):.2f} |")


if __name__ == "__main__":
    main()
