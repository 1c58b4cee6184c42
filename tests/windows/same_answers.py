#!/usr/bin/env python3
"""The same answers on Linux and Windows: runs every golden case of the given folders with the
Linux torchpin and with torchpin.exe under wine, and fails on any difference in exit code, stdout
or stderr (byte for byte: both write "\\n" line endings)."""
import argparse
import concurrent.futures
import os
import pathlib
import subprocess
import sys


def split_words(line):
    """Splits a case's command as tests/cli/golden_test.cpp does: single quotes group."""
    words, word, quoted, any_char = [], "", False, False
    for c in line:
        if c == "'":
            quoted, any_char = not quoted, True
        elif c == " " and not quoted:
            if any_char:
                words.append(word)
            word, any_char = "", False
        else:
            word, any_char = word + c, True
    if any_char:
        words.append(word)
    return words


def parse_case(text):
    case = {"command": "", "env": "", "stdin": ""}
    section = None
    for line in text.splitlines():
        if line.startswith("$ torchpin"):
            case["command"] = line[11:]
        elif line == "<<< env":
            section = "env"
        elif line == "<<< stdin":
            section = "stdin"
        elif line.startswith(">>> "):
            section = None
        elif section:
            case[section] += line + "\n"
    return case


def environment(case):
    """As golden_test.cpp: no user database, a fixed today, then the case's own lines."""
    env = dict(os.environ, TORCHPIN_DB="/nonexistent/torchpin-test.db", TORCHPIN_TODAY="2026-10-01")
    for line in case["env"].splitlines():
        name, _, value = line.partition("=")
        env[name] = value
    return env


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--linux", required=True)
    parser.add_argument("--windows", required=True, help="torchpin.exe")
    parser.add_argument("--wine-run", required=True, help="scripts/wine-run")
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    os.chdir(args.source_dir)
    cases = sorted(p for folder in args.folders for p in pathlib.Path(folder).glob("*.case"))
    if not cases:
        print("no golden cases found", file=sys.stderr)
        return 1
    def answers(path):
        case = parse_case(path.read_text())
        words = split_words(case["command"])
        runs = []
        for command in ([args.linux], [args.wine_run, args.windows]):
            done = subprocess.run(command + words, input=case["stdin"].encode(), capture_output=True,
                                  env=environment(case), timeout=300)
            # Seen once in many runs: Wine exits 1 having printed nothing at all, while another
            # prefix's server starts. torchpin never ends that way, so that one run is repeated.
            if done.returncode == 1 and not done.stdout and not done.stderr and command != [args.linux]:
                print(f"wine printed nothing and exited 1 for {path}; running it again")
                done = subprocess.run(command + words, input=case["stdin"].encode(),
                                      capture_output=True, env=environment(case), timeout=300)
            runs.append((done.returncode, done.stdout, done.stderr))
        return path, runs

    # Several at once: Wine starts its server and services once while programs keep it busy,
    # instead of for every program (about 3 s each).
    differing = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for path, runs in pool.map(answers, cases):
            if runs[0] == runs[1]:
                continue
            differing.append(path)
            (linux_code, linux_out, linux_err), (win_code, win_out, win_err) = runs
            print(f"DIFFERENT {path}: exit {linux_code} vs {win_code}")
            if linux_out != win_out:
                print(f"  stdout linux  : {linux_out[:400]!r}\n  stdout windows: {win_out[:400]!r}")
            if linux_err != win_err:
                print(f"  stderr linux  : {linux_err[:400]!r}\n  stderr windows: {win_err[:400]!r}")
    print(f"{len(cases) - len(differing)} of {len(cases)} cases answered the same on both systems")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
