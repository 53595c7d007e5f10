"""Many small documents: one `Chunker` against one `structchunk.split_text()` call each.

Takes 1,000 small Markdown documents (sections of the corpus's docs of 100 to 1,500
characters, in sorted path order) and splits them twice in the same run, in alternating
order: once with `split_text()` per document, which builds and checks its options on every
call, and once with a single `Chunker` built beforehand. Each configuration (the character
budget, a cl100k_base token budget, and parse options given) reports the best of `--repeat`
rounds, the time per document and the ratio. The chunks of both ways are compared first.

    python benchmarks/many_small.py [--documents 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import best_time, corpus_root

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


def per_call(texts: list[str], options: dict[str, Any]) -> Callable[[], object]:
    return lambda: [structchunk.split_text(text, **options) for text in texts]


def one_chunker(texts: list[str], options: dict[str, Any]) -> Callable[[], object]:
    def run() -> object:
        chunker = structchunk.Chunker(**options)  # built inside the timing: its cost counts
        return [chunker.split_text(text) for text in texts]
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = small_documents(corpus_root(), args.documents)
    print(f"{len(texts)} documents, {sum(map(len, texts)) / len(texts):.0f} characters on "
          f"average, best of {args.repeat}")
    print("| configuration | split_text() per document | one Chunker | ratio |")
    print("|---|---:|---:|---:|")
    for name, options in CONFIGURATIONS.items():
        baseline, reused = per_call(texts, options), one_chunker(texts, options)
        first = [[chunk.to_dict() for chunk in chunks] for chunks in baseline()]  # type: ignore[attr-defined]
        second = [[chunk.to_dict() for chunk in chunks] for chunks in reused()]  # type: ignore[attr-defined]
        assert first == second, f"{name}: the two ways gave different chunks"
        calls = reuse = float("inf")
        for _ in range(args.repeat):  # alternate, so both see the same machine load
            calls = min(calls, best_time(baseline, 1))
            reuse = min(reuse, best_time(reused, 1))
        print(f"| {name} | {calls * 1e6 / len(texts):.0f} µs | {reuse * 1e6 / len(texts):.0f} "
              f"µs | {calls / reuse:.2f}x |")


if __name__ == "__main__":
    main()
