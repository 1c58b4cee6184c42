"""Oracle for tests/engine/marker_differential_test.cpp: parses and evaluates PEP 508 cases with
this interpreter's pypa/packaging and prints one JSON object per case.

Input (the file named on the command line): JSON lines {"kind": "marker" | "requirement",
"text": ..., "environments": [{variable: value, ...}, ...]}.
Output: a first line {"packaging": version}, then for each case {"valid": bool, "error": str,
"printed": str, "results": [true | false | "error:ExceptionName", ...]}.
Exit status 3 when packaging is missing or older than 22 (before its hand-written parser).
"""

import json
import sys

try:
    import packaging
    from packaging.markers import Marker
    from packaging.requirements import Requirement
except ImportError:
    print("pypa/packaging is not installed for " + sys.executable, file=sys.stderr)
    sys.exit(3)

if int(packaging.__version__.split(".")[0]) < 22:
    print("packaging " + packaging.__version__ + " predates the PEP 508 tokenizer", file=sys.stderr)
    sys.exit(3)


def evaluate(marker, environment):
    if marker is None:
        return True
    try:
        return marker.evaluate(environment)
    except Exception as error:  # every kind of failure is one outcome: "undefined"
        return "error:" + type(error).__name__


def run(case):
    try:
        if case["kind"] == "marker":
            parsed = Marker(case["text"])
            marker = parsed
        else:
            parsed = Requirement(case["text"])
            marker = parsed.marker
    except Exception as error:
        return {"valid": False, "error": type(error).__name__ + ": " + str(error)}
    return {
        "valid": True,
        "printed": str(parsed),
        "results": [evaluate(marker, env) for env in case["environments"]],
    }


def main():
    print(json.dumps({"packaging": packaging.__version__}))
    with open(sys.argv[1], encoding="utf-8") as cases:
        for line in cases:
            print(json.dumps(run(json.loads(line))))


main()
