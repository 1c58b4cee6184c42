"""A test oracle for how `uv pip install -r` picks the index of each package (uv cannot be
installed here, so its documented rules are modelled instead of run).

The rules, from uv's documentation (https://docs.astral.sh/uv/concepts/indexes/ and
https://docs.astral.sh/uv/pip/compatibility/#packages-that-exist-on-multiple-indexes):
- indexes are consulted in priority order: every `--extra-index-url`, in the order given, before
  the default index (`--index-url`, PyPI when absent), which is always last;
- the default strategy, `first-index`, takes a package only from the first index that lists it at
  all, and resolves it among that index's files alone, even when another index has a better match;
- the files of every `--find-links` page are merged into each index ("we combine them into a
  single entity and then merge the discovered distributions into each Simple API-style index",
  astral-sh/uv#12407), so a page's files are candidates wherever the package is taken from, and a
  package only a page lists is taken from it;
- a `name @ URL` requirement installs that URL (PEP 508 direct reference), whatever the indexes.

Versions are matched as torchpin writes its pins: `==V` (a local label in V must match exactly;
without one, any label of V matches, PEP 440), `==S.*` (a series). Wheels must carry the case's
Python, ABI (or abi3/none) and one of its platforms (or any).
"""
from stand_in_index import normalize


def index_order(requirements_text, default_index="https://pypi.org/simple"):
    """The index URLs of a requirements file in uv's priority order."""
    extra = []
    default = default_index
    for line in requirements_text.splitlines():
        option, _, url = line.partition(" ")
        if option == "--extra-index-url":
            extra.append(url.strip())
        elif option == "--index-url":
            default = url.strip()
    return extra + [default]


def pins(requirements_text):
    """(project, specifier) of each requirement line."""
    out = []
    for line in requirements_text.splitlines():
        line = line.split(" \\")[0].strip()
        if not line or line.startswith(("#", "-")) or " @ " in line:
            continue
        name, _, version = line.partition("==")
        out.append((normalize(name.strip("'")), version.strip("'")))
    return out


def version_matches(version, pinned):
    if pinned.endswith(".*"):
        return version.split("+")[0].startswith(pinned[:-1])
    if "+" in pinned:
        return version == pinned
    return version.split("+")[0] == pinned


def wheel_fits(filename, python, platforms):
    """Whether a wheel's tags suit CPython `python` ("3.12") on one of `platforms`: its own ABI,
    none, or abi3 built for this CPython or an older one (PEP 384)."""
    interpreter, abi, platform = filename[: -len(".whl")].split("-")[-3:]
    cp = "cp" + python.replace(".", "")
    minor = int(python.split(".")[1])
    interpreters = interpreter.split(".")
    older_cp3 = [int(i[3:]) for i in interpreters if i.startswith("cp3") and i[3:].isdigit()]
    return (
        (
            (cp in interpreters and abi in (cp, "abi3", "none"))
            or ("py3" in interpreters and abi == "none")
            or (abi == "abi3" and any(m <= minor for m in older_cp3))
        )
        and (platform == "any" or platform in platforms)
    )


def choose(project, pinned, indexes, order, python, platforms):
    """(index URL, filename) uv installs for `project`, or (index URL, None) when the first index
    that lists the project has no matching file (uv fails there), or (None, None)."""
    for url in order:
        files = [f for f in indexes.get(url, []) if normalize(f.split("-")[0]) == project]
        if not files:
            continue
        fitting = [
            f
            for f in files
            if version_matches(f.split("-")[1], pinned) and wheel_fits(f, python, platforms)
        ]
        return url, (max(fitting, key=lambda f: f.split("-")[1]) if fitting else None)
    return None, None


def choose_located(project, pinned, indexes, order, flat, python, platforms):
    """(index URL, location) of the file uv installs for `project`, where `indexes` maps an index
    URL to (filename, location) pairs and `flat` holds the pairs of every --find-links page;
    (index URL, None) when the first index that lists the project (its own files and the pages')
    has no matching file, (None, None) when none lists it."""
    flat_files = [(f, where) for f, where in flat if normalize(f.split("-")[0]) == project]
    for url in order + [None]:
        own = [(f, w) for f, w in indexes.get(url, []) if normalize(f.split("-")[0]) == project]
        files = own + flat_files if url is not None else flat_files
        if not files:
            continue
        fitting = [
            (f, w)
            for f, w in files
            if version_matches(f.split("-")[1], pinned) and wheel_fits(f, python, platforms)
        ]
        if not fitting:
            return url, None
        return url, max(fitting, key=lambda fw: fw[0].split("-")[1])[1]
    return None, None
