#!/usr/bin/env python3
"""Whole `torchpin resolve` processes against pip resolving the same requests, in one run.

Usage: bench/bench_resolve.py BUILD_DIR [RUNS [PIP_RUNS]]
For three typical requests (the first three cases of tests/clients/client_cases.py: torch 2.1.2
on CUDA 12.1, torch 2.7.1 on CUDA 12.8, torch 2.7.1 on CPU; each with torchvision and
torchaudio), runs `torchpin resolve` RUNS times (default 200), each a fresh process on the
embedded matrix, and `pip install --dry-run --report` of the same request and index options
against the case's stand-in indexes (offline, the interpreter running this script) PIP_RUNS
times (default 10). Prints, as a Markdown table, the medians of wall time and of CPU time
(user + system, which machine load barely changes), torchpin's 10th/90th wall percentiles and
the ratios.
"""
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SOURCE_DIR = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SOURCE_DIR / "tests" / "clients"))

from client_cases import CASES  # noqa: E402
from pip_accepts_requirements import offline_environment, write_indexes  # noqa: E402


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_ms(command, env):
    """(wall, CPU) milliseconds of one process; CPU time is what machine load barely changes."""
    cpu_before = children_cpu_seconds()
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=SOURCE_DIR, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        sys.exit(f"{command[0]} exited with {done.returncode}: {done.stderr}")
    return wall, (children_cpu_seconds() - cpu_before) * 1000


def torchpin_times(binary, case, runs):
    env = {**os.environ, "TORCHPIN_DB": "/nonexistent/torchpin-bench.db"}
    command = [binary, "resolve", "-q", *case.torchpin_args]
    return [timed_ms(command, env) for _ in range(runs)]


def pip_times(case, runs, work):
    """pip given the user's request and the index options torchpin prints for the case."""
    root = work / case.name
    write_indexes(root, case)
    backend = (root / "download.pytorch.org" / case.backend_index()).resolve().as_uri()
    pypi = (root / "pypi.org" / "simple").resolve().as_uri()
    requirements = [a for a in case.torchpin_args if a.startswith("torch")]
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--no-cache-dir",
               "--only-binary=:all:", "--target", str(root / "target"), *case.pip_platform,
               "--report", str(root / "report.json"), "--index-url", backend,
               "--extra-index-url", pypi, *requirements]
    return [timed_ms(command, offline_environment()) for _ in range(runs)]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(pathlib.Path(sys.argv[1]).resolve() / "torchpin")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    pip_runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    print("| request | torchpin wall median (p10–p90) | torchpin CPU median | pip wall median "
          "| pip CPU median | pip / torchpin, wall | CPU |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="torchpin-bench-") as work:
        for case in CASES[:3]:
            ours_wall, ours_cpu = zip(*torchpin_times(binary, case, runs))
            pip_wall, pip_cpu = zip(*pip_times(case, pip_runs, pathlib.Path(work)))
            deciles = statistics.quantiles(ours_wall, n=10)
            medians = [statistics.median(t) for t in (ours_wall, ours_cpu, pip_wall, pip_cpu)]
            ratios = medians[2] / medians[0], medians[3] / max(medians[1], 0.1)
            print(f"| {case.name} | {medians[0]:.1f} ms ({deciles[0]:.1f}–{deciles[-1]:.1f}) "
                  f"| {medians[1]:.1f} ms | {medians[2]:.0f} ms | {medians[3]:.0f} ms "
                  f"| {ratios[0]:.0f}× | {ratios[1]:.0f}× |")
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
