"""Many small documents: one `Chunker` against one `structchunk.split_text()` call each.

Takes 1,000 small Markdown documents (sections of the corpus's docs of 100 to 1,500
characters, in sorted path order) and splits them twice in the same run, in alternating
batches: with `split_text()` per document, which builds and checks its options on every
call, and with a single `Chunker` (built inside the measured time). Each configuration (the
character budget, a cl100k_base token budget, and parse options given) reports the CPU time
per document of the best of `--repeat` rounds and the ratio. The chunks of both ways are
compared first, document by document.

    python benchmarks/many_small.py [--documents 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from _common import corpus_root

import structchunk

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "characters": {"max_size": 500},
    "cl100k_base tokens": {"max_size": 128, "tokenizer": "cl100k_base"},
    "parse options given": {"max_size": 500, "legal": False, "markdown_backend": "pyromark"},
}


def small_documents(root: Path, count: int) -> list[str]:
    """The sections of the corpus's Markdown docs (cut before each `## ` heading) that hold
    100 to 1,500 characters, in sorted path order: notes, tickets, FAQ entries in size."""
    texts: list[str] = []
    for path in sorted((root / "docs").rglob("*.md")):
        for section in path.read_text(encoding="utf-8").split("\n## "):
            if 100 <= len(section) <= 1500:
                texts.append(section if section.startswith("---") else "## " + section)
                if len(texts) == count:
                    return texts
    return texts


def notes(sections: list[str]) -> list[str]:
    """One-paragraph notes: the first paragraph after each section's heading line."""
    found = []
    for section in sections:
        body = section.split("\n", 1)[-1].strip()
        paragraph = body.split("\n\n", 1)[0].strip()
        found.append(paragraph or section)
    return found


def interleaved(texts: list[str], options: dict[str, Any], batch: int = 50
                ) -> tuple[float, float]:
    """CPU seconds of both ways over all texts, batch by batch in turn, so that both see the
    same load on a shared machine; the Chunker is built inside its first batch's time."""
    calls = reuse = 0.0
    chunker: structchunk.Chunker | None = None
    for first in range(0, len(texts), batch):
        part = texts[first:first + batch]
        started = time.process_time()
        for text in part:
            structchunk.split_text(text, **options)
        calls += time.process_time() - started
        started = time.process_time()
        chunker = chunker or structchunk.Chunker(**options)
        for text in part:
            chunker.split_text(text)
        reuse += time.process_time() - started
    return calls, reuse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sections = small_documents(corpus_root(), args.documents)
    print(f"{len(sections)} documents each, CPU time, best of {args.repeat}")
    print("| documents | configuration | split_text() per document | one Chunker | ratio |")
    print("|---|---|---:|---:|---:|")
    for label, texts in (("sections", sections), ("notes", notes(sections))):
        label = f"{label} ({sum(map(len, texts)) / len(texts):.0f} characters on average)"
        for name, options in CONFIGURATIONS.items():
            _compare(label, name, texts, options, args.repeat)


def _compare(label: str, name: str, texts: list[str], options: dict[str, Any],
             repeat: int) -> None:
    """One table row; the chunks of both ways are compared first, document by document."""
    chunker = structchunk.Chunker(**options)
    for text in texts:
        expected = [chunk.to_dict() for chunk in structchunk.split_text(text, **options)]
        got = [chunk.to_dict() for chunk in chunker.split_text(text)]
        assert got == expected, f"{name}: the two ways gave different chunks"
    rounds = [interleaved(texts, options) for _ in range(repeat)]
    calls = min(round_[0] for round_ in rounds)
    reuse = min(round_[1] for round_ in rounds)
    print(f"| {label} | {name} | {calls * 1e6 / len(texts):.0f} µs | "
          f"{reuse * 1e6 / len(texts):.0f} µs | {calls / reuse:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
