#!/usr/bin/env python3
"""doctor on an environment of N real native libraries, against ldd on the same files.

Usage: bench_doctor.py BUILD [LIBRARIES=300] [REPEATS=10]

Copies N real ELF shared objects of this machine (/usr/lib/<triplet>, Python's lib-dynload) into
a scratch site-packages/torch/lib with a torch dist-info, then times in the same run:
  doctor   `torchpin doctor --site-packages … --format json` (machine given by options, so no
           detection runs): reads every library, resolves every DT_NEEDED, checks every version
  ldd      one `ldd` over the same files: the dynamic loader itself resolving them
  floor    `torchpin --version`: the cost of starting the process
and prints the medians, the time per library and the ratios.
"""
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time


def is_elf(path):
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def real_libraries(count):
    triplet = sysconfig.get_config_var("MULTIARCH") or "x86_64-linux-gnu"
    folders = [f"/usr/lib/{triplet}", os.path.join(sysconfig.get_config_var("DESTSHARED") or "", "")]
    found = []
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if (".so" in name and os.path.isfile(path) and not os.path.islink(path)
                    and os.path.getsize(path) < 20 << 20 and is_elf(path)):
                found.append(path)
    if len(found) < count:
        sys.exit(f"only {len(found)} shared objects found, {count} wanted")
    return found[:count]


def timed(command, repeats, ok_codes=(0,)):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if run.returncode not in ok_codes:
            sys.exit(f"{command[0]} exited {run.returncode}: {run.stderr.decode()[-500:]}")
    return statistics.median(times), run


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    torchpin = os.path.join(build, "torchpin")
    with tempfile.TemporaryDirectory() as scratch:
        site = os.path.join(scratch, "lib", "python3.11", "site-packages")
        lib = os.path.join(site, "torch", "lib")
        os.makedirs(lib)
        copies = []
        for i, path in enumerate(real_libraries(count)):
            copy = os.path.join(lib, os.path.basename(path))
            shutil.copyfile(path, copy)
            copies.append(copy)
        dist_info = os.path.join(site, "torch-2.5.1+cpu.dist-info")
        os.makedirs(dist_info)
        with open(os.path.join(dist_info, "METADATA"), "w") as f:
            f.write("Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cpu\n")
        doctor = [torchpin, "doctor", "--site-packages", site, "--os", "linux", "--arch", "x86_64",
                  "--python", "3.11", "--glibc", "2.36", "--cpu-only", "--format", "json", "-q"]
        doctor_time, run = timed(doctor, repeats, ok_codes=(0, 1))
        import json
        report = json.loads(run.stdout)
        ldd_time, _ = timed(["ldd"] + copies, repeats, ok_codes=(0, 1))
        floor_time, _ = timed([torchpin, "--version"], repeats)
    checked = report["libraries_checked"]
    print(f"libraries copied: {count}; doctor read {checked} (with the system libraries it "
          f"checked versions against), findings: {len(report['findings'])}")
    print(f"doctor   {doctor_time * 1000:8.1f} ms  ({doctor_time / count * 1e6:.0f} µs per library)")
    print(f"ldd      {ldd_time * 1000:8.1f} ms  (doctor / ldd = {doctor_time / ldd_time:.2f})")
    print(f"floor    {floor_time * 1000:8.1f} ms  (torchpin --version; doctor / floor = "
          f"{doctor_time / floor_time:.1f})")


if __name__ == "__main__":
    main()
