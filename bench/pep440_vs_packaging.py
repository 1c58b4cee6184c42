"""Parse-and-compare throughput of torchpin's PEP 440 code against pip's packaging, same inputs, same run.

Usage: bench/pep440_vs_packaging.py BUILD_DIR [COUNT [ROUNDS]]
Generates COUNT valid versions in varied spellings (torch-like releases, local labels, pre/post/dev
parts, epochs) and times parsing all of them and sorting them for torchpin (bench_pep440), pip's
vendored packaging, and packaging 22+ when installed. The implementations take turns, ROUNDS
times (default 5), each timed as the best of three runs, so a change in the machine's load hits
every implementation alike; the ratio is computed per round. Prints a Markdown table of the
round with the median ratio, and the lowest and highest ratio of all rounds.
"""
import json
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
    return (best_of(3, lambda: [version_module.Version(s) for s in lines]),
            best_of(3, lambda: sorted(parsed)))


def torchpin_times(build_dir, path):
    out = subprocess.run([os.path.join(build_dir, "bench", "bench_pep440"), path, "3"],
                         check=True, capture_output=True, text=True).stdout
    ours = json.loads(out)
    return ours["parse_s"], ours["sort_s"]


def peers():
    """(name, version module) of each Python implementation to compare with."""
    from pip._vendor import packaging as vendored
    from pip._vendor.packaging import version as vendored_version
    found = [("pip's packaging %s" % vendored.__version__, vendored_version)]
    try:
        import packaging
        from packaging import version as modern_version
        found.append(("packaging %s" % packaging.__version__, modern_version))
    except ImportError:
        pass
    return found


def main():
    build_dir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    lines = versions(count)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        results = []  # per round: [(name, parse_s, sort_s)], torchpin first
        for _ in range(rounds):
            rows = [("torchpin", *torchpin_times(build_dir, path))]
            rows += [(name, *python_times(module, lines)) for name, module in peers()]
            results.append(rows)
    finally:
        os.unlink(path)

    def ratio(rows):  # the first peer's parse+sort time over torchpin's
        return (rows[1][1] + rows[1][2]) / (rows[0][1] + rows[0][2])

    ordered = sorted(results, key=ratio)
    median = ordered[len(ordered) // 2]
    print("%d versions, %d rounds, each the best of 3 runs; the round with the median ratio "
          "(all rounds: %.0f× to %.0f×)\n" % (count, rounds, ratio(ordered[0]), ratio(ordered[-1])))
    print("| implementation | parse | sort | parse+sort | ratio to torchpin |")
    print("|---|---|---|---|---|")
    base = median[0][1] + median[0][2]
    for name, parse_s, sort_s in median:
        total = parse_s + sort_s
        print("| %s | %.1f ms | %.1f ms | %.1f ms | %.0f× |" % (
            name, parse_s * 1e3, sort_s * 1e3, total * 1e3, total / base))


if __name__ == "__main__":
    main()
