#!/usr/bin/env python3
"""pip installs exactly the files of a `torchpin resolve` answer with packages built against torch.

Usage: pip_installs_companions.py --torchpin PATH --source-dir DIR
       pip_installs_companions.py --requirements FILE --case NAME
       pip_installs_companions.py --self-test --source-dir DIR

For each case of companion_cases.py: writes the stand-in sites (root/<host>/<path> for each real
URL), takes the requirements file (torchpin's answer, or the file given), points every URL in it
at the stand-ins (index lines, --find-links and the URL of each `name @ URL`; any other URL fails
the test), runs `pip install --dry-run --report` for the case's platform and checks that pip
installs exactly the case's files: the torch family and xformers from the backend's folder of the
PyTorch index (not PyPI's file of the same name), the PyG files with the pinned label from the
find-links page, flash-attn from its release asset, their dependencies from PyPI.
--self-test proves the harness: each case's hand-written reference file passes, and each of its
mutations (companion_cases.Mutation) fails for its reason.
Exits 77 (CTest's SKIP_RETURN_CODE) only when pip is missing.
"""
import argparse
import json
import pathlib
import sys
import tempfile
import urllib.parse
import urllib.request

from client_cases import run_cases
from companion_cases import CASES, PYPI
from pip_accepts_requirements import pip_available, pip_report, resolve
from stand_in_index import build_find_links_page, build_index, normalize, write_wheels

SKIP = 77
STAND_IN_HOSTS = {"download.pytorch.org", "pypi.org", "data.pyg.org", "github.com"}
URL_OPTIONS = ("--index-url", "--extra-index-url", "--find-links")
REFERENCES = "tests/clients/companion_requirements"


def write_sites(root, case):
    """Every site of the case under root/<host>/<path>, as the real URL names it."""
    for index, stand_ins in case.indexes.items():
        build_index(root / index, stand_ins)
    for page, folders in case.find_links.items():
        build_find_links_page(root / page, folders)
    for folder, stand_ins in case.assets.items():
        write_wheels(root / folder, stand_ins)


def stand_in_url(root, url):
    """https://<host>/<path> -> the file:// URL of root/<host>/<path>, which the case built."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or parts.netloc not in STAND_IN_HOSTS or parts[3:] != ("", ""):
        raise AssertionError(f"unexpected URL in the requirements file: {url}")
    path = root / parts.netloc / urllib.parse.unquote(parts.path).strip("/")
    if not path.exists():
        raise AssertionError(f"no stand-in for {url}: the case does not model what it names")
    return path.resolve().as_uri()


def point_at_stand_ins(text, root):
    """The requirements file with every URL rewritten to its stand-in; any other URL fails."""
    lines = []
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in URL_OPTIONS and len(words) == 2:
            line = f"{words[0]} {stand_in_url(root, words[1])}"
        elif len(words) >= 3 and words[1] == "@" and not line.startswith("#"):
            line = " ".join([words[0], "@", stand_in_url(root, words[2]), *words[3:]])
        elif "://" in line and not line.lstrip().startswith("#"):
            raise AssertionError(f"unexpected URL in the requirements file: {line}")
        lines.append(line)
    return "\n".join(lines) + "\n"


def installed_from(report, root):
    """Project -> where pip takes its file: "<host>/<path>" of a stand-in, else the URL."""
    root = root.resolve()
    out = {}
    for item in report["install"]:
        url = item["download_info"]["url"]
        path = pathlib.Path(urllib.request.url2pathname(urllib.parse.urlsplit(url).path))
        out[normalize(item["metadata"]["name"])] = (
            path.relative_to(root).as_posix() if path.is_relative_to(root) else url
        )
    return out


def check_installs(case, report, root):
    sources = installed_from(report, root)
    for project, expected in case.installs.items():
        source = sources.pop(project, "nowhere")
        if source != expected:
            raise AssertionError(f"pip installs {project} from {source}, the case's is {expected}")
    if sources:
        raise AssertionError(f"pip installs what the case does not expect: {sources}")


def check_file(case, requirements_text, work):
    """Writes the case's sites under work, rewrites the file's URLs and checks pip's installs."""
    root = work / "sites"
    write_sites(root, case)
    requirements = work / "requirements.txt"
    requirements.write_text(point_at_stand_ins(requirements_text, root))
    check_installs(case, pip_report(work, requirements, case), root)


def check_answer(case, answer, requirements_text):
    """Each pin of the json answer is a line of the file; each file pip must take from
    somewhere other than PyPI is a pin."""
    lines = requirements_text.splitlines()
    for pin in answer["pins"]:
        if pin["requirement"] not in lines:
            raise AssertionError(f"pin {pin['requirement']} of the json answer is not in the file")
    pinned = {normalize(pin["name"]) for pin in answer["pins"]}
    missing = {p for p, f in case.installs.items() if not f.startswith(PYPI)} - pinned
    if missing:
        raise AssertionError(f"the answer pins none of {sorted(missing)}")


def in_work_folder(check):
    with tempfile.TemporaryDirectory(prefix="torchpin-companions-") as work:
        check(pathlib.Path(work))


def torchpin_check(args, case):
    text = resolve(args, case, "requirements")
    check_answer(case, json.loads(resolve(args, case, "json")), text)
    in_work_folder(lambda work: check_file(case, text, work))


def mutate(text, edits):
    for old, new in edits:
        if old not in text:
            raise ValueError(f"the mutation edits '{old}', which the reference file lacks")
        if new is None:
            text = "".join(f"{line}\n" for line in text.splitlines() if old not in line)
        else:
            text = text.replace(old, new)
    return text


def self_test_check(args, case):
    """The reference file passes; each mutation fails, with its reason."""
    text = (pathlib.Path(args.source_dir) / REFERENCES / f"{case.name}.txt").read_text()
    in_work_folder(lambda work: check_file(case, text, work))
    for mutation in case.mutations:
        try:
            in_work_folder(lambda work: check_file(case, mutate(text, mutation.edits), work))
        except AssertionError as error:
            lines = str(error).strip().splitlines()
            message = lines[0] if len(lines) == 1 else f"{lines[0]} ... {lines[-1]}"
            if mutation.reason not in str(error):
                raise AssertionError(f"'{mutation.what}' fails for another reason: {message}")
            print(f"  '{mutation.what}' fails: {message}")
        else:
            raise AssertionError(f"the harness accepts a wrong answer: {mutation.what}")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torchpin", help="the torchpin to resolve with (default mode)")
    parser.add_argument("--source-dir", help="the source tree (default and --self-test)")
    parser.add_argument("--requirements", help="check this file instead of torchpin's answer")
    parser.add_argument("--case", choices=[c.name for c in CASES], help="with --requirements")
    parser.add_argument("--self-test", action="store_true", help="prove the harness")
    args = parser.parse_args()
    if bool(args.requirements) != bool(args.case):
        parser.error("--requirements and --case go together")
    if not args.requirements and not args.source_dir:
        parser.error("--source-dir is needed unless --requirements is given")
    if not args.requirements and not args.self_test and not args.torchpin:
        parser.error("--torchpin is needed unless --requirements or --self-test is given")
    return args


def main():
    args = arguments()
    if not pip_available():
        print(f"SKIPPED: no pip for {sys.executable}")
        return SKIP
    if args.requirements:
        text = pathlib.Path(args.requirements).read_text()
        cases = [c for c in CASES if c.name == args.case]
        return run_cases(lambda case: in_work_folder(lambda work: check_file(case, text, work)), cases)
    if args.self_test:
        return run_cases(lambda case: self_test_check(args, case), CASES)
    return run_cases(lambda case: torchpin_check(args, case), CASES)


if __name__ == "__main__":
    sys.exit(main())
