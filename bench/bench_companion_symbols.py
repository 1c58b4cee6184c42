#!/usr/bin/env python3
"""doctor's torch symbol check of a companion's extension against large real libraries.

Usage: bench_companion_symbols.py BUILD [REPEATS=10] [LIBRARY...]

Puts the LIBRARY files (default: this machine's libLLVM-14.so and libclang-cpp.so.14, tens of
thousands of exported C++ symbols each) into a scratch site-packages/torch/lib beside a torch
2.8.0+cu128 dist-info, and torch-scatter 2.1.2+pt28cu128 whose RECORD lists the ELF fixture
torch_symbols/extension.so (BUILD/tests/elf_fixtures), which imports two c10 symbols no such
library exports: every table is walked to its end, the worst case. Then times in the same run,
as medians of REPEATS:
  with      `torchpin doctor …` reading the extension's imports and every library's exports
  without   the same with the extension left out of RECORD: no symbol table is read
and prints the difference, the cost of the check, with the libraries' exported symbol counts.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_LIBRARIES = ["/usr/lib/llvm-14/lib/libLLVM-14.so", "/usr/lib/llvm-14/lib/libclang-cpp.so.14"]


def timed(command, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if run.returncode not in (0, 1):
            sys.exit(f"{command[0]} exited {run.returncode}: {run.stderr.decode()[-500:]}")
    return statistics.median(times), json.loads(run.stdout)


def exported_symbols(path):
    out = subprocess.run(["nm", "-D", "--defined-only", path], stdout=subprocess.PIPE, check=True)
    return len(out.stdout.splitlines())


def write_dist_info(site, name, version, record_lines):
    folder = os.path.join(site, f"{name}-{version}.dist-info")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    with open(os.path.join(folder, "RECORD"), "w") as f:
        f.write("".join(line + ",,\n" for line in record_lines))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    libraries = sys.argv[3:] or DEFAULT_LIBRARIES
    torchpin = os.path.join(build, "torchpin")
    extension = os.path.join(build, "tests", "elf_fixtures", "torch_symbols", "extension.so")
    with tempfile.TemporaryDirectory() as scratch:
        site = os.path.join(scratch, "lib", "python3.12", "site-packages")
        lib = os.path.join(site, "torch", "lib")
        os.makedirs(lib)
        for path in libraries:
            shutil.copyfile(path, os.path.join(lib, os.path.basename(path)))
        write_dist_info(site, "torch", "2.8.0+cu128", [])
        os.makedirs(os.path.join(site, "torch_scatter"))
        shutil.copyfile(extension, os.path.join(site, "torch_scatter", "_scatter_cuda.so"))
        doctor = [torchpin, "doctor", "--site-packages", site, "--os", "linux", "--arch", "x86_64",
                  "--python", "3.12", "--glibc", "2.36", "--cpu-only", "--format", "json", "-q"]
        write_dist_info(site, "torch-scatter", "2.1.2+pt28cu128", ["torch_scatter/_scatter_cuda.so"])
        with_time, report = timed(doctor, repeats)
        ids = [f["id"] for f in report["findings"]]
        if "companion-missing-torch-symbol" not in ids:
            sys.exit(f"the check found nothing missing: {ids}")
        write_dist_info(site, "torch-scatter", "2.1.2+pt28cu128", ["torch_scatter/__init__.py"])
        without_time, _ = timed(doctor, repeats)
    counts = {os.path.basename(path): exported_symbols(path) for path in libraries}
    total = sum(counts.values())
    print("torch/lib: " + ", ".join(f"{name} ({n} exported)" for name, n in counts.items()))
    print(f"with the check     {with_time * 1000:8.1f} ms")
    print(f"without            {without_time * 1000:8.1f} ms")
    cost = with_time - without_time
    print(f"the check          {cost * 1000:8.1f} ms  ({cost / total * 1e9:.0f} ns per exported "
          f"symbol, {total} walked)")


if __name__ == "__main__":
    main()
