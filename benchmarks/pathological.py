"""Pathological inputs at two sizes: time should grow in proportion to the characters.

The last column divides the growth in time by the growth in characters: near 1 is linear.

    python benchmarks/pathological.py
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structchunk

CASES: dict[str, Callable[[int], str]] = {
    "deep quotes (levels)": lambda n: "".join(">" * d + f" level {d}\n" for d in range(1, n)),
    "deep list (levels)": lambda n: "".join("  " * d + f"- item {d}\n" for d in range(n)),
    "quote markers on one line (chars)": lambda n: ">" * n + " bottom\n",
    "line without breaks (chars)": lambda n: "x" * n,
    "line with spaces (words)": lambda n: "lorem " * n,
    "table (rows)": lambda n: "| id | name |\n|---|---|\n" + "".join(
        f"| {i} | row {i} |\n" for i in range(n)),
    "unclosed fence (lines)": lambda n: "```python\n" + "x = 1\n" * n,
    "headings (count)": lambda n: "".join(f"{'#' * (i % 6 + 1)} H {i}\n\nt {i}.\n\n"
                                          for i in range(n)),
}
SIZES = {"quote markers on one line (chars)": 100_000, "deep quotes (levels)": 1500,
         "deep list (levels)": 1500, "line without breaks (chars)": 1_000_000,
         "line with spaces (words)": 200_000,
         "table (rows)": 5000, "unclosed fence (lines)": 20_000, "headings (count)": 10_000}


def timed(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        structchunk.split_text(text, max_size=1000, format="markdown")
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    print("| input | n | chars at n | chars at 2n | s at n | s at 2n | time growth / size growth |")
    print("|---|---|---|---|---|---|---|")
    for name, make in CASES.items():
        size = SIZES[name]
        small, large = make(size), make(2 * size)
        first, second = timed(small), timed(large)
        growth = (second / first) / (len(large) / len(small))
        print(f"| {name} | {size:,} | {len(small):,} | {len(large):,} | {first:.3f} | "
              f"{second:.3f} | {growth:.2f} |")


if __name__ == "__main__":
    main()
