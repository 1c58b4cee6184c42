#!/usr/bin/env python3
"""pip accepts every `torchpin resolve` requirements file and installs exactly its pins, offline.

Usage: pip_accepts_requirements.py --torchpin PATH --source-dir DIR

For each case of client_cases.py: writes the stand-in indexes (a folder per real index URL),
resolves with torchpin (requirements and json), points the file's index lines at the stand-ins
(file:// URLs; any other URL fails the test), runs `pip install --dry-run --report` for the
case's platform, and checks that pip installs exactly the expected versions, the torch family
from the backend's index. Exits 77 (CTest's SKIP_RETURN_CODE) only when pip is missing.
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

from client_cases import client_arguments, run_cases
from stand_in_index import build_index, normalize

SKIP = 77
PYTORCH_INDEXES = "https://download.pytorch.org/whl/"
PYPI_INDEX = "https://pypi.org/simple"
TORCH_FAMILY = {"torch", "torchvision", "torchaudio"}


def offline_environment():
    """pip without user configuration, version check or cache; a dead proxy catches any download."""
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith(("PIP_", "PYTHON"))}
    env.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_NO_INPUT="1",
        http_proxy="http://127.0.0.1:9",
        https_proxy="http://127.0.0.1:9",
        no_proxy="",
    )
    return env


def pip_available():
    probe = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True)
    return probe.returncode == 0


def write_indexes(root, case):
    """One folder per index URL: root/download.pytorch.org/whl/<backend>, root/pypi.org/simple."""
    for index, stand_ins in case.indexes.items():
        host = "pypi.org" if index == "simple" else "download.pytorch.org"
        build_index(root / host / index, stand_ins)


def local_index_url(root, url):
    if url.startswith(PYTORCH_INDEXES):
        folder = root / "download.pytorch.org" / "whl" / url[len(PYTORCH_INDEXES) :]
    elif url == PYPI_INDEX:
        folder = root / "pypi.org" / "simple"
    else:
        raise AssertionError(f"index URL {url} is neither the PyTorch index nor PyPI")
    folder.mkdir(parents=True, exist_ok=True)
    return folder.resolve().as_uri()


def point_at_stand_ins(text, root):
    """The requirements file with its two index lines rewritten; any other URL is an error."""
    lines = []
    for line in text.splitlines():
        option, _, url = line.partition(" ")
        if option in ("--index-url", "--extra-index-url"):
            line = f"{option} {local_index_url(root, url)}"
        elif "://" in line and not line.startswith("#"):
            raise AssertionError(f"unexpected URL in the requirements file: {line}")
        lines.append(line)
    return "\n".join(lines) + "\n"


def resolve(args, case, output_format):
    result = subprocess.run(
        [args.torchpin, "resolve", "--format", output_format, *case.torchpin_args],
        capture_output=True,
        text=True,
        cwd=args.source_dir,
        env={**os.environ, "TORCHPIN_DB": "/nonexistent/torchpin-test.db"},
    )
    if result.returncode != 0:
        raise AssertionError(f"torchpin resolve exited {result.returncode}: {result.stderr}")
    return result.stdout


def pip_report(work, requirements, case):
    report = work / "report.json"
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed"]
    command += ["--no-cache-dir", "--only-binary=:all:", "--target", str(work / "target")]
    command += [*case.pip_platform, "--report", str(report), "-r", str(requirements)]
    result = subprocess.run(command, capture_output=True, text=True, env=offline_environment())
    if result.returncode != 0:
        raise AssertionError(f"pip rejected the file:\n{requirements.read_text()}\n{result.stderr}")
    return json.loads(report.read_text())


def check_answer(case, answer, requirements_text):
    if answer["backend"] != case.backend:
        raise AssertionError(f"torchpin chose {answer['backend']}, the case expects {case.backend}")
    for line in (f"--index-url {PYPI_INDEX}", f"--extra-index-url {PYTORCH_INDEXES}{case.backend}"):
        if line not in requirements_text.splitlines():
            raise AssertionError(f"missing '{line}' in:\n{requirements_text}")
    for pin in answer["pins"]:
        if pin["requirement"] not in requirements_text.splitlines():
            raise AssertionError(f"pin {pin['requirement']} of the json answer is not in the file")
        # "version" is the exact version pip installs, or null where only a series is pinned.
        exact = f"{pin['name']}=={pin['version']}"
        if pin["version"] is None and not pin["requirement"].endswith(".*"):
            raise AssertionError(f"pin {pin['requirement']} has no exact version but no series")
        if pin["version"] is not None and pin["requirement"] != exact:
            raise AssertionError(f"pin {pin['requirement']} does not write its version {exact}")


def check_installs(case, answer, report, root):
    backend_folder = (root / "download.pytorch.org" / case.backend_index()).resolve().as_uri()
    installed = {normalize(i["metadata"]["name"]): i for i in report["install"]}
    pinned = {p["name"]: p["version"] for p in answer["pins"]}
    for project, version in case.expected.items():
        item = installed.pop(project, None)
        got = item["metadata"]["version"] if item else "nothing"
        if got != version:
            raise AssertionError(f"pip installed {project} {got}, expected {version}")
        if pinned[project] is not None and "+" in pinned[project] and pinned[project] != version:
            raise AssertionError(f"pin {project}=={pinned[project]}, the real file is {version}")
        if "+" in version and not item["download_info"]["url"].startswith(backend_folder + "/"):
            raise AssertionError(f"{project} {version} came from {item['download_info']['url']}")
    pypi_folder = (root / "pypi.org" / "simple").resolve().as_uri()
    for project, item in installed.items():
        url = item["download_info"]["url"]
        if project in TORCH_FAMILY or not url.startswith(pypi_folder + "/"):
            raise AssertionError(f"unexpected install of {project} from {url}")


def run_case(args, case, work):
    root = work / "indexes"
    write_indexes(root, case)
    requirements_text = resolve(args, case, "requirements")
    answer = json.loads(resolve(args, case, "json"))
    check_answer(case, answer, requirements_text)
    requirements = work / "requirements.txt"
    requirements.write_text(point_at_stand_ins(requirements_text, root))
    check_installs(case, answer, pip_report(work, requirements, case), root)


def main():
    args = client_arguments(__doc__.splitlines()[0])
    if not pip_available():
        print(f"SKIPPED: no pip for {sys.executable}")
        return SKIP

    def check(case):
        with tempfile.TemporaryDirectory(prefix="torchpin-pip-") as work:
            run_case(args, case, pathlib.Path(work))

    return run_cases(check)


if __name__ == "__main__":
    sys.exit(main())
