"""Imports a module that a Debian python3-* package provides: under another Python (pyenv's, first
on PATH) the script starts again under /usr/bin/python3, which has it (scripts/install-deps)."""
import importlib
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"


def import_debian_module(module, debian_package, script):
    """The module; else re-executes the script under Debian's Python; else exits naming the
    package to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON) and os.path.exists(
            DEBIAN_PYTHON
        ):
            os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON] + sys.argv)
        sys.exit(f"{script}: cannot import {module}: install {debian_package} "
                 "(scripts/install-deps)")
