#!/usr/bin/env python3
"""Answers torchpin's PEP 440 questions with pip's vendored packaging and, if present, packaging 22+.

Input (argv[1]): one question per line, tab-separated, with \\t, \\n and \\\\ escaped:
  V <text>              -> the normalized version, or !invalid
  C <a> <b>             -> -1, 0 or 1
  S <specifier> <ver>   -> !invalid, or two digits: contains(ver, prereleases=True), prereleases
  T <set> <ver>         -> !invalid, or 1/0: every clause contains ver (prereleases=True)
Output: a header "# <pip's packaging version> <packaging version or ->", then per question
"<answer by pip's packaging>\\t<answer by packaging 22+ or ->".
"""
import sys

from pip._vendor import packaging as vendored
from pip._vendor.packaging import specifiers as vendored_specifiers
from pip._vendor.packaging import version as vendored_version

try:
    import packaging as modern
    from packaging import specifiers as modern_specifiers
    from packaging import version as modern_version
except ImportError:
    modern = None


def unescape(field):
    out, i = [], 0
    while i < len(field):
        if field[i] == "\\" and i + 1 < len(field):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(field[i + 1], field[i + 1]))
            i += 2
        else:
            out.append(field[i])
            i += 1
    return "".join(out)


def answer(versions, specifiers, kind, fields):
    if kind == "V":
        try:
            return str(versions.Version(fields[0]))
        except versions.InvalidVersion:
            return "!invalid"
    if kind == "C":
        a, b = versions.Version(fields[0]), versions.Version(fields[1])
        return str((a > b) - (a < b))
    if kind == "S":
        try:
            spec = specifiers.Specifier(fields[0])
        except specifiers.InvalidSpecifier:
            return "!invalid"
        try:
            prereleases = bool(spec.prereleases)
        except versions.InvalidVersion:  # packaging 22-25 on "===text that is no version"
            prereleases = False
        return "%d%d" % (spec.contains(versions.Version(fields[1]), prereleases=True), prereleases)
    if kind == "T":
        clauses = [c.strip() for c in fields[0].split(",") if c.strip()]
        try:
            specs = [specifiers.Specifier(c) for c in clauses]
        except specifiers.InvalidSpecifier:
            return "!invalid"
        v = versions.Version(fields[1])
        return "%d" % all(s.contains(v, prereleases=True) for s in specs)
    raise ValueError("unknown question " + kind)


def main():
    print("# %s %s" % (vendored.__version__, modern.__version__ if modern else "-"))
    with open(sys.argv[1], encoding="utf-8") as questions:
        for line in questions:
            kind, *fields = line.rstrip("\n").split("\t")
            fields = [unescape(f) for f in fields]
            old = answer(vendored_version, vendored_specifiers, kind, fields)
            new = answer(modern_version, modern_specifiers, kind, fields) if modern else "-"
            print(old + "\t" + new)


if __name__ == "__main__":
    main()
