"""Resolve answers that real clients must accept: machine, request and stand-in indexes.

Each case names the machine and request given to `torchpin resolve`, the backend it must answer
with, the stand-in files of every index (download.pytorch.org/whl/<backend> and pypi.org/simple,
named like the real files; decoys included) and the versions pip must install. Decoys make a
wrong pin visible: newer releases, the same release without a local label on PyPI, the same
release with another label on another backend's index, and companions paired with another torch.
"""
import argparse
from dataclasses import dataclass

from stand_in_index import StandIn

PROFILES = "tests/data/machines/profiles"
TYPING_EXTENSIONS = StandIn("typing_extensions-4.12.2-py3-none-any.whl")


@dataclass(frozen=True)
class ClientCase:
    name: str
    torchpin_args: tuple  # machine options and requirements for `torchpin resolve`
    pip_platform: tuple  # pip options that describe the same machine
    backend: str  # the backend torchpin must answer with
    indexes: dict  # "whl/<backend>" or "simple" -> stand-in files
    expected: dict  # project -> the version pip must install

    def backend_index(self):
        return "whl/" + self.backend


def family(torch, vision, audio, label, tags, torch_tags=None):
    """torch, torchvision and torchaudio of one release; the companions require that torch."""
    local = "+" + label if label else ""
    return [
        StandIn(f"torch-{torch}{local}-{torch_tags or tags}.whl", ("typing-extensions>=4.8.0",)),
        StandIn(f"torchvision-{vision}{local}-{tags}.whl", (f"torch=={torch}",)),
        StandIn(f"torchaudio-{audio}{local}-{tags}.whl", (f"torch=={torch}",)),
    ]


def torch_and_vision(torch, vision, label, tags):
    """torch and torchvision of a release without torchaudio (2.12 on)."""
    return family(torch, vision, "0", label, tags)[:2]


def installs(torch, vision, audio):
    return {"torch": torch, "torchvision": vision, "torchaudio": audio}


def pip_target(python, *platforms):
    """pip's options for a CPython and the platform tags its wheels may carry."""
    abi = "cp" + python.replace(".", "")
    options = ("--python-version", python, "--implementation", "cp", "--abi", abi)
    return options + tuple(option for p in platforms for option in ("--platform", p))


LINUX_311 = ("--os", "linux", "--arch", "x86_64", "--python", "3.11", "--glibc", "2.35")
PIP_LINUX_311 = pip_target("3.11", "manylinux_2_28_x86_64", "manylinux1_x86_64", "linux_x86_64")
LINUX_CP311 = "cp311-cp311-linux_x86_64"
MANYLINUX_311 = "cp311-cp311-manylinux_2_28_x86_64"
WINDOWS_312 = "cp312-cp312-win_amd64"
MACOS_312 = "cp312-cp312-macosx_11_0_arm64"
MACOS_TORCH_312 = "cp312-none-macosx_11_0_arm64"  # torch's macOS wheels name no ABI
GPU_86 = ("--gpu", "8.6")
FAMILY = ("torchvision", "torchaudio")

CASES = [
    ClientCase(
        name="cuda-cu121-torch-2.1.2",
        torchpin_args=LINUX_311 + ("--driver", "535.104.05", *GPU_86, "torch==2.1.2") + FAMILY,
        pip_platform=PIP_LINUX_311,
        backend="cu121",
        indexes={
            "whl/cu121": family("2.1.2", "0.16.2", "2.1.2", "cu121", LINUX_CP311)
            + family("2.1.1", "0.16.1", "2.1.1", "cu121", LINUX_CP311)
            + family("2.2.0", "0.17.0", "2.2.0", "cu121", LINUX_CP311),
            "whl/cu118": family("2.1.2", "0.16.2", "2.1.2", "cu118", LINUX_CP311),
            "simple": family("2.1.2", "0.16.2", "2.1.2", None, "cp311-cp311-manylinux1_x86_64")
            + family("2.5.1", "0.20.1", "2.5.1", None, "cp311-cp311-manylinux1_x86_64")
            + [TYPING_EXTENSIONS],
        },
        expected=installs("2.1.2+cu121", "0.16.2+cu121", "2.1.2+cu121"),
    ),
    ClientCase(
        name="cuda-cu128-torch-2.7.1-listed-files",
        torchpin_args=LINUX_311 + ("--driver", "570.86.10", *GPU_86, "torch==2.7.1") + FAMILY,
        pip_platform=PIP_LINUX_311,
        backend="cu128",
        indexes={
            "whl/cu128": family("2.7.1", "0.22.1", "2.7.1", "cu128", MANYLINUX_311)
            + family("2.7.0", "0.22.0", "2.7.0", "cu128", MANYLINUX_311)
            + family("2.8.0", "0.23.0", "2.8.0", "cu128", MANYLINUX_311),
            "whl/cu126": family("2.7.1", "0.22.1", "2.7.1", "cu126", MANYLINUX_311),
            "simple": family("2.7.1", "0.22.1", "2.7.1", None, MANYLINUX_311)
            + family("2.9.0", "0.24.0", "2.9.0", None, MANYLINUX_311)
            + [TYPING_EXTENSIONS],
        },
        expected=installs("2.7.1+cu128", "0.22.1+cu128", "2.7.1+cu128"),
    ),
    ClientCase(
        name="cpu-torch-2.7.1",
        torchpin_args=LINUX_311 + ("--cpu-only", "torch==2.7.1") + FAMILY,
        pip_platform=PIP_LINUX_311,
        backend="cpu",
        indexes={
            "whl/cpu": family("2.7.1", "0.22.1", "2.7.1", "cpu", MANYLINUX_311)
            + family("2.7.0", "0.22.0", "2.7.0", "cpu", MANYLINUX_311),
            "whl/cu128": family("2.7.1", "0.22.1", "2.7.1", "cu128", MANYLINUX_311),
            "simple": family("2.7.1", "0.22.1", "2.7.1", None, MANYLINUX_311) + [TYPING_EXTENSIONS],
        },
        expected=installs("2.7.1+cpu", "0.22.1+cpu", "2.7.1+cpu"),
    ),
    ClientCase(
        name="exact-pins-torch-2.11.0",
        torchpin_args=LINUX_311 + ("--driver", "580.65.06", *GPU_86, "torch==2.11.0") + FAMILY,
        pip_platform=PIP_LINUX_311,
        backend="cu129",
        indexes={
            # torchvision 0.26.0 and torchaudio 2.11.0 are pinned exactly: the newer 0.26.1 and
            # 2.11.1 (which require another torch) must not be considered at all.
            "whl/cu129": family("2.11.0", "0.26.0", "2.11.0", "cu129", MANYLINUX_311)
            + family("2.11.1", "0.26.1", "2.11.1", "cu129", MANYLINUX_311)
            + family("2.12.0", "0.27.0", "2.12.0", "cu129", MANYLINUX_311),
            "whl/cu128": family("2.11.0", "0.26.0", "2.11.0", "cu128", MANYLINUX_311),
            "simple": family("2.11.0", "0.26.0", "2.11.0", None, MANYLINUX_311)
            + family("2.11.1", "0.26.1", "2.11.1", None, MANYLINUX_311)
            + [TYPING_EXTENSIONS],
        },
        expected=installs("2.11.0+cu129", "0.26.0+cu129", "2.11.0+cu129"),
    ),
    ClientCase(
        name="windows-cu118-torch-2.7.1",
        torchpin_args=("--machine", f"{PROFILES}/windows-box.json", "torch==2.7.1") + FAMILY,
        pip_platform=pip_target("3.12", "win_amd64"),
        backend="cu118",
        indexes={
            "whl/cu118": family("2.7.1", "0.22.1", "2.7.1", "cu118", WINDOWS_312)
            + family("2.7.0", "0.22.0", "2.7.0", "cu118", WINDOWS_312),
            "whl/cu128": family("2.7.1", "0.22.1", "2.7.1", "cu128", WINDOWS_312),
            "simple": family("2.7.1", "0.22.1", "2.7.1", None, WINDOWS_312)
            + family("2.8.0", "0.23.0", "2.8.0", None, WINDOWS_312)
            + [TYPING_EXTENSIONS],
        },
        expected=installs("2.7.1+cu118", "0.22.1+cu118", "2.7.1+cu118"),
    ),
    ClientCase(
        # PyPI's Windows torch 2.13.0 is the CPU build: an unlabelled pin beside
        # --extra-index-url could be met by it; the labelled pins cannot.
        name="windows-cu126-torch-2.13.0-pypi-cpu-decoy",
        torchpin_args=("--machine", f"{PROFILES}/windows-box.json", "torch==2.13.0", "torchvision"),
        pip_platform=pip_target("3.12", "win_amd64"),
        backend="cu126",
        indexes={
            "whl/cu126": torch_and_vision("2.13.0", "0.28.0", "cu126", WINDOWS_312)
            + torch_and_vision("2.14.0", "0.29.0", "cu126", WINDOWS_312),
            "whl/cu130": torch_and_vision("2.13.0", "0.28.0", "cu130", WINDOWS_312),
            "simple": torch_and_vision("2.13.0", "0.28.0", None, WINDOWS_312)
            + [TYPING_EXTENSIONS],
        },
        expected={"torch": "2.13.0+cu126", "torchvision": "0.28.0+cu126"},
    ),
    ClientCase(
        name="macos-arm64-torch-2.7.1",
        torchpin_args=("--machine", f"{PROFILES}/mac-laptop.json", "torch==2.7.1") + FAMILY,
        pip_platform=pip_target("3.12", "macosx_14_0_arm64", "macosx_11_0_arm64"),
        backend="cpu",
        indexes={
            # The CPU index's macOS wheels carry no local label, like PyPI's.
            "whl/cpu": family(
                "2.7.1", "0.22.1", "2.7.1", None, MACOS_312, MACOS_TORCH_312
            )
            + family("2.7.1", "0.22.1", "2.7.1", "cpu", "cp312-cp312-manylinux_2_28_x86_64"),
            "simple": family(
                "2.7.1", "0.22.1", "2.7.1", None, MACOS_312, MACOS_TORCH_312
            )
            + family("2.8.0", "0.23.0", "2.8.0", None, MACOS_312, MACOS_TORCH_312)
            + [TYPING_EXTENSIONS],
        },
        expected=installs("2.7.1", "0.22.1", "2.7.1"),
    ),
]


def client_arguments(description):
    """--torchpin PATH --source-dir DIR, which every client test takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--torchpin", required=True)
    parser.add_argument("--source-dir", required=True)
    return parser.parse_args()


def run_cases(check, cases=None):
    """Runs check(case) for every case (of `cases`, default CASES), printing ok or FAIL with the
    reason; the exit status."""
    failures = 0
    for case in CASES if cases is None else cases:
        try:
            check(case)
            print(f"ok   {case.name}")
        except AssertionError as error:
            failures += 1
            print(f"FAIL {case.name}: {error}")
    return 1 if failures else 0
