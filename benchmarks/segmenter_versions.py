"""The sentence segmenter of this checkout against another checkout's, per language, in one process.

Both versions of `structchunk` are imported into the same process (the other one from the
folder given with `--before`, for example an export of an older commit: `git archive <commit> |
tar -x -C /tmp/before`), and each language's `RuleSegmenter` of both runs on the paragraphs of
its `corpus/prose` files, one paragraph per call, the two alternating round by round, CPU time,
best of `--rounds`. Run in one process, the two see the same machine load; the ratio is the
figure that holds on a shared machine.

    python benchmarks/segmenter_versions.py --before /tmp/before --rounds 21
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

Segmenter = Callable[[str], object]


def load(root: Path) -> Callable[[str], Segmenter]:
    """A factory of segmenters by language from the `structchunk` package under `root`."""
    for name in [module for module in sys.modules
                 if module == "structchunk" or module.startswith("structchunk.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        from structchunk.lang.grammars import load_sentence_grammar
        from structchunk.lang.segmenter import RuleSegmenter
    finally:
        sys.path.remove(str(root))
    return lambda language: RuleSegmenter(load_sentence_grammar(language))


def paragraphs_by_language(corpus: Path) -> dict[str, list[str]]:
    texts: dict[str, list[str]] = {}
    for path in sorted((corpus / "prose").rglob("*.txt")):
        texts.setdefault(path.parent.name, []).extend(
            paragraph for paragraph in path.read_text(encoding="utf-8").split("\n\n")
            if paragraph.strip())
    return texts


def best_times(segmenters: dict[str, Segmenter], texts: list[str],
               rounds: int) -> dict[str, float]:
    best = dict.fromkeys(segmenters, float("inf"))
    names = list(segmenters)
    for index in range(rounds):
        for name in names if index % 2 == 0 else names[::-1]:
            segment = segmenters[name]
            started = time.process_time()
            for text in texts:
                segment(text)
            best[name] = min(best[name], time.process_time() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", type=Path, required=True,
                        help="a folder holding the other checkout's structchunk package")
    parser.add_argument("--corpus", type=Path, default=None, help="corpus folder")
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args(argv)
    corpus = args.corpus or Path(os.environ.get(
        "STRUCTCHUNK_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
    before = load(args.before)
    after = load(Path(__file__).resolve().parents[1])
    print("| language | characters | before, ms | after, ms | after ÷ before |")
    print("|---|---:|---:|---:|---:|")
    totals = {"before": 0.0, "after": 0.0}
    for language, texts in sorted(paragraphs_by_language(corpus).items()):
        best = best_times({"before": before(language), "after": after(language)}, texts,
                          args.rounds)
        totals["before"] += best["before"]
        totals["after"] += best["after"]
        print(f"| {language} | {sum(map(len, texts)):,} | {best['before'] * 1000:.1f} | "
              f"{best['after'] * 1000:.1f} | {best['after'] / best['before']:.3f} |")
    print(f"| all | | {totals['before'] * 1000:.1f} | {totals['after'] * 1000:.1f} | "
          f"{totals['after'] / totals['before']:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
