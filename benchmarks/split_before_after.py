"""`split()` on corpus/docs before and after a change, in one run: with per-region detection
and with each document's language given, for this checkout and another one.

    python benchmarks/split_before_after.py OTHER_CHECKOUT [--rounds 3]

Each way of calling `split()` is timed in an interpreter of its own, for each checkout (run
from inside it, `PYTHONPATH` set to it, and the package it imported checked), the checkouts
alternating round by round so that a busy machine slows both alike; the best CPU time of each
is kept. Before the timed run every sentence grammar a checkout can name is loaded, so the
detected run does not pay for loading those of the languages it finds.
The cost of detection is the difference between the two ways of calling `split()`; the
judgement alone (`Document.language` and the label at each chunk's start, on documents
parsed beforehand) is timed in a third interpreter, free of what else the two calls of
`split()` do differently.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import REPO, corpus_root

PROGRAM = r"""
import json, sys, time
from pathlib import Path
import structchunk
from structchunk.decode import from_text
root = Path(sys.argv[1])
paths = sorted((root / "docs").rglob("*.md"))
sources = [from_text(path.read_text(encoding="utf-8")) for path in paths]
languages = [path.relative_to(root / "docs").parts[0].split("-")[0] for path in paths]
# Warm (grammars, model) on text of no document, so no answer kept helps the timed runs: the
# sentence grammar of every language detection can name is loaded before, not inside, the
# detected run (a checkout that names more languages would pay for loading them there).
from structchunk.lang.detect import supported_languages
for code in ("en", "de", "hi", "mr", *supported_languages()):
    structchunk.split_text("# Warm up\n\nA first short paragraph to warm up with. And more.\n",
                           format="markdown", language=code, max_size=30)
structchunk.split_text("# Warm up\n\nA first short paragraph to warm up with, in English.\n",
                       format="markdown")
# One way of calling split() per interpreter: a second pass over the same documents would
# find answers kept by the first (repeated texts), and the first pass would pay for both.
if sys.argv[2] == "judgement":
    # the judgement alone: Document.language and the label at every chunk's start (chunks of
    # split() with the language given, so no judgement is made before the timed one)
    import dataclasses
    try:
        from structchunk.lang.regions import language_map, with_language
    except ImportError:  # before lid.176: no Document.language, the map in lang/detect.py
        from structchunk.lang.detect import language_map
        with_language = lambda document: document
    documents = [structchunk.parse(source, format="markdown", language=language)
                 for source, language in zip(sources, languages)]
    starts = [[chunk.start for chunk in structchunk.split(document)] for document in documents]
    documents = [dataclasses.replace(document, language=None, metadata={})
                 for document in documents]
started = time.process_time()
if sys.argv[2] == "detected":
    [structchunk.split(source, format="markdown") for source in sources]
elif sys.argv[2] == "given":
    [structchunk.split(source, format="markdown", language=language)
     for source, language in zip(sources, languages)]
else:
    for document, points in zip(documents, starts):
        language_at = language_map(with_language(document))
        [language_at(point) for point in points]
print(json.dumps({sys.argv[2]: time.process_time() - started, "file": structchunk.__file__}))
"""


MODES = ("detected", "given", "judgement")


def run(checkout: Path, root: Path, mode: str) -> float:
    """CPU seconds of `split()` called one way (`mode`: "detected" or "given"), or of the
    judgement alone ("judgement"), in a fresh
    interpreter that imports `checkout`'s package: `python -c` puts its working folder first
    on the path, so it runs from inside the checkout."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    result = subprocess.run([sys.executable, "-c", PROGRAM, str(root), mode], env=environment,
                            cwd=checkout, capture_output=True, text=True, check=True)
    found = json.loads(result.stdout.strip().splitlines()[-1])
    if not Path(str(found["file"])).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"{checkout}: the timed package was {found['file']}")
    return float(found[mode])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("other", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    root = corpus_root()
    checkouts = {"other": args.other.resolve(), "this": REPO}
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):
        for name, checkout in checkouts.items():
            kept = best.setdefault(name, dict.fromkeys(MODES, float("inf")))
            for mode in MODES:
                kept[mode] = min(kept[mode], run(checkout, root, mode))
    print("| checkout | split(), detection | split(), language given | difference "
          "| the judgement alone |")
    print("|---|---:|---:|---:|---:|")
    for name, times in best.items():
        print(f"| {name} ({checkouts[name]}) | {times['detected'] * 1000:.0f} ms | "
              f"{times['given'] * 1000:.0f} ms | "
              f"{(times['detected'] - times['given']) * 1000:.0f} ms | "
              f"{times['judgement'] * 1000:.0f} ms |")
    this, other = best["this"], best["other"]
    cost = {name: times["detected"] - times["given"] for name, times in best.items()}
    print(f"\nsplit() with detection: this / other = {this['detected'] / other['detected']:.2f}; "
          f"difference: other / this = {cost['other'] / max(1e-9, cost['this']):.2f}; "
          f"the judgement alone: other / this = "
          f"{other['judgement'] / max(1e-9, this['judgement']):.2f}")


if __name__ == "__main__":
    main()
