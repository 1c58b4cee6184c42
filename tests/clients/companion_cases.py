"""Resolve answers with packages built against torch that pip must install file for file.

Each case names the machine and request given to `torchpin resolve`, the stand-in sites (PEP 503
indexes, find-links pages, release-asset folders, each under the real URL's host and path) and
the exact file pip must install for every project. Decoys make a wrong answer visible:
- the PyTorch index's companion files carry no local label and PyPI has the same file name, so
  only the order of the indexes in the file decides which one pip takes (it takes the last one
  listed among files of equal version and tags, the extra index, and never tries the other:
  pip/_internal/resolution/resolvelib/found_candidates.py keeps one file per version);
- the find-links page lists the same release for another torch minor and another CUDA variant,
  and a newer release;
- the release assets hold the same flash-attn for another torch minor and the other C++ ABI.
A case's reference file (companion_requirements/<name>.txt) is the answer written by hand; its
mutations are wrong answers that the harness must reject, each with the reason it must give.
"""
from dataclasses import dataclass

from client_cases import GPU_86, LINUX_311, MANYLINUX_311, PIP_LINUX_311, TYPING_EXTENSIONS
from client_cases import family
from stand_in_index import StandIn

ABI3_MANYLINUX = "cp39-abi3-manylinux_2_28_x86_64"  # xformers and torchao (py_limited_api)
LINUX_CP311 = "cp311-cp311-linux_x86_64"  # PyG and flash-attn


@dataclass(frozen=True)
class Mutation:
    """A wrong answer: the reference file with each (line, replacement) of `edits` applied (a
    replacement of None removes the line); the harness must fail with a message containing
    `reason`."""

    what: str
    edits: tuple
    reason: str


@dataclass(frozen=True)
class CompanionCase:
    name: str
    torchpin_args: tuple  # machine options and requirements for `torchpin resolve`
    pip_platform: tuple  # pip options that describe the same machine
    indexes: dict  # "host/path" of a PEP 503 index -> stand-in files
    find_links: dict  # "host/path.html" of a flat page -> {folder beside the page: stand-ins}
    assets: dict  # "host/path" of a release-asset folder -> stand-in files
    installs: dict  # project -> "host/path/file" pip must install (PEP 503 files under files/)
    mutations: tuple = ()


def xformers(version, torch):
    return StandIn(f"xformers-{version}-{ABI3_MANYLINUX}.whl", (f"torch=={torch}",))


def pyg(project, version, label):
    """PyG's files carry +pt{major}{minor}{variant}; their METADATA declares no torch."""
    return StandIn(f"{project}-{version}+{label}-{LINUX_CP311}.whl")


def flash_attn(version, torch_minor, cxx11abi):
    label = f"cu12torch{torch_minor}cxx11abi{cxx11abi}"
    return StandIn(
        f"flash_attn-{version}+{label}-{LINUX_CP311}.whl", ("torch", "einops"), version
    )


PYTORCH = "download.pytorch.org/whl/"
PYPI = "pypi.org/simple"
PYG_28_CU128 = "data.pyg.org/whl/torch-2.8.0+cu128.html"
PYG_28_FILES = "data.pyg.org/whl/torch-2.8.0+cu128"  # the page's files of its own build
FLASH_ATTN_283 = "github.com/Dao-AILab/flash-attention/releases/download/v2.8.3.post1"
EINOPS = StandIn("einops-0.8.1-py3-none-any.whl")
FLASH_ATTN_28 = flash_attn("2.8.3.post1", "2.8", "TRUE").filename

CASES = [
    CompanionCase(
        name="cu128-torch-2.8.0-xformers-pyg-flash-attn",
        torchpin_args=LINUX_311
        + ("--driver", "570.86.10", *GPU_86, "torch==2.8.0", "torchvision", "xformers")
        + ("torch-scatter", "pyg-lib", "flash-attn"),
        pip_platform=PIP_LINUX_311,
        indexes={
            PYTORCH + "cu128": family("2.8.0", "0.23.0", "2.8.0", "cu128", MANYLINUX_311)
            + family("2.9.0", "0.24.0", "2.9.0", "cu128", MANYLINUX_311)
            + [xformers("0.0.32.post2", "2.8.0"), xformers("0.0.33", "2.9.0")]
            + [StandIn(f"torchao-0.13.0-{ABI3_MANYLINUX}.whl")],
            PYTORCH + "cu126": family("2.8.0", "0.23.0", "2.8.0", "cu126", MANYLINUX_311)
            + [xformers("0.0.32.post2", "2.8.0")],
            # PyPI's xformers 0.0.32.post2 has the PyTorch index's file name and the same
            # Requires-Dist: pip could install it without a conflict, so only the index order
            # keeps it out.
            PYPI: family("2.8.0", "0.23.0", "2.8.0", None, MANYLINUX_311)
            + family("2.9.0", "0.24.0", "2.9.0", None, MANYLINUX_311)
            + [xformers("0.0.32.post2", "2.8.0"), xformers("0.0.33", "2.9.0")]
            + [StandIn(f"torchao-0.13.0-{ABI3_MANYLINUX}.whl"), TYPING_EXTENSIONS, EINOPS],
        },
        find_links={
            PYG_28_CU128: {
                "torch-2.8.0+cu128": [
                    pyg("torch_scatter", "2.1.2", "pt28cu128"),
                    pyg("pyg_lib", "0.5.0", "pt28cu128"),
                    pyg("pyg_lib", "0.6.0", "pt28cu128"),
                ],
                "torch-2.7.0+cu128": [
                    pyg("torch_scatter", "2.1.2", "pt27cu128"),
                    pyg("pyg_lib", "0.5.0", "pt27cu128"),
                ],
                "torch-2.8.0+cu126": [
                    pyg("torch_scatter", "2.1.2", "pt28cu126"),
                    pyg("pyg_lib", "0.5.0", "pt28cu126"),
                ],
            }
        },
        assets={
            FLASH_ATTN_283: [
                flash_attn("2.8.3.post1", "2.8", "TRUE"),
                flash_attn("2.8.3.post1", "2.8", "FALSE"),
                flash_attn("2.8.3.post1", "2.7", "TRUE"),
            ]
        },
        installs={
            "torch": f"{PYTORCH}cu128/files/torch-2.8.0+cu128-{MANYLINUX_311}.whl",
            "torchvision": f"{PYTORCH}cu128/files/torchvision-0.23.0+cu128-{MANYLINUX_311}.whl",
            "xformers": f"{PYTORCH}cu128/files/xformers-0.0.32.post2-{ABI3_MANYLINUX}.whl",
            "torch-scatter": f"{PYG_28_FILES}/torch_scatter-2.1.2+pt28cu128-{LINUX_CP311}.whl",
            "pyg-lib": f"{PYG_28_FILES}/pyg_lib-0.6.0+pt28cu128-{LINUX_CP311}.whl",
            "flash-attn": f"{FLASH_ATTN_283}/{FLASH_ATTN_28}",
            "typing-extensions": f"{PYPI}/files/{TYPING_EXTENSIONS.filename}",
            "einops": f"{PYPI}/files/{EINOPS.filename}",
        },
        mutations=(
            Mutation(
                "torch-scatter pinned for torch 2.7",
                (("torch-scatter==2.1.2+pt28cu128", "torch-scatter==2.1.2+pt27cu128"),),
                "pip installs torch-scatter from data.pyg.org/whl/torch-2.7.0+cu128/",
            ),
            Mutation(
                "no --find-links line",
                ((f"--find-links https://{PYG_28_CU128}", None),),
                "pip rejected the file",
            ),
            Mutation(
                "flash-attn built for torch 2.7",
                ((FLASH_ATTN_28, flash_attn("2.8.3.post1", "2.7", "TRUE").filename),),
                f"pip installs flash-attn from {FLASH_ATTN_283}/flash_attn-2.8.3.post1+cu12torch2.7",
            ),
            Mutation(
                # PyPI listed after the PyTorch index: pip takes PyPI's xformers, which proves
                # that with the reference order its xformers comes from the cu128 folder only
                # because the extra index is listed last.
                "PyPI as the extra index",
                (
                    (f"--index-url https://{PYPI}", f"--index-url https://{PYTORCH}cu128"),
                    (
                        f"--extra-index-url https://{PYTORCH}cu128",
                        f"--extra-index-url https://{PYPI}",
                    ),
                ),
                "pip installs xformers from pypi.org/simple/",
            ),
            Mutation(
                "a URL without a stand-in",
                (("torchvision==0.23.0+cu128", "torchvision @ https://example.org/tv.whl"),),
                "unexpected URL",
            ),
        ),
    ),
]
