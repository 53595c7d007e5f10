"""Instructions of the language judgement alone on corpus/docs, for this checkout and another.

Instruction counts do not change with the machine's load, so a change to the judgement that
CPU times cannot tell from the noise on a busy machine is still measured in one run. For each
checkout a fresh interpreter (run from inside it, `PYTHONPATH` set to it) parses every
`--step`th guide with its language given and splits it, then runs under valgrind's callgrind
with the counters zeroed just before, and dumped just after, the judgement:
`Document.language` and the label at every chunk's start, as `split_before_after.py`'s
"judgement alone" column times it.

    python benchmarks/judgement_instructions.py OTHER_CHECKOUT [--step 3] [--kept]

With `--kept` the judgement runs once before it is counted, so the identifier's answers are
kept and the count is of the Python around the model alone.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import REPO, corpus_root

PROGRAM = r"""
import dataclasses, os, subprocess, sys
from pathlib import Path
import structchunk
from structchunk.decode import from_text
from structchunk.lang.regions import language_map, with_language
root, step, kept = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
paths = sorted((root / "docs").rglob("*.md"))[::step]
sources = [from_text(path.read_text(encoding="utf-8")) for path in paths]
languages = [path.relative_to(root / "docs").parts[0].split("-")[0] for path in paths]
structchunk.split_text("# Warm up\n\nA first short paragraph, in English.\n", format="markdown")
documents = [structchunk.parse(source, format="markdown", language=language)
             for source, language in zip(sources, languages)]
starts = [[chunk.start for chunk in structchunk.split(document)] for document in documents]
documents = [dataclasses.replace(document, language=None, metadata={})
             for document in documents]
def judge():
    for document, points in zip(documents, starts):
        language_at = language_map(with_language(document))
        [language_at(point) for point in points]
if kept:
    judge()
subprocess.run(["callgrind_control", "-z", str(os.getpid())], check=True, capture_output=True)
judge()
subprocess.run(["callgrind_control", "-d", str(os.getpid())], check=True, capture_output=True)
print(structchunk.__file__)
"""


def count(checkout: Path, root: Path, step: int, kept: bool) -> int:
    """Instructions of the judgement in `checkout` (the dump made around it)."""
    with tempfile.TemporaryDirectory(prefix="structchunk-judgement-") as folder:
        out = Path(folder) / "callgrind.out"
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-c", PROGRAM, str(root), str(step), "1" if kept else "0"],
            env={**os.environ, "PYTHONPATH": str(checkout)}, cwd=checkout,
            capture_output=True, text=True, check=True)
        imported = Path(result.stdout.strip().splitlines()[-1]).resolve()
        if not imported.is_relative_to(checkout.resolve()):
            raise SystemExit(f"{checkout}: the counted package was {imported}")
        dump = Path(f"{out}.1").read_text(encoding="utf-8")
        found = re.search(r"^summary:\s*(\d+)", dump, re.MULTILINE)
        if found is None:
            raise SystemExit(f"{checkout}: no summary in the callgrind dump")
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("other", type=Path)
    parser.add_argument("--step", type=int, default=3)
    parser.add_argument("--kept", action="store_true")
    args = parser.parse_args()
    root = corpus_root()
    counts = {name: count(checkout, root, args.step, args.kept)
              for name, checkout in (("other", args.other.resolve()), ("this", REPO))}
    what = "the Python around the model (answers kept)" if args.kept else "the whole judgement"
    print(f"| checkout | instructions, {what} |\n|---|---:|")
    for name, value in counts.items():
        print(f"| {name} | {value / 1e6:,.0f} M |")
    print(f"\nthis / other = {counts['this'] / counts['other']:.3f}")


if __name__ == "__main__":
    main()
