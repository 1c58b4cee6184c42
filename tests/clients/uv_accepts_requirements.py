#!/usr/bin/env python3
"""uv (as its documented index rules say, tests/clients/uv_index_oracle.py) installs exactly the
pins of every `torchpin resolve` requirements file from the index torchpin means.

Usage: uv_accepts_requirements.py --torchpin PATH --source-dir DIR

For each case of client_cases.py (stand-in indexes with PyPI decoys: the same release without a
label, on Windows PyPI's CPU build): resolves with torchpin, orders the file's indexes as uv does
(extra indexes first, first-index strategy) and checks that each torch-family pin is met, from
the backend's index, with the version the case expects.
"""
import sys

from client_cases import client_arguments, run_cases
from pip_accepts_requirements import resolve
from uv_index_oracle import choose, index_order, pins

PYTORCH_INDEXES = "https://download.pytorch.org/whl/"
PYPI_INDEX = "https://pypi.org/simple"


def case_indexes(case):
    """Index URL -> stand-in file names."""
    out = {}
    for index, stand_ins in case.indexes.items():
        url = PYPI_INDEX if index == "simple" else PYTORCH_INDEXES + index[len("whl/") :]
        out[url] = [s.filename for s in stand_ins]
    return out


def case_python_and_platforms(case):
    options = list(case.pip_platform)
    python = options[options.index("--python-version") + 1]
    platforms = [options[i + 1] for i, o in enumerate(options) if o == "--platform"]
    return python, platforms


def check_case(args, case):
    text = resolve(args, case, "requirements")
    order = index_order(text)
    indexes = case_indexes(case)
    python, platforms = case_python_and_platforms(case)
    backend_index = PYTORCH_INDEXES + case.backend
    for project, pinned in pins(text):
        url, filename = choose(project, pinned, indexes, order, python, platforms)
        if filename is None:
            raise AssertionError(
                f"uv takes {project} only from {url}, which has no file for =={pinned}:\n{text}"
            )
        version = filename.split("-")[1]
        if version != case.expected[project]:
            raise AssertionError(f"uv installs {project} {version}, expected {case.expected[project]}")
        if url != backend_index and "+" in version:
            raise AssertionError(f"uv takes {project} from {url}, not {backend_index}")


def main():
    args = client_arguments(__doc__.splitlines()[0])
    return run_cases(lambda case: check_case(args, case))


if __name__ == "__main__":
    sys.exit(main())
