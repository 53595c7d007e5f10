"""What language detection costs on the default Markdown path, step by step.

`split()` judges the language of the region at each chunk's start (a block, or the opening of
its section when the block is too short to tell) and each document once (its dominant
language, `Document.language`). This script collects the texts that the default path judges
on corpus/docs, then times each step of a judgement on exactly those texts, per character,
and `split()` itself with and without detection:

    python benchmarks/detection_cost.py [--rounds 5]

Times are the process's CPU time (best of the rounds), so a busy machine inflates them less
than the wall clock; the shares are what matters.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path

from _common import best_time, corpus_root

import structchunk
from structchunk.decode import Source, from_text
from structchunk.lang import detect, identifier
from structchunk.lang.counting import letters
from structchunk.lang.identifier import forget_answers, identify
from structchunk.lang.noise import without_noise
from structchunk.lang.scripts import text_script


def best_of(rounds: int, work: Callable[[], object]) -> float:
    """CPU seconds of the fastest of `rounds` runs."""
    return best_time(work, rounds, clock=time.process_time)


def judged_texts(sources: Sequence[Source], asked: list[str] | None = None) -> list[str]:
    """The samples `split()` judges on these sources (cut, freed of noise and long enough to
    count), in order; `asked`, where given, gets the texts it asks of the identifier (the
    rest are too short, named by their script or placed by the document's vocabulary,
    `structchunk.lang.familiar`). Both are collected through the public seams
    (`detect.judging`, `identifier.watching`), so the compiled build is measured as it runs."""
    judged: list[str] = []
    asking = identifier.watching(asked.append) if asked is not None else nullcontext()
    with detect.judging(judged.append), asking:
        for source in sources:
            structchunk.split(source, format="markdown")
    return judged


def step_costs(texts: list[str], rounds: int) -> str:
    """One row: each step of a judgement timed on `texts`."""
    found = detect.knowledge()
    samples = [without_noise(text[:detect.SAMPLE]) for text in texts]
    size = sum(map(len, samples))
    noise = best_of(rounds, lambda: [without_noise(text[:detect.SAMPLE]) for text in texts])
    counted = best_of(rounds, lambda: [letters(sample) for sample in samples])
    scripts = best_of(rounds, lambda: [text_script(sample, found.known) for sample in samples])
    asked = [sample for sample, verdict in zip(samples, map(detect.judge, texts), strict=True)
             if verdict.guesses]
    # Each round starts with no answer kept, as a fresh process does.
    identifier = best_of(rounds, lambda: (forget_answers(),
                                          [identify(sample) for sample in asked]))
    whole = best_of(rounds, lambda: (forget_answers(),
                                     [detect.judge(text, found) for text in texts]))
    return (f"| {len(texts):,} | {size:,} | {noise * 1000:.1f} ms | {counted * 1000:.1f} ms | "
            f"{scripts * 1000:.1f} ms | {identifier * 1000:.1f} ms ({len(asked):,} texts) | "
            f"{whole * 1000:.1f} ms | {whole / max(1, size) * 1e9:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    root = corpus_root()
    paths = sorted((root / "docs").rglob("*.md"))
    sources = [from_text(path.read_text(encoding="utf-8")) for path in paths]
    languages = [Path(path).relative_to(root / "docs").parts[0].split("-")[0] for path in paths]
    characters = sum(len(source.text) for source in sources)
    asked: list[str] = []
    judged = judged_texts(sources, asked)
    detected = best_of(args.rounds, lambda: (forget_answers(), [
        structchunk.split(source, format="markdown") for source in sources]))
    given = best_of(args.rounds, lambda: [
        structchunk.split(source, format="markdown", language=language)
        for source, language in zip(sources, languages, strict=True)])
    print(f"{len(sources)} documents, {characters:,} characters; split() "
          f"{detected * 1000:.0f} ms with detection, {given * 1000:.0f} ms with each "
          f"document's language given: detection is {1 - given / detected:.0%} of split()\n")
    print(f"{len(judged):,} texts judged (regions sorted by the document's vocabulary "
          f"before judge() are not); {len(asked):,} asked of the identifier inside "
          f"split() ({len(set(asked)):,} distinct); the table times every step on every "
          "judged text, as if none were placed by the document's vocabulary\n")
    print("| texts | characters judged | noise removal | letters | script | identifier "
          "| whole judgement | ns per character |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(step_costs(judged, args.rounds))


if __name__ == "__main__":
    main()
