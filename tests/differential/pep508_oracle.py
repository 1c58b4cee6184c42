"""Oracle for tests/engine/pep/marker_differential_test.cpp: parses and evaluates PEP 508 cases with
this interpreter's pypa/packaging and prints one JSON object per case.

Input (the file named on the command line): JSON lines {"kind": "marker" | "requirement",
"text": ..., "environments": [{variable: value, ...}, ...]}.
Output: a first line {"packaging": version}, then for each case {"valid": bool, "error": str,
"printed": str, "results": [...], "results_26": [...]}, where each result is true, false or
"error:ExceptionName". "results" come from this packaging's Marker.evaluate; "results_26" apply
packaging 26's comparison rules (markers.py: _eval_op, MARKERS_REQUIRING_VERSION, the string
operators, PEP 685 extras, the untagged-build repair) to this packaging's parse tree, using its
Specifier and Version, so that an older packaging still checks torchpin's evaluation exactly.
Exit status 3 when packaging is missing or older than 22 (before its hand-written parser).
"""

import json
import sys

try:
    import packaging
    from packaging._parser import Value, Variable
    from packaging.markers import Marker
    from packaging.requirements import Requirement
    from packaging.specifiers import InvalidSpecifier, Specifier
    from packaging.utils import canonicalize_name
    from packaging.version import InvalidVersion, Version
except ImportError:
    print("pypa/packaging is not installed for " + sys.executable, file=sys.stderr)
    sys.exit(3)

if int(packaging.__version__.split(".")[0]) < 22:
    print("packaging " + packaging.__version__ + " predates the PEP 508 tokenizer", file=sys.stderr)
    sys.exit(3)

VERSION_VARIABLES = {
    "implementation_version",
    "platform_release",
    "python_full_version",
    "python_version",
}

STRING_OPERATORS = {
    "in": lambda lhs, rhs: lhs in rhs,
    "not in": lambda lhs, rhs: lhs not in rhs,
    "<": lambda lhs, rhs: False,
    "<=": lambda lhs, rhs: lhs == rhs,
    "==": lambda lhs, rhs: lhs == rhs,
    "!=": lambda lhs, rhs: lhs != rhs,
    ">=": lambda lhs, rhs: lhs == rhs,
    ">": lambda lhs, rhs: False,
}


class UndefinedComparison(Exception):
    pass


def compare_26(lhs, op, rhs, key):
    if key in VERSION_VARIABLES:
        try:
            spec = Specifier(op + rhs)
        except InvalidSpecifier:
            spec = None
        if spec is not None:
            if spec.operator == "===":
                return lhs.lower() == spec.version.lower()
            try:
                return spec.contains(Version(lhs), prereleases=True)
            except InvalidVersion:
                return False
    if op not in STRING_OPERATORS:
        raise UndefinedComparison(op)
    return STRING_OPERATORS[op](lhs, rhs)


def extra_normalized(item):
    lhs, op, rhs = item
    if isinstance(lhs, Variable) and lhs.value == "extra" and isinstance(rhs, Value):
        rhs = Value(canonicalize_name(rhs.value))
    elif isinstance(rhs, Variable) and rhs.value == "extra" and isinstance(lhs, Value):
        lhs = Value(canonicalize_name(lhs.value))
    return lhs, op, rhs


def evaluate_26(markers, environment):
    groups = [[]]
    for marker in markers:
        if isinstance(marker, list):
            groups[-1].append(evaluate_26(marker, environment))
        elif isinstance(marker, tuple):
            lhs, op, rhs = extra_normalized(marker)
            if isinstance(lhs, Variable):
                key, left, right = lhs.value, environment[lhs.value], rhs.value
            else:
                key, left, right = rhs.value, lhs.value, environment[rhs.value]
            groups[-1].append(compare_26(left, op.value, right, key))
        elif marker == "or":
            groups.append([])
    return any(all(group) for group in groups)


def environment_26(environment):
    env = dict(environment)
    env["extra"] = canonicalize_name(env["extra"]) if env["extra"] else ""
    if env["python_full_version"].endswith("+"):
        env["python_full_version"] += "local"
    return env


def outcome(evaluate):
    try:
        return evaluate()
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
    environments = case["environments"]
    if marker is None:
        results = results_26 = [True] * len(environments)
    else:
        results = [outcome(lambda: marker.evaluate(env)) for env in environments]
        results_26 = [
            outcome(lambda: evaluate_26(marker._markers, environment_26(env)))
            for env in environments
        ]
    return {
        "valid": True,
        "printed": str(parsed),
        "results": results,
        "results_26": results_26,
    }


def main():
    print(json.dumps({"packaging": packaging.__version__}))
    with open(sys.argv[1], encoding="utf-8") as cases:
        for line in cases:
            print(json.dumps(run(json.loads(line))))


main()
