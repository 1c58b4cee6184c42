#!/usr/bin/env python3
"""Wall time of whole `torchpin detect --format json` processes on this machine.

Usage: bench/bench_detect.py BUILD_DIR [RUNS]
Runs the binary RUNS times (default 200) with the interpreter cache warm, as every run after the
first is, and 20 times with an empty cache (so each run also starts Python once), and prints the
median and the 10th/90th percentiles of each as a Markdown table. The cache lives in a temporary
directory ($TORCHPIN_CACHE_DIR), so the user's cache is left alone; the embedded matrix is used.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed_runs(binary, runs, environment, fresh_cache_dir=None):
    times = []
    for i in range(runs):
        env = dict(environment)
        if fresh_cache_dir is not None:
            env["TORCHPIN_CACHE_DIR"] = os.path.join(fresh_cache_dir, str(i))
        start = time.perf_counter()
        done = subprocess.run([binary, "--format", "json", "detect"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
        if done.returncode != 0:
            sys.exit("torchpin detect exited with %d" % done.returncode)
    return times


def row(label, times):
    deciles = statistics.quantiles(times, n=10)
    return "| %s | %d | %.1f ms | %.1f ms | %.1f ms |" % (
        label, len(times), statistics.median(times), deciles[0], deciles[-1])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.join(sys.argv[1], "torchpin")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, TORCHPIN_DB=os.path.join(scratch, "none.db"),
                   TORCHPIN_CACHE_DIR=os.path.join(scratch, "warm"))
        timed_runs(binary, 1, env)  # fills the warm cache
        warm = timed_runs(binary, runs, env)
        cold = timed_runs(binary, 20, env, fresh_cache_dir=os.path.join(scratch, "cold"))
    print("| interpreter cache | runs | median | 10th percentile | 90th percentile |")
    print("|---|---|---|---|---|")
    print(row("warm", warm))
    print(row("empty (Python runs once)", cold))


if __name__ == "__main__":
    main()
