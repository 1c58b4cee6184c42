#!/usr/bin/env python3
"""uv (as its documented rules say, tests/clients/uv_index_oracle.py) installs exactly the files
of a `torchpin resolve` answer with packages built against torch.

Usage: uv_installs_companions.py --torchpin PATH --source-dir DIR

For each case of companion_cases.py: resolves with torchpin (requirements), orders the file's
indexes as uv does (extra indexes first, first-index strategy), merges the files of its
--find-links pages into each index, takes each `name @ URL` as that URL, and checks that every
pin is met by the very file the case expects (the same file pip must install): the torch family
and xformers from the backend's folder of the PyTorch index, the labelled PyG files from their
page, flash-attn from its release asset.
"""
import sys

from client_cases import client_arguments, run_cases
from companion_cases import CASES
from pip_accepts_requirements import resolve
from uv_index_oracle import choose_located, index_order, pins


def case_sites(case, pages):
    """Index URL -> (filename, location), and the (filename, location) of each find-links page
    of `pages` (the file's); a location is "<host>/<path>/<file>", as the case's `installs`
    names it. A page the case does not model fails the test."""
    indexes = {
        "https://" + index: [(s.filename, f"{index}/files/{s.filename}") for s in stand_ins]
        for index, stand_ins in case.indexes.items()
    }
    flat = []
    for url in pages:
        page = url.removeprefix("https://")
        if page not in case.find_links:
            raise AssertionError(f"the case has no stand-in for --find-links {url}")
        beside = page.rsplit("/", 1)[0]
        for folder, stand_ins in case.find_links[page].items():
            flat += [(s.filename, f"{beside}/{folder}/{s.filename}") for s in stand_ins]
    return indexes, flat


def direct_references(text):
    """Project -> the location of the URL a `name @ URL` line names."""
    out = {}
    for line in text.splitlines():
        name, at, url = line.partition(" @ ")
        if at and not line.startswith("#"):
            out[name.strip().lower()] = url.strip().removeprefix("https://")
    return out


def check_case(args, case):
    text = resolve(args, case, "requirements")
    options = list(case.pip_platform)
    python = options[options.index("--python-version") + 1]
    platforms = [options[i + 1] for i, o in enumerate(options) if o == "--platform"]
    pages = [line.split()[1] for line in text.splitlines() if line.startswith("--find-links ")]
    indexes, flat = case_sites(case, pages)
    order = index_order(text)
    installed = direct_references(text)
    for project, pinned in pins(text):
        url, location = choose_located(project, pinned, indexes, order, flat, python, platforms)
        if location is None:
            raise AssertionError(f"uv takes {project} only from {url}, no file for =={pinned}")
        installed[project] = location
    for project, expected in case.installs.items():
        if project in ("typing-extensions", "einops"):
            continue  # dependencies, not pins: PyPI's
        if installed.get(project) != expected:
            raise AssertionError(f"uv installs {project} from {installed.get(project)}, "
                                 f"the case's file is {expected}")


def main():
    args = client_arguments(__doc__.splitlines()[0])
    return run_cases(lambda case: check_case(args, case), CASES)


if __name__ == "__main__":
    sys.exit(main())
