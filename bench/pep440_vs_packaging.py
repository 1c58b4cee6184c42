#!/usr/bin/env python3
"""Parse-and-compare throughput of torchpin's PEP 440 code against pip's packaging, same inputs, same run.

Usage: bench/pep440_vs_packaging.py BUILD_DIR [COUNT]
Generates COUNT valid versions in varied spellings (torch-like releases, local labels, pre/post/dev
parts, epochs), times parsing all of them and sorting them, best of five runs each, for:
  torchpin (bench_pep440), pip's vendored packaging, and packaging 22+ when installed.
Prints a Markdown table with the ratio of each peer's time to torchpin's.
"""
import os
import random
import subprocess
import sys
import tempfile
import time


def versions(count, seed=440):
    rng = random.Random(seed)
    letters = ["a", "b", "rc", "alpha", "beta", "c", "pre", "preview"]
    locals_ = ["cu118", "cu121", "cu124", "cu128", "cpu", "rocm6.2", "xpu", "cpu.cxx11.abi"]
    out = []
    for _ in range(count):
        v = "%d.%d.%d" % (rng.randrange(3), rng.randrange(20), rng.randrange(5))
        if rng.random() < 0.1:
            v = "%d!%s" % (rng.randrange(3), v)
        if rng.random() < 0.2:
            v += rng.choice(["", ".", "-"]) + rng.choice(letters) + str(rng.randrange(5))
        if rng.random() < 0.1:
            v += ".post%d" % rng.randrange(3)
        if rng.random() < 0.15:
            v += ".dev2024%04d" % rng.randrange(1300)
        if rng.random() < 0.5:
            v += "+" + rng.choice(locals_)
        out.append(v)
    return out


def best_of(runs, action):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def python_times(version_module, lines):
    parsed = [version_module.Version(s) for s in lines]
    return (best_of(5, lambda: [version_module.Version(s) for s in lines]),
            best_of(5, lambda: sorted(parsed)))


def main():
    build_dir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    lines = versions(count)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        out = subprocess.run([os.path.join(build_dir, "bench", "bench_pep440"), path, "5"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    import json
    ours = json.loads(out)
    rows = [("torchpin", ours["parse_s"], ours["sort_s"])]
    from pip._vendor import packaging as vendored
    from pip._vendor.packaging import version as vendored_version
    rows.append(("pip's packaging %s" % vendored.__version__, *python_times(vendored_version, lines)))
    try:
        import packaging
        from packaging import version as modern_version
        rows.append(("packaging %s" % packaging.__version__, *python_times(modern_version, lines)))
    except ImportError:
        pass
    print("%d versions, best of 5 runs\n" % count)
    print("| implementation | parse | sort | parse+sort | ratio to torchpin |")
    print("|---|---|---|---|---|")
    base = ours["parse_s"] + ours["sort_s"]
    for name, parse_s, sort_s in rows:
        total = parse_s + sort_s
        print("| %s | %.1f ms | %.1f ms | %.1f ms | %.0f× |" % (
            name, parse_s * 1e3, sort_s * 1e3, total * 1e3, total / base))


if __name__ == "__main__":
    main()
