"""What language detection costs on the default Markdown path, step by step.

`split()` judges the language of the region at each chunk's start (a block, or the opening of
its section when the block is too short to tell). This script collects the texts that the
default path judges on corpus/docs, then times each step of a judgement on exactly those
texts, per character, by script, and `split()` itself with and without detection:

    python benchmarks/detection_cost.py [--rounds 5]

Times are the process's CPU time (best of the rounds), so a busy machine inflates them less
than the wall clock; the shares are what matters.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from _common import corpus_root

import structchunk
from structchunk.decode import Source, from_text
from structchunk.lang import detect


def best_of(rounds: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def judged_texts(sources: Sequence[Source]) -> tuple[list[str], list[tuple[str, tuple[str, ...]]]]:
    """The texts `split()` judges on these sources, and the langdetect calls it makes."""
    judged: list[str] = []
    asked: list[tuple[str, tuple[str, ...]]] = []
    judge, langdetect = detect._judge, detect._langdetect

    def recording_judge(text: str, profiles: object = None) -> object:
        judged.append(text)
        return judge(text, profiles)  # type: ignore[arg-type]

    def recording_langdetect(text: str, candidates: tuple[str, ...]) -> str | None:
        asked.append((text, candidates))
        return langdetect(text, candidates)

    detect._judge = recording_judge  # type: ignore[assignment]
    detect._langdetect = recording_langdetect
    try:
        for source in sources:
            structchunk.split(source, format="markdown")
    finally:
        detect._judge, detect._langdetect = judge, langdetect
    return judged, asked


def script_of(text: str) -> str:
    if detect._devanagari_count(text) * 3 >= max(1, sum(map(str.isalpha, text))):
        return "Devanagari"
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return "Latin with characters beyond Latin-1"
    return "Latin-1"


def step_costs(name: str, texts: list[str], rounds: int, profiles: object) -> str:
    """One row: each step of a judgement timed on `texts` (words counted for their script)."""
    size = sum(map(len, texts))
    cleaned = [detect._without_noise(text) for text in texts]
    noise = best_of(rounds, lambda: [detect._without_noise(text) for text in texts])
    letters = best_of(rounds, lambda: [detect._byte_counts(text) for text in cleaned])
    script = "Devanagari" if name == "Devanagari" else "Latin"
    evidence = best_of(rounds, lambda: [detect.vote(text, script, profiles)  # type: ignore[arg-type]
                                        for text in cleaned])
    whole = best_of(rounds, lambda: [detect._judge(text, profiles)  # type: ignore[arg-type]
                                     for text in texts])
    shown = f"{evidence * 1000:.1f} ms" if name != "all" else "-"
    return (f"| {name} | {len(texts):,} | {size:,} | {noise * 1000:.1f} ms | "
            f"{letters * 1000:.1f} ms | {shown} | {whole * 1000:.1f} ms | "
            f"{whole / size * 1e9:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    root = corpus_root()
    paths = sorted((root / "docs").rglob("*.md"))
    sources = [from_text(path.read_text(encoding="utf-8")) for path in paths]
    languages = [Path(path).relative_to(root / "docs").parts[0] for path in paths]
    characters = sum(len(source.text) for source in sources)
    judged, asked = judged_texts(sources)
    profiles = detect.language_profiles()

    detected = best_of(args.rounds, lambda: [structchunk.split(source, format="markdown")
                                             for source in sources])
    given = best_of(args.rounds, lambda: [
        structchunk.split(source, format="markdown", language=language)
        for source, language in zip(sources, languages, strict=True)])
    print(f"{len(sources)} documents, {characters:,} characters; split() "
          f"{detected * 1000:.0f} ms with detection, {given * 1000:.0f} ms with each "
          f"document's language given: detection is {1 - given / detected:.0%} of split()\n")

    samples = [text[:detect.SAMPLE] for text in judged]
    print(f"{len(judged):,} texts judged, {sum(map(len, samples)):,} characters; "
          f"{len(asked)} langdetect calls on {sum(len(text) for text, _ in asked):,} "
          f"characters\n")
    print("| texts | n | characters | noise removal | letters by script | word evidence "
          "| whole judgement | ns per character |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    groups: dict[str, list[str]] = {}
    for text in samples:
        groups.setdefault(script_of(text), []).append(text)
    for name, texts in [*sorted(groups.items()), ("all", samples)]:
        print(step_costs(name, texts, args.rounds, profiles))
    calls = best_of(args.rounds, lambda: [detect._langdetect(text, candidates)
                                          for text, candidates in asked])
    print(f"\nlangdetect: {calls * 1000:.1f} ms for {len(asked)} calls "
          f"({calls / max(1, len(asked)) * 1000:.2f} ms a call)")


if __name__ == "__main__":
    main()
