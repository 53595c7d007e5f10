"""The compiled build against the pure-Python modules, and mypyc against Cython, in one run.

    python benchmarks/compiled.py [--rounds 6] [--cython] [--language en|none]

Builds up to three copies of the package in a temporary folder: the pure-Python sources; the
modules listed under `[tool.structchunk.compiled]` compiled by mypyc (hatch_build.py); with
`--cython`, the same modules compiled by Cython as they are (pure-Python mode, no
annotations). Each round runs the same workload once per copy in a fresh process, in turn, so
load on a shared machine hits them alike; the fastest round of each counts (CPU time of the
workload alone, imports excluded). The workload is `split_text()` of every English and German
Markdown document of corpus/docs at 1,000 characters, with the language given by default so
that detection (not compiled here) does not hide the difference.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import corpus_root

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from hatch_build import compile_modules, compiled_module_paths  # noqa: E402

WORKLOAD = """
import gc, sys, time
from pathlib import Path
import structchunk
root, language = Path(sys.argv[1]), (None if sys.argv[2] == "none" else sys.argv[2])
files = sorted((root / "docs" / "en").rglob("*.md")) + sorted((root / "docs" / "de").rglob("*.md"))
texts = [path.read_text(encoding="utf-8") for path in files]
def run():
    for text in texts:
        structchunk.split_text(text, max_size=1000, language=language)
run()
gc.collect()
started = time.process_time()
run()
print(time.process_time() - started, sum(map(len, texts)), len(structchunk.compiled_modules()))
"""

_CYTHON = """
import sys
from setuptools import setup
from Cython.Build import cythonize
setup(name="x", py_modules=[], packages=[], script_args=["build_ext", "--inplace"],
      ext_modules=cythonize(sys.argv[1].split(","), quiet=True,
                            compiler_directives={"language_level": 3, "binding": True}))
"""


def copy_sources(target: Path) -> Path:
    """A checkout-like folder holding only the pure-Python package and its grammars."""
    target.mkdir(parents=True)
    shutil.copytree(REPO / "structchunk", target / "structchunk",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copytree(REPO / "grammars", target / "grammars")
    shutil.copy(REPO / "pyproject.toml", target / "pyproject.toml")
    return target


def build_variants(folder: Path, cython: bool) -> dict[str, Path]:
    variants = {"pure": copy_sources(folder / "pure")}
    mypyc = copy_sources(folder / "mypyc")
    compile_modules(mypyc / "build", inplace=True, root=mypyc)
    variants["mypyc"] = mypyc
    if cython:
        compiled = copy_sources(folder / "cython")
        subprocess.run([sys.executable, "-c", _CYTHON, ",".join(compiled_module_paths())],
                       cwd=compiled, check=True, stdout=subprocess.DEVNULL)
        variants["cython"] = compiled
    return variants


def race(variants: dict[str, Path], rounds: int, language: str) -> dict[str, float]:
    corpus = corpus_root()
    best = {name: float("inf") for name in variants}
    for _ in range(rounds):
        for name, folder in variants.items():
            output = subprocess.run(
                [sys.executable, "-c", WORKLOAD, str(corpus), language], cwd=folder,
                env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
                check=True, capture_output=True, text=True).stdout.split()
            seconds, characters, compiled = float(output[0]), int(output[1]), int(output[2])
            if name != "pure" and not compiled:
                raise SystemExit(f"{name}: no compiled module was loaded")
            best[name] = min(best[name], seconds)
    print(f"\nsplit_text() of {characters / 1e6:.2f} MB of Markdown, language={language}, "
          f"best of {rounds} rounds (CPU seconds)\n")
    print("| build | seconds | MB/s | speed-up over pure |")
    print("|---|---:|---:|---:|")
    for name, seconds in best.items():
        print(f"| {name} | {seconds:.3f} | {characters / 1e6 / seconds:.2f} | "
              f"{best['pure'] / seconds:.2f} |")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--cython", action="store_true")
    parser.add_argument("--language", default="en")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="structchunk-compiled-bench-") as folder:
        race(build_variants(Path(folder), arguments.cython), arguments.rounds,
             arguments.language)


if __name__ == "__main__":
    main()
