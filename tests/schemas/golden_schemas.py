#!/usr/bin/env python3
"""Validates every JSON golden of resolve, which, explain, check, doctor and detect against its
JSON Schema in docs/schemas/, and shows that the schemas are strict.

Usage: golden_schemas.py --source-dir DIR [--strictness]
Without --strictness: each schema is a valid Draft 2020-12 schema; every golden case
(tests/cli/golden/*.case, tests/resolver/golden/*.case) whose command is one of the six with
`--format json` is valid against the schema its "schema" key names; every schema and every
variant listed in VARIANTS is met by at least one golden.
With --strictness: in every such golden, renaming any key of any object (the first element of
each array stands for the rest) makes the document invalid, and so do adding a key to any object
(the objects are closed, except MAP_OBJECTS) and removing any key that the writers always print
(OPTIONAL_KEYS lists those they leave out when a fact is unknown).
Runs under a Python that can import jsonschema: this one, else Debian's /usr/bin/python3
(python3-jsonschema, scripts/install-deps).
"""
import argparse
import copy
import json
import pathlib
import shlex
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "support"))
from debian_python import import_debian_module  # noqa: E402

jsonschema = import_debian_module("jsonschema", "python3-jsonschema", "golden_schemas")

GOLDEN_FOLDERS = ("tests/cli/golden", "tests/resolver/golden")
# The schema ids each command prints with --format json.
COMMAND_SCHEMAS = {
    "resolve": {"torchpin/resolve/v1"},
    "which": {"torchpin/which/v1"},
    "explain": {"torchpin/explain/v1", "torchpin/known-issue/v1"},
    "check": {"torchpin/check/v1"},
    "doctor": {"torchpin/doctor/v1"},
    "detect": {"torchpin/machine/v1"},
}
COMMANDS = set(COMMAND_SCHEMAS) | {"explain-error", "pep440", "import", "update", "db"}
# Shapes a schema allows that some golden must show, so that no branch is checked by none.
VARIANTS = {
    "resolve with a solution": lambda d: d["schema"] == "torchpin/resolve/v1" and d["status"] == "ok",
    "resolve without a solution": lambda d: d["schema"] == "torchpin/resolve/v1"
    and d["status"] == "unsolvable",
    "which verdicts": lambda d: d["schema"] == "torchpin/which/v1" and "rows" in d,
    "which --min-driver": lambda d: d["schema"] == "torchpin/which/v1" and "min_driver" in d,
    "check with a file that could not be read (format null)": lambda d: d["schema"]
    == "torchpin/check/v1" and any(f["format"] is None for f in d["files"]),
    "check with a file read": lambda d: d["schema"] == "torchpin/check/v1"
    and any(f["format"] is not None for f in d["files"]),
}
# Keys the writers leave out when a fact is unknown (detect/machine_json_writer.cpp); any other
# key of a golden is always printed, so removing it must make the document invalid.
OPTIONAL_KEYS = {
    "os", "os_version", "arch", "glibc", "musl", "macos_version", "apple_silicon", "wsl",
    "windows", "driver", "cuda", "pci_id", "bus_id", "compute_capability", "memory_mib", "mig",
    "rocm", "discrete", "xpu", "vc_redist", "display_adapters", "driver_version",
}
# Objects whose keys are data, not a closed set: resolve's env (variable -> value).
MAP_OBJECTS = {("env",)}


def validator_for(name, schema, documents):
    """A Draft 2020-12 validator of `schema` that finds the other files by name."""
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:  # jsonschema before 4.18, such as Debian 12's 4.10.3
        resolver = jsonschema.RefResolver(base_uri=name, referrer=schema, store=documents)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)
    registry = Registry().with_resources(
        (other, Resource(contents=document, specification=DRAFT202012))
        for other, document in documents.items())
    return jsonschema.Draft202012Validator(schema, registry=registry)


def load_schemas(schema_dir):
    """{schema id (its title): validator}; references name the other files by file name."""
    documents = {}
    for path in sorted(schema_dir.glob("*.schema.json")):
        with open(path, encoding="utf-8") as f:
            documents[path.name] = json.load(f)
    validators = {}
    for name, schema in documents.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        if schema["title"] in validators:
            sys.exit(f"golden_schemas: two schemas titled {schema['title']}")
        validators[schema["title"]] = validator_for(name, schema, documents)
    return validators


def read_case(path):
    """(command words after 'torchpin', exit code, stdout) of a golden case file."""
    words, exit_code, out, section = None, None, [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f.read().split("\n"):
            if line.startswith("$ torchpin"):
                words = shlex.split(line[len("$ torchpin"):])
            elif line.startswith(">>> exit "):
                exit_code, section = int(line[len(">>> exit "):]), None
            elif line == ">>> stdout":
                section = out
            elif line.startswith(">>> ") or line.startswith("<<< "):
                section = None
            elif section is not None:
                section.append(line)
    return words or [], exit_code, "\n".join(out)


def command_and_format(words):
    command = next((w for w in words if w in COMMANDS), None)
    fmt = None
    for i, word in enumerate(words):
        if word == "--format" and i + 1 < len(words):
            fmt = words[i + 1]
        elif word.startswith("--format="):
            fmt = word[len("--format="):]
    return command, fmt


def json_goldens(source_dir):
    """[(case name, schema id, document)] for every JSON golden of the six commands."""
    found, problems = [], []
    for folder in GOLDEN_FOLDERS:
        for path in sorted((source_dir / folder).glob("*.case")):
            words, exit_code, out = read_case(path)
            command, fmt = command_and_format(words)
            name = f"{folder}/{path.name}"
            try:
                document = json.loads(out) if out.strip() else None
            except ValueError:
                document = None
            names_schema = isinstance(document, dict) and any(
                document.get("schema") in ids for ids in COMMAND_SCHEMAS.values())
            if command not in COMMAND_SCHEMAS or fmt != "json":
                if names_schema:
                    problems.append(f"{name}: prints {document['schema']} JSON, but this script "
                                    "does not see a --format json of the six commands")
                continue
            if document is None:
                if exit_code == 2 and not out.strip():
                    continue  # refused before any output: bad usage or bad input
                problems.append(f"{name}: --format json, but stdout is not a JSON document")
                continue
            schema_id = document.get("schema") if isinstance(document, dict) else None
            if schema_id not in COMMAND_SCHEMAS[command]:
                problems.append(f"{name}: {command} printed schema {schema_id!r}, expected one of "
                                f"{sorted(COMMAND_SCHEMAS[command])}")
                continue
            found.append((name, schema_id, document))
    return found, problems


def errors_of(validator, document):
    return sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))


def describe(error):
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    return f"{where}: {error.message[:300]}"


def validate(validators, goldens):
    problems = []
    for name, schema_id, document in goldens:
        for error in errors_of(validators[schema_id], document):
            problems.append(f"{name} against {schema_id}: {describe(error)}")
    used = {schema_id for _, schema_id, _ in goldens}
    for schema_id in sorted(set(validators) - used):
        problems.append(f"no golden is checked against {schema_id}: add one")
    for variant, holds in VARIANTS.items():
        if not any(holds(document) for _, _, document in goldens):
            problems.append(f"no golden shows {variant}: add one")
    return problems


def object_paths(value, path=()):
    """Paths of every object in `value`, the first element standing for each array's rest."""
    if isinstance(value, dict):
        yield path
        for key, child in value.items():
            yield from object_paths(child, path + (key,))
    elif isinstance(value, list) and value:
        yield from object_paths(value[0], path + (0,))


def at(document, path):
    for step in path:
        document = document[step]
    return document


def strictness(validators, goldens):
    """Renamed, removed and unknown keys must fail; returns (problems, mutations tried)."""
    problems, tried = [], 0
    for name, schema_id, document in goldens:
        validator = validators[schema_id]
        for path in object_paths(document):
            if tuple(p for p in path if p != 0) in MAP_OBJECTS:
                continue
            added = copy.deepcopy(document)
            at(added, path)["key_of_no_schema"] = 0
            tried += 1
            if validator.is_valid(added):
                where = "/".join(str(p) for p in path) or "the top"
                problems.append(f"{name}: {schema_id} accepts an unknown key at {where}")
            for key in list(at(document, path)):
                where = "/".join(str(p) for p in path + (key,))
                renamed = copy.deepcopy(document)
                parent = at(renamed, path)
                parent[key + "_renamed"] = parent.pop(key)
                tried += 1
                if validator.is_valid(renamed):
                    problems.append(f"{name}: {schema_id} accepts {where} renamed to {key}_renamed")
                if key in OPTIONAL_KEYS:
                    continue
                removed = copy.deepcopy(document)
                del at(removed, path)[key]
                tried += 1
                if validator.is_valid(removed):
                    problems.append(f"{name}: {schema_id} accepts the document without {where}")
    return problems, tried


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source-dir", required=True, type=pathlib.Path)
    parser.add_argument("--strictness", action="store_true")
    args = parser.parse_args()
    validators = load_schemas(args.source_dir / "docs" / "schemas")
    goldens, problems = json_goldens(args.source_dir)
    if args.strictness:
        more, tried = strictness(validators, goldens)
        problems += more
        summary = f"{tried} renamed, added or removed keys in {len(goldens)} JSON goldens, each rejected"
    else:
        problems += validate(validators, goldens)
        summary = f"{len(goldens)} JSON goldens valid against {len(validators)} schemas"
    for problem in problems:
        print("golden_schemas:", problem)
    if problems:
        return 1
    print("golden_schemas:", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
